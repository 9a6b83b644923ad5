/**
 * The owner finds anything (docs/product/emails.md#owner-alerts, docs/product/desk.md#owners-desk), on a
 * server of its own with a fresh data dir and OWNER_EMAIL set, on a 390 px phone: a contact message
 * and a paid booking (sent through the APIs) each put an alert in the owner's mailbox, whose links
 * open the visit and the Leads tab; the owner sets the lead to contacted with a note, finds the
 * customer by the last four digits of the phone, and downloads an export as CSV. That each alert
 * comes exactly once, and the morning list at 6:30, is tests/integration/owner-alerts.test.ts's and
 * tests/integration/morning-list.test.ts's.
 */
import { readFile } from 'node:fs/promises';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import type { Customer } from './api-setup';
import { newCustomerBooks, newOwner, PHONE, signedInOn, deskView, expectDeskView, openDeskView } from './desk-flow';
import { deskLink, oneMailTo } from './owner-mail';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
const AVA = { name: 'Ava Abbott', email: `ava.${stamp}@example.com`, zip: '65714' };
const ZED = { name: 'Zed Zimmer', email: `zed.${stamp}@example.com`, phone: '417-555-0164' };

let server: ServerProcess;
let owner: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-owner-records-'),
    port: await freePort(),
    env: { OWNER_EMAIL: OWNER },
    template: true,
  });
  // Zed's message, as the home page's contact form sends it (that form: contact.spec.ts); Ava's paid booking.
  const sent = await fetch(`${server.origin}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: ZED.name, email: ZED.email, phone: ZED.phone }),
  });
  expect(sent.status).toBe(202);
  await newCustomerBooks(server, AVA);
  owner = await newOwner(server, OWNER, 'Owner Olson');
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

test('the owner sets the lead to contacted, finds the customer by the phone’s last four digits, and exports', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, server, owner);

  // One tap from an alert: the booking's link opens its visit; the contact message's, the Leads tab.
  const booked = await oneMailTo(page, OWNER, /^New booking: /);
  const contacted = await oneMailTo(page, OWNER, /^Contact message from /);
  // The visit's own address (docs/product/desk.md#owners-desk, "A link to one thing").
  const visitLink = deskLink(booked.text, 'Open the visit on the desk');
  expect(visitLink).toMatch(/^\/owner\/visits\/[0-9a-f-]{36}$/);
  await page.goto(visitLink);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText('Dryer Vent Cleaning');
  await expect(dialog.getByText(AVA.name).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expectDeskView(page, 'Today');
  // Closed, the desk is at /owner: a reload opens the desk, not the visit again.
  await expect(page).toHaveURL(/\/owner$/);
  // The older form, in e-mails sent before, opens it too.
  await page.goto(`/owner?visit=${visitLink.split('/').pop() ?? ''}`);
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText('Dryer Vent Cleaning');
  await page.goto(deskLink(contacted.text, 'Open the desk'));
  await expectDeskView(page, 'Leads');
  await page.goto(`/owner/visits/${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toHaveText('That visit could not be found.');

  await page.goto('/owner');
  await openDeskView(page, 'Leads');
  const lead = deskView(page)
    .getByRole('listitem')
    .filter({ hasText: `Contact message: ${ZED.name}` });
  await expect(lead).toBeVisible();
  await expect(lead.getByRole('link', { name: `Reply to ${ZED.name}` })).toHaveAttribute(
    'href',
    `mailto:${ZED.email}?subject=Re%3A%20your%20contact%20message`,
  );
  await lead.getByLabel('Status').selectOption('contacted');
  await lead.getByLabel('Note').fill('Called back, visit Tuesday');
  await lead.getByRole('button', { name: /^Save lead/ }).click();
  await expect(lead.getByRole('status')).toHaveText('Lead saved.');
  await expect(lead.getByText('Contacted', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);

  await openDeskView(page, 'Customers');
  await page.getByLabel('Find a customer (name, e-mail, phone or ZIP)').fill('0177');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: new RegExp(AVA.name) })
    .click();
  const record = page.getByRole('region', { name: AVA.name });
  await expect(record.getByRole('heading', { name: 'Visits' })).toBeVisible();
  await expect(record.getByText(/Dryer Vent Cleaning, requested, 12 Elm Street, Nixa 65714/)).toBeVisible();
  await expect(record.getByText(/^ORD-[A-Z0-9]+: Dryer Vent Cleaning, \$\d+\.\d\d, paid$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await openDeskView(page, 'Export');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download visits.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^visits-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const rows = (await readFile(path, 'utf8')).split('\r\n').filter(Boolean);
  expect(rows[0]).toMatch(/^"id","day","time_window"/);
  expect(rows).toHaveLength(2);
  await expect(page.getByRole('status').filter({ hasText: 'Visits downloaded.' })).toBeVisible();
  await context.close();
});
