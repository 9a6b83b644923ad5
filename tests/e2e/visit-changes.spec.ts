/**
 * Customers change their own visits (docs/product/visits.md#changing-a-visit) and are reminded the day
 * before (docs/product/emails.md#visit-reminder), on a server of its own (a fresh data dir, one visit per
 * window so a window fills with one booking), on a 390 px phone. Ann and Bob book and pay; signed
 * out, Ann's e-mail link refuses the window Bob has just filled and moves her visit to another open
 * one, after which the link is used and an altered one is explained; the owner's desk shows the
 * move. The site's clock moves to 5 PM the day before Ann's visit: exactly one reminder, with the
 * window and both links; inside 24 hours its cancel link gives the phone number. Bob, days ahead,
 * finds the same page from his account, then cancels from his e-mail: refunded, with an e-mail.
 */
import { execFile } from 'node:child_process';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { LINK_MESSAGES, CALL_TO_CHANGE_MESSAGE } from '../../src/features/visits/changes';
import { WINDOW_FULL_MESSAGE } from '../../src/features/visits/capacity';
import { addDays, formatDay } from '../../src/lib/dates';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, ROOT, serverEnv, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { signIn, signUpAndIn } from './customer';
import { advanceClock, moveClockTo } from './owner-mail';
import { expect, test } from './test';
import { VISIT } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const ANN = { name: 'Ann Archer', email: `ann.${stamp}@example.com` };
const BOB = { name: 'Bob Baker', email: `bob.${stamp}@example.com` };
const OWNER = `owner.${stamp}@example.com`;
// Two days ahead at least, so the 24-hour rule is met until the clock is moved: Ann first books
// the second of these mornings, Bob the fourth; Ann moves to the first one's afternoon.
const WEEKDAYS = bookableWeekdays();
const [MOVED_TO, ANN_DAY, , BOB_DAY] = WEEKDAYS.map((d) => d.date) as [string, string, string, string];

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-visit-changes-'),
    port: await freePort(),
    env: { VISITS_PER_WINDOW: '1' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin });
  return { context, page: await context.newPage() };
}

/** Books a dryer vent cleaning on `day`'s morning as `customer` and pays, as a person would. */
async function bookAndPay(browser: Browser, customer: typeof ANN, day: string): Promise<void> {
  const { context, page } = await phone(browser);
  await signUpAndIn(page, customer.email, customer.name);
  await page.setViewportSize(PHONE);
  await page.goto('/services/dryer-vent-cleaning#booking');
  const card = page.locator('form[data-booking-card]');
  await expect(card).toHaveAttribute('data-service', 'dryer-vent-cleaning');
  await expect(card.getByText(/up to 24 hours before the visit/)).toBeVisible();
  await card.getByLabel('Service address').fill(VISIT.street);
  await card.getByLabel('City').fill(VISIT.city);
  await card.getByLabel('ZIP code').fill(VISIT.zip);
  await card.getByLabel('Phone').fill(VISIT.phone);
  await card.getByLabel('Preferred day').selectOption(day);
  await card.getByRole('radio', { name: 'Morning (8 AM-12 PM)' }).check();
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /Book & Pay/ }).click();
  const checkout = await popup;
  await checkout.getByLabel('Name on card').fill(customer.name);
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('You bought:')).toBeVisible();
  await context.close();
}

interface Mail {
  subject: string;
  text: string;
  links: string[];
}

async function mails(page: Page, email: string): Promise<Mail[]> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The newest mail to `email` whose subject matches, once it has come. */
async function mailTo(page: Page, email: string, subject: RegExp): Promise<Mail> {
  await expect.poll(async () => (await mails(page, email)).some((m) => subject.test(m.subject))).toBe(true);
  return (await mails(page, email)).find((m) => subject.test(m.subject))!;
}

/** The mail's 'Reschedule: ' or 'Cancel: ' link. */
function linkOf(mail: Mail, purpose: 'Reschedule' | 'Cancel'): string {
  const link = new RegExp(`${purpose}: (\\S+)`).exec(mail.text)?.[1];
  expect(link, `${purpose} link in "${mail.subject}"`).toMatch(/\/visit\?t=/);
  return link!;
}

/** The page's island is running (its answer replaced 'Loading your visit...'). */
async function visitPage(page: Page, link: string): Promise<Locator> {
  await page.goto(link);
  const main = page.getByRole('main');
  await expect(main.getByText('Loading your visit...')).toBeHidden();
  return main;
}

test('signed out, the e-mail link moves the visit: a full window refused, the link then used, an altered one explained', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await bookAndPay(browser, ANN, ANN_DAY);
  const { context, page } = await phone(browser);
  await page.setViewportSize(PHONE);
  const booked = await mailTo(page, ANN.email, /^Booking confirmed: /);
  const reschedule = linkOf(booked, 'Reschedule');

  const main = await visitPage(page, reschedule);
  await expect(main.getByText(`${formatDay(ANN_DAY)}, morning (8 AM-12 PM)`)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Reschedule' })).toBeVisible();
  // The reschedule link does not cancel.
  await expect(main.getByRole('button', { name: 'Cancel visit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath('visit-page-390.png'), fullPage: true });

  // Bob takes the last place of a morning while Ann's page is open: her move there is refused.
  const choice = main.getByLabel('New day and window');
  const bobWindow = `${BOB_DAY} morning`;
  await expect(choice.locator(`option[value="${bobWindow}"]`)).toHaveCount(1);
  await bookAndPay(browser, BOB, BOB_DAY);
  await choice.selectOption(bobWindow);
  await main.getByRole('button', { name: 'Move visit' }).click();
  await expect(main.getByRole('alert').filter({ hasText: /./ })).toHaveText(WINDOW_FULL_MESSAGE);

  await choice.selectOption(`${MOVED_TO} afternoon`);
  await main.getByRole('button', { name: 'Move visit' }).click();
  await expect(main.getByRole('status').filter({ hasText: /./ })).toHaveText(
    `Visit moved to ${formatDay(MOVED_TO)}, Afternoon (12-6 PM). We will call to confirm the time within that window.`,
  );
  await expect(main.getByText(`${formatDay(MOVED_TO)}, afternoon (12-6 PM)`, { exact: true })).toBeVisible();
  await mailTo(page, ANN.email, /^Visit moved: /);

  // The same link again: used. An altered one: not valid. Both offer to sign in.
  await visitPage(page, reschedule);
  await expect(main.getByText(LINK_MESSAGES.used)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?return=/account');
  const url = new URL(reschedule);
  const token = url.searchParams.get('t') ?? '';
  url.searchParams.set('t', `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`);
  await visitPage(page, url.toString());
  await expect(main.getByText(LINK_MESSAGES.altered)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();

  // The owner's desk shows the visit on its new day, moved by the customer.
  const desk = await phone(browser);
  await signUpAndIn(desk.page, OWNER, 'Owner Olson');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', OWNER],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
  await desk.page.setViewportSize(PHONE);
  await desk.page.goto('/owner');
  await desk.page.getByRole('tab', { name: 'To confirm' }).click();
  const card = desk.page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: ANN.name });
  await expect(card).toContainText(formatDay(MOVED_TO, 'short'));
  await card.getByRole('button', { name: `Details for ${ANN.name}` }).click();
  const dialog = desk.page.getByRole('dialog', { name: `${ANN.name}: Dryer Vent Cleaning` });
  await expect(dialog.getByText(`by the customer (${ANN.email})`)).toBeVisible();
  await desk.context.close();
});

test('at 5 PM the day before: one reminder with the window and both links; inside 24 hours, call', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await phone(browser);
  await page.setViewportSize(PHONE);
  await moveClockTo(page, addDays(MOVED_TO, -1), '17:00');
  // The schedule fires again a minute later: still one.
  await advanceClock(page, 60);

  const reminder = await mailTo(page, ANN.email, /^Reminder: your visit tomorrow/);
  const reminders = (await mails(page, ANN.email)).filter((m) => m.subject.startsWith('Reminder: '));
  expect(reminders).toHaveLength(1);
  expect(reminder.subject).toContain(`${formatDay(MOVED_TO)}, afternoon (12-6 PM)`);
  expect(reminder.text).toContain('12 Elm Street, Nixa, MO 65714');
  linkOf(reminder, 'Reschedule');
  const cancel = linkOf(reminder, 'Cancel');
  // Bob's visit is days away: no reminder yet.
  expect((await mails(page, BOB.email)).filter((m) => m.subject.startsWith('Reminder: '))).toHaveLength(0);

  // The visit is 19 hours away: the page gives the phone number instead.
  const main = await visitPage(page, cancel);
  await expect(main.getByText(CALL_TO_CHANGE_MESSAGE)).toBeVisible();
  await expect(main.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(main.getByRole('button', { name: 'Cancel visit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

test('more than 24 hours ahead, the cancel link cancels and refunds in full, with an e-mail', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await phone(browser);
  // Signed in, the account's visit offers the same page, with both actions.
  await signIn(page, BOB.email);
  await page.setViewportSize(PHONE);
  const visits = page.getByRole('region', { name: 'Upcoming Visits' });
  await visits.getByRole('link', { name: /^Reschedule or cancel: Dryer Vent Cleaning/ }).click();
  await expect(page).toHaveURL(/\/visit\?id=/);
  const own = page.getByRole('main');
  await expect(own.getByText(`${formatDay(BOB_DAY)}, morning (8 AM-12 PM)`, { exact: true })).toBeVisible();
  await expect(own.getByRole('heading', { name: 'Reschedule' })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Cancel visit' })).toBeVisible();
  await expectNoAxeViolations(page);

  const booked = await mailTo(page, BOB.email, /^Booking confirmed: /);
  const main = await visitPage(page, linkOf(booked, 'Cancel'));
  await expect(main.getByRole('heading', { name: 'Reschedule' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Cancel visit' }).click();
  await expect(main.getByText('Cancel this visit and refund $35.00?')).toBeFocused();
  await expectNoAxeViolations(page);
  await main.getByRole('button', { name: 'Yes, cancel visit' }).click();
  await expect(main.getByRole('status').filter({ hasText: /./ })).toHaveText('Visit cancelled and $35.00 refunded.');
  const told = await mailTo(page, BOB.email, /^Visit cancelled /);
  expect(told.text).toContain('Your payment of $35.00 has been refunded to your card');
  await context.close();
});
