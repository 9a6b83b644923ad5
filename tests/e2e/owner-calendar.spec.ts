/**
 * The owner's calendar feed (docs/product/calendar-feed.md#on-the-desk) on a server of its own, on a
 * 390 px phone: two customers booked the same morning and paid (through the APIs), one confirmed at
 * 9:30. On that day's early morning the owner opens Export, shows the calendar link (axe clean),
 * copies it, and the feed at that link lists the day's two visits, the confirmed one at its time;
 * a new link, once confirmed, replaces it and the old one is refused. What the feed holds in full
 * and who may have the link is tests/integration/owner-calendar.test.ts's.
 */
import { businessTimeToUtc } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { icsEvents } from '../support/ics';
import { expectNoAxeViolations } from './a11y';
import type { Customer } from './api-setup';
import { asOwner, newCustomerBooks, newOwner, PHONE, signedInOn } from './desk-flow';
import { moveClockTo } from './owner-mail';
import { expect, test } from './test';
import { DAY } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const ANN = { name: 'Ann Archer', email: `ann.${stamp}@example.com`, zip: '65714' };
const BOB = { name: 'Bob Baker', email: `bob.${stamp}@example.com`, zip: '65721' };

let server: ServerProcess;
let owner: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-owner-calendar-'),
    port: await freePort(),
    template: true,
  });
  await newCustomerBooks(server, ANN);
  const bob = await newCustomerBooks(server, BOB);
  owner = await newOwner(server, `owner.${stamp}@example.com`);
  await asOwner(server, owner, `/api/owner/visits/${bob.visitId}`, { action: 'confirm', start: '09:30' });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** An instant as iCalendar writes it in UTC: 20261208T153000Z. */
const icsUtc = (time: string) =>
  businessTimeToUtc(DAY.date, time)
    .toISOString()
    .replace(/[-:]|\.\d{3}/g, '');

test("the owner shows the calendar link on the phone, and the feed lists the day's visits", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, server, owner);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  await moveClockTo(page, DAY.date, '07:00');
  await page.goto('/owner?tab=export');
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await feed.getByRole('button', { name: 'Show calendar link' }).click();
  const field = feed.getByRole('textbox', { name: 'Calendar link' });
  await expect(field).toHaveValue(new RegExp(`^${server.origin}/api/calendar\\?t=[A-Za-z0-9_-]{43}$`));
  await expect(field).toBeFocused();
  const url = await field.inputValue();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  for (const name of ['Copy link', 'New link']) {
    const box = await feed.getByRole('button', { name }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
  }
  await expectNoAxeViolations(page);

  await feed.getByRole('button', { name: 'Copy link' }).click();
  await expect(feed.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The link as a calendar app reads it: no session, the day's two visits, soonest first.
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const events = icsEvents(await res.text());
  expect(events.map((event) => event['SUMMARY'])).toEqual([
    `Dryer Vent Cleaning – ${ANN.name}`,
    `Dryer Vent Cleaning – ${BOB.name}`,
  ]);
  // Ann's as the morning window, asked for; Bob's at the time confirmed.
  expect(events[0]).toMatchObject({ DTSTART: icsUtc('08:00'), DTEND: icsUtc('12:00'), STATUS: 'TENTATIVE' });
  expect(events[1]).toMatchObject({ DTSTART: icsUtc('09:30'), DTEND: icsUtc('10:30'), STATUS: 'CONFIRMED' });

  // A new link, once confirmed: the field holds it, and the old link is refused.
  await feed.getByRole('button', { name: 'New link' }).click();
  await expect(
    feed.getByText(
      'Make a new link? The old one stops working at once: calendars subscribed to it get no more updates.',
    ),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await feed.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(feed.getByRole('status')).toHaveText('New link made. The old one no longer works.');
  await expect(field).not.toHaveValue(url);
  expect((await fetch(url)).status).toBe(404);
  expect((await fetch(await field.inputValue())).status).toBe(200);
  await context.close();
});
