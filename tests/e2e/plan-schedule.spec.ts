/**
 * A plan's visits from sign-up to report, over its year and its end (docs/product/visits.md#plan-visits,
 * docs/product/emails.md#owner-alerts, docs/product/desk.md#owners-desk), on a server of its own with a fresh
 * data dir and OWNER_EMAIL set, time moved by the embedded clock, the desk on a 390 px phone; the
 * plans are bought through the APIs (api-setup.ts), the plan page's checkout being plan-checkout.spec.ts's:
 * - Autopilot Full paid per visit (quarterly), with the plan page's details: the first visit is on
 *   the account and on the desk's Plan visits tab; the owner marks it done with its checklist, a
 *   16x25x1 filter and the detectors tested; the visit report e-mail arrives and the account shows
 *   the report;
 * - annual, bought through a plan request and set to cancel at once: the request, the plan and each
 *   quarter's `visit.due` reach the owner's mailbox once, their links open the lead and the visit on
 *   the desk; a visit is made each quarter, four in the paid year, none after it;
 * - monthly: one visit per three paid months (the second with the 4th payment, dated from the first
 *   visit done); cancelled at period end, the visit due past the end is gone from the account.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addMonths } from '../../src/features/visits/plan-schedule';
import { addDays, formatDay } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { newCustomer, subscribe, type Customer } from './api-setup';
import { expectNoAxeViolations } from './a11y';
import { newOwner, PHONE, signedInOn, deskView, expectDeskView, openDeskView } from './desk-flow';
import { advanceClock, deskLink, oneMailTo, siteToday, subjectsTo } from './owner-mail';
import { FORM_DETAILS } from './plan-form';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400;
const stamp = Date.now();
const owner = `owner.schedule.${stamp}@example.com`;
let server: ServerProcess;
let ownerAccount: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-plan-schedule-'),
    port: await freePort(),
    env: { OWNER_EMAIL: owner },
    template: true,
  });
  ownerAccount = await newOwner(server, owner);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** The owner's desk on a phone. */
function ownerDesk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  return signedInOn(browser, server, ownerAccount);
}

/** Cancels the plan at period end in the billing portal, from the account page, as the customer does. */
async function cancelAtPeriodEnd(account: Page): Promise<void> {
  await account.goto('/account');
  const portal = account.waitForEvent('popup');
  await account.getByRole('button', { name: 'Manage billing' }).click();
  const billing = await portal;
  await billing.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(billing.getByRole('button', { name: 'Keep plan' })).toBeVisible();
  await billing.close();
}

/** The plan visits' cards of `name` on the desk's Plan visits tab. */
async function planVisitCards(page: Page, name: string) {
  await page.goto('/owner?tab=plan-visits');
  await expectDeskView(page, 'Plan visits');
  const panel = deskView(page);
  await expect(panel.getByText(/Plan visits due|No plan visits due this month\./).first()).toBeVisible();
  return panel.getByRole('listitem').filter({ hasText: name });
}

test('Full per visit: the visit on the account and the desk, done with its checklist, reported', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Autopilot Full, per visit (every 3 months), with the plan page's details.
  const name = 'Pat Quinn';
  const customer = await newCustomer(server, { name, email: `plan.visit.${stamp}@example.com` });
  await subscribe(server, customer, {
    planType: 'full',
    billingPeriod: 'quarterly',
    details: { ...FORM_DETAILS, fullName: name },
  });
  const account = await signedInOn(browser, server, customer);
  await account.page.goto('/account');
  const visits = account.page.getByRole('region', { name: 'Upcoming Visits' });
  await expect(visits).toContainText('Autopilot Full quarterly visit');
  await expect(visits).toContainText(/First visit due \w+day, \w+ \d{1,2}, \d{4}/);

  // The owner finds it on the desk's Plan visits tab a week on, the visit's due day: the site's
  // clock moves there (the desk lists this month's).
  await advanceClock(account.page, 7 * DAY);
  await account.context.close();
  const desk = await ownerDesk(browser);
  const deskPage = desk.page;
  await deskPage.goto('/owner');
  await openDeskView(deskPage, 'Plan visits');
  const card = deskView(deskPage).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Autopilot Full quarterly visit');
  await expect(card).toContainText(/Due \w+, \w+ \d{1,2}/);
  await expect(card).toContainText('1200 E Battlefield Rd');
  await card.getByRole('button', { name: `Details for ${name}` }).click();
  const dialog = deskPage.getByRole('dialog', { name: `${name}: Autopilot Full quarterly visit` });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  for (const item of ['Air filters replaced', 'Smoke detector batteries tested and replaced', 'Light bulbs changed']) {
    const box = dialog.getByRole('checkbox', { name: `Done: ${item}` });
    expect((await box.locator('xpath=ancestor::label').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await box.check();
  }
  await dialog.getByLabel('Filter sizes found').fill('16x25');
  await dialog.getByLabel('Detectors tested').fill('3');
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  // A size not like 16x25x1 is refused in the server's words; the form keeps what was typed.
  await expect(dialog.getByRole('alert').filter({ hasText: /./ })).toHaveText(
    'filterSizes: each size must look like 16x25x1',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Done: Light bulbs changed' })).toBeChecked();
  await dialog.getByLabel('Filter sizes found').fill('16x25x1');
  await dialog.getByLabel('Completion note').fill('Softener salt topped up.');
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Visit marked done.');
  await expect(dialog.getByText('Done: Air filters replaced', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Not done: Vacuum clean-out', { exact: true })).toBeVisible();
  await expect(dialog.getByText('16x25x1', { exact: true })).toBeVisible();
  expect(await deskPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(deskPage);
  await desk.context.close();

  // The report e-mail, and the account's last visit report.
  const reader = await signedInOn(browser, server, customer);
  const report = await oneMailTo(reader.page, customer.email, /^Visit report: Autopilot Full quarterly visit, /);
  for (const line of [
    'Done: Air filters replaced',
    'Not done: Refrigerator water filter',
    'Filter sizes found: 16x25x1',
    'Detectors tested: 3',
    "Technician's note: Softener salt topped up.",
    'once your plan renews',
  ]) {
    expect(report.text).toContain(line);
  }
  await reader.page.goto('/account');
  const last = reader.page.getByRole('region', { name: 'Last visit report' });
  await expect(last).toContainText('Filter sizes found: 16x25x1');
  await expect(last).toContainText('Done: Light bulbs changed');
  await reader.context.close();
});

test('annual through a plan request, set to cancel: the alerts open the lead and each quarter’s visit; four visits, none after the year', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = FORM_DETAILS.fullName;
  const customer = await newCustomer(server, { name, email: `annual.${stamp}@example.com` });
  const { context, page } = await signedInOn(browser, server, customer);
  const startedOn = await siteToday(page);
  await subscribe(server, customer, { planType: 'lite', billingPeriod: 'annual', details: FORM_DETAILS });
  const due1 = addDays(startedOn, 7);
  await page.goto('/account');
  const visits = page.getByRole('region', { name: 'Upcoming Visits' });
  await expect(visits).toContainText(`First visit due ${formatDay(due1)}`);

  // The owner hears of the request and of the plan, once each, with the phone and the address.
  const request = await oneMailTo(page, owner, /^Plan request from Dana Whitfield: Autopilot Lite \(annual\)$/);
  const started = await oneMailTo(page, owner, /^Plan started: Autopilot Lite plan for Dana Whitfield$/);
  for (const alert of [request, started]) {
    expect(alert.text).toContain('Phone: 417-555-0199');
    expect(alert.text).toContain('Address: 1200 E Battlefield Rd, Springfield, MO 65804');
  }
  expect(deskLink(request.text, 'Open the desk')).toBe('/owner?tab=leads');
  expect(deskLink(started.text, 'Open the desk')).toBe('/owner');

  // The schedule runs at each move of the clock: the first visit is due within 7 days and unconfirmed.
  await advanceClock(page, 60);
  const dueAlert = /^Visit due: Autopilot Lite quarterly visit for Dana Whitfield, due /;
  const firstDue = await oneMailTo(page, owner, dueAlert);
  expect(firstDue.subject).toBe(
    `Visit due: Autopilot Lite quarterly visit for Dana Whitfield, due ${formatDay(due1, 'short')}`,
  );
  const visitLink = deskLink(firstDue.text, 'Open the visit on the desk');
  expect(visitLink).toMatch(/^\/owner\/visits\/[0-9a-f-]{36}$/);

  // Set to cancel at the end of the paid year: the account says so and keeps the visit.
  await cancelAtPeriodEnd(page);
  await page.goto('/account');
  await expect(page.getByText('Your plan is set to cancel. Visits continue until the end date')).toBeVisible();
  await expect(visits).toContainText(`First visit due ${formatDay(due1)}`);
  await expect
    .poll(async () => subjectsTo(page, owner, /^Plan cancelled: Autopilot Lite plan for Dana Whitfield, ends /))
    .toHaveLength(1);

  // One tap from each alert on the owner's phone: the request on the Leads tab, the visit's dialog.
  const desk = await ownerDesk(browser);
  await desk.page.goto(deskLink(request.text, 'Open the desk'));
  await expectDeskView(desk.page, 'Leads');
  await expect(deskView(desk.page).getByText(`Plan request: ${name}`)).toBeVisible();
  await desk.page.goto(visitLink);
  const dialog = desk.page.getByRole('dialog', { name: `${name}: Autopilot Lite quarterly visit` });
  await expect(dialog).toContainText('1200 E Battlefield Rd');
  await expect(dialog).toContainText('Requested');
  // Paid with the plan: its order and which visit of it, not an amount of its own.
  await expect(dialog).toContainText(/ORD-[A-Z0-9]+, plan visit 1/);
  await expect(dialog).not.toContainText('$0.00');
  expect(await desk.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The next quarter: the second visit, due 3 months after the first's due date (it was not done).
  await advanceClock(page, 95 * DAY);
  await page.goto('/account');
  await expect(visits).toContainText(`Due ${formatDay(addMonths(due1, 3))}: we will call to set the day and time`);
  await expect.poll(async () => (await subjectsTo(page, owner, dueAlert)).length).toBe(2);

  // Through the year and past its end (the plan ends, nothing renews): four visits, none after it.
  await advanceClock(page, 95 * DAY);
  await advanceClock(page, 95 * DAY);
  await advanceClock(page, 95 * DAY);
  const cards = await planVisitCards(desk.page, name);
  await expect(cards).toHaveCount(4);
  // Each due 3 months after the one before (none was done), soonest first, all overdue now.
  let dueDate = due1;
  for (const quarter of [0, 1, 2, 3]) {
    await expect(cards.nth(quarter)).toContainText(`Overdue: due ${formatDay(dueDate, 'short')}`);
    dueDate = addMonths(dueDate, 3);
  }
  // visit.due went once for each of the four, however often the schedule ran.
  await expect.poll(async () => (await subjectsTo(page, owner, dueAlert)).length).toBe(4);
  expect(new Set(await subjectsTo(page, owner, dueAlert)).size).toBe(4);
  await desk.context.close();
  await context.close();
});

test('monthly: the second visit with the 4th payment, dated from the first done; cancelled at period end, none past it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = 'Lee Monroe';
  const customer = await newCustomer(server, { name, email: `monthly.${stamp}@example.com` });
  // Bought from the home page: monthly, no plan request.
  await subscribe(server, customer, { planType: 'lite' });
  const { context, page } = await signedInOn(browser, server, customer);
  await page.goto('/account');
  const visits = page.getByRole('region', { name: 'Upcoming Visits' });
  await expect(visits).toContainText('First visit due');

  // The 2nd payment, then ten days on: the owner opens the first visit from its alert and marks it done.
  await advanceClock(page, 31 * DAY);
  await advanceClock(page, 10 * DAY);
  const due = await oneMailTo(page, owner, /^Visit due: Autopilot Lite quarterly visit for Lee Monroe, due /);
  const desk = await ownerDesk(browser);
  await desk.page.goto(deskLink(due.text, 'Open the visit on the desk'));
  const dialog = desk.page.getByRole('dialog', { name: `${name}: Autopilot Lite quarterly visit` });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Visit marked done.');
  const doneOn = await siteToday(page);

  // The 3rd payment buys nothing more; the 4th buys the second visit, due 3 months after the first was done.
  await advanceClock(page, 21 * DAY);
  await page.goto('/account');
  // Only the first, listed by the day it was done (21 days ago): nothing new is due yet.
  await expect(visits.getByRole('listitem')).toHaveCount(1);
  await expect(visits).toContainText(`Done: ${formatDay(doneOn)}`);
  // The 4th payment: the first, done more than 30 days ago, is no longer listed; the second is.
  await advanceClock(page, 31 * DAY);
  await page.goto('/account');
  const nextDue = `Due ${formatDay(addMonths(doneOn, 3))}: we will call to set the day and time`;
  await expect(visits).toContainText(nextDue);

  // Cancelled at the end of the paid month, which comes before that due date: the visit is called off.
  await cancelAtPeriodEnd(page);
  await page.goto('/account');
  await expect(page.getByText('Your plan is set to cancel. Visits continue until the end date')).toBeVisible();
  await expect(visits).toContainText('No visits booked yet.');
  // Past the end: the plan ends, nothing is charged and no visit is made.
  await advanceClock(page, 31 * DAY);
  await expect(await planVisitCards(desk.page, name)).toHaveCount(0);
  await page.goto('/account');
  await expect(visits).toContainText('No visits booked yet.');
  await desk.context.close();
  await context.close();
});
