/**
 * Bringing customers back (docs/product/due-again.md#bringing-customers-back) on a server of its own
 * (a fresh data dir, OWNER_EMAIL set), on a 390 px phone, the site's clock moved, never waited for.
 * Four customers booked and paid an air filter replacement with premium filters (through the APIs),
 * confirmed and marked done on its morning: each is due again 75 days on. Then one books the
 * service again and one takes a plan. A week before the due day at 10 AM the two still due get one
 * reminder each with a Book again link, the others none; the owner's Due tab lists those two with
 * the due day and the reminder, and its CSV too. The link opens the service page's booking card
 * filled as last time (address, phone, premium filters) with the welcome. One click unsubscribes
 * the first: 14 days on the follow-up goes to the other only. What the server does at the edges
 * of its windows, with altered and expired links and a bad `within` is
 * tests/integration/due-again.test.ts's.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { WELCOME_BACK } from '../../src/features/booking/book-again';
import { dueDay } from '../../src/features/owner/desk-due';
import type { OwnerDueAnswer, OwnerVisitAnswer } from '../../src/features/visits/owner-api';
import { holidayOn } from '../../src/features/visits/closed-days.server';
import { bookableDays } from '../../src/features/visits/windows';
import { addDays, formatDay } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { bookAndPay, newCustomer, subscribe, type Customer } from './api-setup';
import { asOwner, newOwner, phoneOn, PHONE, signedInOn, openDeskView } from './desk-flow';
import { mailsTo, moveClockTo, oneMailTo, siteToday, subjectsTo, type MailboxMessage } from './owner-mail';
import { bookingCard, DAY, typedVisit, VISIT } from './visit-fields';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
/** Due, reminded, unsubscribes by one click. At the address the booking card's fields take (VISIT). */
const ANN = { name: 'Ann Ashby', email: `ann.${stamp}@example.com`, zip: VISIT.zip };
/** Due and reminded: the follow-up that Ann, unsubscribed, does not get. */
const FAY = { name: 'Fay Fuller', email: `fay.${stamp}@example.com`, zip: '65804' };
/** Books the service again once the first visit is done. */
const BEN = { name: 'Ben Booker', email: `ben.${stamp}@example.com`, zip: '65721' };
/** Takes a plan once the visit is done. */
const PAM = { name: 'Pam Planner', email: `pam.${stamp}@example.com`, zip: '65810' };
const CUSTOMERS = [ANN, FAY, BEN, PAM];

const SERVICE = 'Air Filter Replacement';
const AIR_FILTERS = { service: 'air-filter-replacement', options: { filterQuality: 'premium' } };
/** Premium filters, done on DAY: due again 75 days on (docs/product/due-again.md#when-a-service-is-due-again). */
const DUE = addDays(DAY.date, 75);
/** The reminder's day: a week before (docs/product/due-again.md#the-reminder-and-the-follow-up). */
const REMINDED = addDays(DUE, -7);
const REMINDER = /^Time for your next /;
const FOLLOW_UP = /^Still due: /;

let server: ServerProcess;
let owner: Customer;
const made: Record<string, { customer: Customer; visitId: string }> = {};

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine; four bookings paid on top.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-due-again-'),
    port: await freePort(),
    // Four visits on one morning: more than the default three a window takes.
    env: { OWNER_EMAIL: OWNER, VISITS_PER_WINDOW: '20' },
    template: true,
  });
  for (const person of CUSTOMERS) {
    const customer = await newCustomer(server, { name: person.name, email: person.email });
    const { visitId } = await bookAndPay(server, customer, { ...AIR_FILTERS, visit: typedVisit(person.zip, DAY.date) });
    made[person.email] = { customer, visitId };
  }
  owner = await newOwner(server, OWNER);
  const starts = ['08:30', '09:30', '10:30', '11:30'];
  for (const [i, person] of CUSTOMERS.entries()) {
    await asOwner(server, owner, `/api/owner/visits/${made[person.email]!.visitId}`, {
      action: 'confirm',
      start: starts[i],
    });
  }
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** A signed-out phone on this spec's server: the customer's, who opens the link from the e-mail. */
async function phone(browser: Browser): Promise<Page> {
  const { page } = await phoneOn(browser, server);
  await page.setViewportSize(PHONE);
  return page;
}

/** The page is no wider than the phone: nothing needs sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A part of the page as the phone draws it from the top (the sticky header in its place, not over the part). */
async function shotOf(page: Page, part: Locator, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  expect(box).not.toBeNull();
  await page.screenshot({ path, fullPage: true, clip: box! });
}

/** The link labelled 'Book again' in a mail's text. */
function bookAgainIn(mail: MailboxMessage): URL {
  const link = /^Book again: (\S+)$/m.exec(mail.text)?.[1];
  expect(link, `"Book again" in "${mail.subject}"`).toBeTruthy();
  return new URL(link!);
}

/** The owner's Due list (the desk's own read), by e-mail. */
async function dueList(): Promise<Map<string, OwnerDueAnswer['due'][number]>> {
  const { due } = (await asOwner(server, owner, '/api/owner/due')) as OwnerDueAnswer;
  return new Map(due.map((d) => [d.customer.email, d]));
}

test('marked done on its morning, a premium air filter visit is due again 75 days on; one customer books again, one takes a plan', async ({
  browser,
}) => {
  // Four paid bookings and a plan's checkout on a busy machine.
  test.setTimeout(180_000);
  const { page, context } = await signedInOn(browser, server, owner);
  await moveClockTo(page, DAY.date, '11:45');
  for (const person of CUSTOMERS) {
    await asOwner(server, owner, `/api/owner/visits/${made[person.email]!.visitId}`, { action: 'done' });
  }
  const { visit } = (await asOwner(server, owner, `/api/owner/visits/${made[ANN.email]!.visitId}`)) as OwnerVisitAnswer;
  expect(visit.history.at(-1)).toMatchObject({ action: 'done', after: { due_again: DUE } });

  // Ben books the same service again, for a day bookable by the site's clock; Pam takes a plan.
  const today = await siteToday(page);
  const again = bookableDays(today).find(
    (d) => d.date >= addDays(today, 2) && d.windows.includes('morning') && !holidayOn(d.date),
  )!.date;
  await bookAndPay(server, made[BEN.email]!.customer, { ...AIR_FILTERS, visit: typedVisit(BEN.zip, again) });
  await subscribe(server, made[PAM.email]!.customer, { planType: 'lite', billingPeriod: 'annual' });
  // 75 days ahead: beyond the list's 30 days.
  expect((await dueList()).size).toBe(0);
  await context.close();
});

test('a week before the due day at 10 AM: one reminder with a Book again link, to the customers still due only', async ({
  browser,
}) => {
  const page = await phone(browser);
  await moveClockTo(page, REMINDED, '10:05');
  for (const person of [ANN, FAY]) {
    const reminder = await oneMailTo(page, person.email, REMINDER);
    expect(reminder.subject).toBe(`Time for your next ${SERVICE}`);
    expect(reminder.text).toContain(`Hello ${person.name},`);
    expect(reminder.text).toContain(`Your ${SERVICE} on ${formatDay(DAY.date)} is due again on ${formatDay(DUE)}.`);
    const link = bookAgainIn(reminder);
    expect(link.pathname).toBe('/services/air-filter-replacement');
    expect(link.searchParams.get('again')).toBeTruthy();
    expect(reminder.text).toMatch(/^Autopilot Lite covers it, with four visits a year, for \$\d+ a month\.$/m);
    expect(reminder.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  }
  // Queued in the same run as Ann's and Fay's, were they due; the list the sender reads agrees.
  for (const person of [BEN, PAM]) expect(await subjectsTo(page, person.email, REMINDER)).toEqual([]);
  const due = await dueList();
  expect([...due.keys()].sort()).toEqual([ANN.email, FAY.email].sort());
  expect(due.get(ANN.email)).toMatchObject({ dueDate: DUE, lastVisit: DAY.date, followedUpAt: null });
});

test("the owner's Due tab lists who is due, with the day and the reminder, not those booked again or on a plan; its CSV too", async ({
  browser,
}, testInfo) => {
  const { page, context } = await signedInOn(browser, server, owner);
  await page.goto('/owner');
  await openDeskView(page, 'Due');
  await expect(page.getByRole('heading', { name: 'Due again', level: 2 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Due again' });
  const ann = list.getByRole('listitem').filter({ hasText: ANN.name });
  await expect(ann).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  for (const line of [
    SERVICE,
    `Due ${dueDay(DUE)}`,
    `Last visit ${dueDay(DAY.date)}`,
    `Reminded ${dueDay(REMINDED)}`,
    VISIT.phone,
  ]) {
    await expect(ann.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(ann.getByRole('link', { name: `Call ${ANN.name}` })).toHaveAttribute('href', /^tel:/);
  await expect(list.getByRole('listitem').filter({ hasText: FAY.name })).toBeVisible();
  for (const person of [BEN, PAM]) await expect(list.getByText(person.name)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shotOf(page, page.getByRole('main'), testInfo.outputPath('desk-due-390.png'));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the list (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`due-${REMINDED}.csv`);
  const rows = (await readFile(await download.path(), 'utf8')).split('\r\n').filter(Boolean);
  expect(rows[0]).toBe('"name","email","phone","service","due_date","last_visit","reminded_at","followed_up_at"');
  expect(rows).toHaveLength(3);
  expect(rows.find((row) => row.includes(ANN.email))).toMatch(
    new RegExp(
      `^"${ANN.name}","${ANN.email}","${VISIT.phone.replace(/[()]/g, '\\$&')}","${SERVICE}","${DUE}","${DAY.date}","\\d{4}-[^"]+Z",""$`,
    ),
  );
  await expect(page.getByRole('status').filter({ hasText: 'Due list downloaded.' })).toBeVisible();
  await context.close();
});

test("the Book again link opens the service's booking card filled as last time, premium filters, with the welcome", async ({
  browser,
}, testInfo) => {
  const page = await phone(browser);
  const link = bookAgainIn(await oneMailTo(page, ANN.email, REMINDER));
  await page.goto(link.pathname + link.search);
  const card = await bookingCard(page);
  // The card's total is an <output>, a status too: the welcome is the one that says so.
  await expect(card.getByRole('status').filter({ hasText: 'Welcome back' })).toHaveText(WELCOME_BACK);
  await expect(card.getByRole('radio', { name: /^Premium/ })).toBeChecked();
  await expect(card.getByLabel('Service address')).toHaveValue(VISIT.street);
  await expect(card.getByLabel('City')).toHaveValue(VISIT.city);
  await expect(card.getByLabel('ZIP code')).toHaveValue(VISIT.zip);
  await expect(card.getByLabel('Phone')).toHaveValue(VISIT.phone);
  await expect(card.getByLabel('Notes')).toHaveValue(VISIT.notes);
  // The day and window are the visitor's to pick; the link leaves the address bar once read.
  await expect(card.getByLabel('Preferred day')).toHaveValue('');
  await expect(page).toHaveURL(/\/services\/air-filter-replacement$/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shotOf(page, card, testInfo.outputPath('book-again-card-390.png'));
});

test('one click unsubscribes: 14 days on the follow-up goes to the other customer due, none to the one unsubscribed', async ({
  browser,
}) => {
  const page = await phone(browser);
  const reminder = await oneMailTo(page, ANN.email, REMINDER);
  const header = new URL(/^<(.+)>$/.exec(reminder.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? '', server.origin);
  expect(header.pathname).toBe('/api/unsubscribe');
  // On this spec's server (the site's address names it as localhost).
  const oneClick = header.pathname + header.search;
  // RFC 8058's one-click POST, as a mail client sends it.
  const res = await page.request.post(oneClick, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
  expect(await (await page.request.get(oneClick)).json()).toEqual({ email: ANN.email, unsubscribed: true });

  // 14 days after the reminder, past 10 AM whatever daylight time did in between.
  await moveClockTo(page, addDays(REMINDED, 14), '12:00');
  const followUp = await oneMailTo(page, FAY.email, FOLLOW_UP);
  expect(followUp.subject).toBe(`Still due: your ${SERVICE}`);
  expect(bookAgainIn(followUp).href).toBe(bookAgainIn(await oneMailTo(page, FAY.email, REMINDER)).href);
  // Queued in the same run as Fay's, had it gone; the list says none was.
  expect(await subjectsTo(page, ANN.email, FOLLOW_UP)).toEqual([]);
  expect(await subjectsTo(page, ANN.email, REMINDER)).toHaveLength(1);
  const due = await dueList();
  expect(due.get(ANN.email)?.remindedAt).not.toBeNull();
  expect(due.get(ANN.email)?.followedUpAt).toBeNull();
  expect(due.get(FAY.email)?.followedUpAt).not.toBeNull();
  // Booked again, or on a plan: neither the reminder nor the follow-up, ever.
  for (const person of [BEN, PAM]) {
    const subjects = (await mailsTo(page, person.email)).map((m) => m.subject);
    expect(subjects.filter((s) => REMINDER.test(s) || FOLLOW_UP.test(s))).toEqual([]);
  }
});
