/**
 * Customers change their own visits (docs/product/visits.md#changing-a-visit) and are reminded the day
 * before (docs/product/emails.md#visit-reminder), on a server of its own (a fresh data dir, one visit per
 * window so a window fills with one booking), on a 390 px phone. Ann and Bob have booked and paid
 * (through the APIs); signed out, Ann's e-mail link refuses the window Bob has just filled and moves
 * her visit to another open one, after which the link is used and an altered one is explained; the
 * owner's desk shows the move. The site's clock moves to 5 PM the day before Ann's visit: inside 24
 * hours the reminder's cancel link gives the phone number. Bob, days ahead, finds the same page from
 * his account, then cancels from his e-mail: refunded. What the server sends (the reminder once, with
 * the window and both links; the refund's e-mail) is tests/integration/visit-changes.test.ts's.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { LINK_MESSAGES, CALL_TO_CHANGE_MESSAGE } from '../../src/features/visits/changes';
import { WINDOW_FULL_MESSAGE } from '../../src/features/visits/capacity';
import { addDays, formatDay } from '../../src/lib/dates';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import type { Customer } from './api-setup';
import { newCustomerBooks, newOwner, phoneOn, PHONE, signedInOn, deskView, openDeskView } from './desk-flow';
import { moveClockTo } from './owner-mail';
import { expect, test } from './test';
import { VISIT } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const ANN = { name: 'Ann Archer', email: `ann.${stamp}@example.com`, zip: VISIT.zip };
const BOB = { name: 'Bob Baker', email: `bob.${stamp}@example.com`, zip: VISIT.zip };
// Two days ahead at least, so the 24-hour rule is met until the clock is moved: Ann first books
// the second of these mornings, Bob the fourth; Ann moves to the first one's afternoon.
const WEEKDAYS = bookableWeekdays();
const [MOVED_TO, ANN_DAY, , BOB_DAY] = WEEKDAYS.map((d) => d.date) as [string, string, string, string];

let server: ServerProcess;
let owner: Customer;
let bob: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-visit-changes-'),
    port: await freePort(),
    env: { VISITS_PER_WINDOW: '1' },
    template: true,
  });
  await newCustomerBooks(server, ANN, ANN_DAY);
  owner = await newOwner(server, `owner.${stamp}@example.com`);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** A signed-out browser on this spec's server, on a phone. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await phoneOn(browser, server);
  await opened.page.setViewportSize(PHONE);
  return opened;
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
  const { context, page } = await phone(browser);
  const booked = await mailTo(page, ANN.email, /^Booking confirmed: /);
  const reschedule = linkOf(booked, 'Reschedule');

  const main = await visitPage(page, reschedule);
  await expect(main.getByText(`${formatDay(ANN_DAY)}, morning (8 AM-12 PM)`)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Reschedule' })).toBeVisible();
  // The reschedule link does not cancel.
  await expect(main.getByRole('button', { name: 'Cancel visit' })).toHaveCount(0);
  // Axe checks the same form, with the cancel part too, on the account's way in (the last test).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath('visit-page-390.png'), fullPage: true });

  // Bob takes the last place of a morning while Ann's page is open: her move there is refused.
  const choice = main.getByLabel('New day and window');
  const bobWindow = `${BOB_DAY} morning`;
  await expect(choice.locator(`option[value="${bobWindow}"]`)).toHaveCount(1);
  bob = (await newCustomerBooks(server, BOB, BOB_DAY)).customer;
  await choice.selectOption(bobWindow);
  await main.getByRole('button', { name: 'Move visit' }).click();
  await expect(main.getByRole('alert').filter({ hasText: /./ })).toHaveText(WINDOW_FULL_MESSAGE);

  await choice.selectOption(`${MOVED_TO} afternoon`);
  await main.getByRole('button', { name: 'Move visit' }).click();
  await expect(main.getByRole('status').filter({ hasText: /./ })).toHaveText(
    `Visit moved to ${formatDay(MOVED_TO)}, Afternoon (12-6 PM). We will send you a proposed time within that window.`,
  );
  await expect(main.getByText(`${formatDay(MOVED_TO)}, afternoon (12-6 PM)`, { exact: true })).toBeVisible();

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
  const desk = await signedInOn(browser, server, owner);
  await desk.page.goto('/owner');
  await openDeskView(desk.page, 'To confirm');
  const card = deskView(desk.page).getByRole('listitem').filter({ hasText: ANN.name });
  await expect(card).toContainText(formatDay(MOVED_TO, 'short'));
  await card.getByRole('button', { name: `Details for ${ANN.name}` }).click();
  const dialog = desk.page.getByRole('dialog', { name: `${ANN.name}: Dryer Vent Cleaning` });
  await expect(dialog.getByText(`by the customer (${ANN.email})`)).toBeVisible();
  await desk.context.close();
});

test("at 5 PM the day before, the reminder's cancel link: inside 24 hours, call", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await phone(browser);
  await moveClockTo(page, addDays(MOVED_TO, -1), '17:00');
  const reminder = await mailTo(page, ANN.email, /^Reminder: your visit tomorrow/);
  const cancel = linkOf(reminder, 'Cancel');

  // The visit is 19 hours away: the page gives the phone number instead.
  const main = await visitPage(page, cancel);
  await expect(main.getByText(CALL_TO_CHANGE_MESSAGE)).toBeVisible();
  await expect(main.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(main.getByRole('button', { name: 'Cancel visit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.close();
});

test('more than 24 hours ahead, the cancel link cancels and refunds in full', async ({ browser }) => {
  test.setTimeout(120_000);
  // Signed in, the account's visit offers the same page, with both actions.
  const { context, page } = await signedInOn(browser, server, bob);
  await page.goto('/account');
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
  await context.close();
});
