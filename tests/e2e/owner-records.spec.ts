/**
 * The owner hears everything and finds anything (docs/product/emails.md#owner-alerts,
 * docs/product/emails.md#morning-list, docs/product/desk.md#owners-desk), on a server of its own with a fresh
 * data dir and OWNER_EMAIL set, on a 390 px phone: a contact message and a paid booking each put
 * exactly one alert in the owner's mailbox; the morning list arrives once the site's clock reaches
 * 6:30; the owner sets the lead to contacted with a note, finds the customer by the last four
 * digits of the phone, and downloads an export as CSV.
 */
import { execFile } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { addDays, formatDay } from '../../src/lib/dates';
import { freePort, removeDir, ROOT, serverEnv, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { signUpAndIn } from './customer';
import { expect, test } from './test';
import { moveClockTo, siteToday } from './owner-mail';
import { fillVisit } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
const AVA = { name: 'Ava Abbott', email: `ava.${stamp}@example.com` };
const ZED = { name: 'Zed Zimmer', email: `zed.${stamp}@example.com`, phone: '417-555-0164' };

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-owner-records-'),
    port: await freePort(),
    env: { OWNER_EMAIL: OWNER },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** The subjects of the mails the local mailbox holds for `email`. */
async function subjects(page: Page, email: string): Promise<string[]> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
}

/** The path of the desk link in the owner's alert whose subject starts with `subject`, after `label: `. */
async function alertLink(page: Page, subject: string, label: string): Promise<string> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(OWNER)}`);
  const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
  const alert = messages.find((m) => m.subject.startsWith(subject));
  const link = new RegExp(`^${label}: (\\S+)$`, 'm').exec(alert?.text ?? '')?.[1];
  expect(link, `${label} in "${subject}"`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function bookAndPay(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  await signUpAndIn(page, AVA.email, AVA.name);
  await page.setViewportSize(PHONE);
  await page.goto('/services/dryer-vent-cleaning#booking');
  const card = page.locator('form[data-booking-card]');
  await expect(card).toHaveAttribute('data-service', 'dryer-vent-cleaning');
  await fillVisit(card);
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /Book & Pay/ }).click();
  const checkout = await popup;
  await checkout.getByLabel('Name on card').fill(AVA.name);
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('You bought:')).toBeVisible();
  await context.close();
}

test('a contact message and a paid booking each put exactly one alert in the owner’s mailbox', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.origin, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Schedule a service' });
  await form.getByLabel('Name').fill(ZED.name);
  await form.getByLabel('Email').fill(ZED.email);
  await form.getByLabel('Phone').fill(ZED.phone);
  const answered = page.waitForResponse('**/api/contact');
  await form.getByRole('button', { name: 'Send Request' }).click();
  expect((await answered).status()).toBe(202);
  await bookAndPay(browser);

  await expect
    .poll(async () =>
      (await subjects(page, OWNER)).filter((s) => /^(Contact message from|New booking:)/.test(s)).sort(),
    )
    .toEqual([
      `Contact message from ${ZED.name}`,
      expect.stringMatching(/^New booking: Dryer Vent Cleaning, .+ \(ORD-/),
    ]);

  // The morning list at 6:30 tomorrow, Springfield time: the clock moves there.
  const tomorrow = addDays(await siteToday(page), 1);
  await moveClockTo(page, tomorrow, '06:31');
  await expect
    .poll(async () => (await subjects(page, OWNER)).filter((s) => s.startsWith(`Today, ${formatDay(tomorrow)}:`)))
    .toHaveLength(1);
  // Each alert exactly once, after everything was delivered.
  const all = await subjects(page, OWNER);
  expect(all.filter((s) => s.startsWith('Contact message from'))).toHaveLength(1);
  expect(all.filter((s) => s.startsWith('New booking:'))).toHaveLength(1);
  await context.close();
});

test('the owner sets the lead to contacted, finds the customer by the phone’s last four digits, and exports', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  await signUpAndIn(page, OWNER, 'Owner Olson');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', OWNER],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
  await page.setViewportSize(PHONE);

  // One tap from an alert: the booking's link opens its visit; the contact message's, the Leads tab.
  await page.goto(await alertLink(page, 'New booking:', 'Open the visit on the desk'));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText('Dryer Vent Cleaning');
  await expect(dialog.getByText(AVA.name).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  await page.goto(await alertLink(page, 'Contact message from', 'Open the desk'));
  await expect(page.getByRole('tab', { name: 'Leads', selected: true })).toBeVisible();
  await page.goto(`/owner?visit=${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toHaveText('That visit could not be found.');

  await page.goto('/owner');
  await page.getByRole('tab', { name: 'Leads' }).click();
  const lead = page
    .getByRole('tabpanel')
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

  await page.getByRole('tab', { name: 'Customers' }).click();
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

  await page.getByRole('tab', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download visits.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^visits-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const rows = (await readFile(path, 'utf8')).split('\r\n').filter(Boolean);
  expect(rows[0]).toMatch(/^"id","day","time_window"/);
  expect(rows).toHaveLength(2);
  await expect(page.getByRole('status').filter({ hasText: 'Visits downloaded.' })).toBeVisible();
  await context.close();
});
