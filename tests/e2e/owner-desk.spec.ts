/**
 * The owner's desk at /owner (docs/product/desk.md#owners-desk), on a server of its own (a fresh data
 * dir and 3 visits per window, as `npm start` runs it), on a 390 px phone: three customers have
 * booked the same morning and paid (through the APIs); signed out the desk asks for the owner's
 * sign-in, and a customer is refused without a word of the owner's data. The owner, made so with
 * `npm run owner -- add`, moves the site's clock to that day and runs it: the visits in route
 * order, the route, tap to call, a time confirmed (a start outside the window refused in the
 * server's words), a visit moved, one done (the customer's account says so), one cancelled and
 * refunded with the button pressed twice, the week, a closed day and the capacity. What the server
 * sends for each action (the calendar entry, the e-mails, one refund for two presses) is
 * tests/integration/owner-desk.test.ts's.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request, Response, Route } from '@playwright/test';
import { holidayOn } from '../../src/features/visits/closed-days.server';
import { addDays, businessToday, formatDay } from '../../src/lib/dates';
import { SITE } from '../../src/site';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { newCustomer, type Customer } from './api-setup';
import {
  newCustomerBooks,
  newOwner,
  phoneOn,
  PHONE,
  signedInOn,
  deskBar,
  deskView,
  expectDeskView,
  openDeskView,
} from './desk-flow';
import { moveClockTo, siteToday } from './owner-mail';
import { expect, test } from './test';
import { DAY } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const ANN = { name: 'Ann Archer', email: `ann.${stamp}@example.com`, zip: '65714' };
const BOB = { name: 'Bob Baker', email: `bob.${stamp}@example.com`, zip: '65721' };
const CAT = { name: 'Cat Carter', email: `cat.${stamp}@example.com`, zip: '65810' };

let server: ServerProcess;
let owner: Customer;
let catAccount: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-owner-'),
    port: await freePort(),
    env: { VISITS_PER_WINDOW: '3' },
    template: true,
  });
  // Each books a dryer vent cleaning on DAY's morning and pays.
  await newCustomerBooks(server, ANN);
  await newCustomerBooks(server, BOB);
  catAccount = (await newCustomerBooks(server, CAT)).customer;
  owner = await newOwner(server, `owner.${stamp}@example.com`);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** The page is no wider than the phone: nothing needs sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('the desk is the owner only, and a customer sees none of it', async ({ browser }) => {
  const { context, page } = await phoneOn(browser, server);
  await page.setViewportSize(PHONE);
  await page.goto('/owner');
  await expect(page.getByText("Sign in with the owner's account to use the desk.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/auth?return=%2Fowner');
  await context.close();

  const dee = await newCustomer(server, { name: 'Dee Dixon', email: `dee.${stamp}@example.com` });
  const customer = await signedInOn(browser, server, dee);
  await customer.page.goto('/owner');
  await expect(customer.page.getByText('This is for the business owner only.')).toBeVisible();
  await expect(deskBar(customer.page)).toHaveCount(0);
  await expect(customer.page.getByText(ANN.name)).toHaveCount(0);
  await customer.context.close();
});

test("the desk is an app of its own at 390 px: its header, no site header or footer, a bar of four and More's list", async ({
  browser,
}) => {
  const { context, page } = await signedInOn(browser, server, owner);
  await moveClockTo(page, DAY.date, '09:00');
  await page.goto('/owner');
  await expectDeskView(page, 'Today');
  const cards = deskView(page).getByRole('listitem');
  await expect(cards.filter({ hasText: ANN.name })).toBeVisible();
  // docs/product/desk.md#owners-desk, "The desk's own shell": the website's header and footer are not there.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText(SITE.shortName, { exact: true })).toBeVisible();

  // The bar: four buttons side by side, all on the first screen, each at least 48 px high.
  const bar = deskBar(page);
  const items = bar.getByRole('button');
  await expect(items).toHaveText(['Today', 'Tomorrow', 'To confirm', 'More']);
  for (const item of await items.all()) {
    await expect(item).toBeInViewport({ ratio: 1 });
    expect((await item.boundingBox())?.height).toBeGreaterThanOrEqual(48);
  }
  // At the end of the list, the last card is above the bar, not under it.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const lastCard = await cards.last().boundingBox();
  const barBox = await bar.boundingBox();
  expect((lastCard?.y ?? 0) + (lastCard?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
  // The desk's messages show above the bar, never over it.
  const toasts = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
  expect((toasts?.y ?? Infinity) + (toasts?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: test.info().outputPath('desk-today-390.png') });

  // More: a disclosure with the other views as big buttons; one chosen shows, the heading names it.
  const more = bar.getByRole('button', { name: 'More', exact: true });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(items).toHaveText([
    'Today',
    'Tomorrow',
    'To confirm',
    'More',
    'Plan visits',
    'Week',
    'Closed days',
    'Capacity',
    'Leads',
    'Customers',
    'Due',
    'Export',
  ]);
  for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('desk-more-390.png') });
  await expectNoAxeViolations(page);
  await bar.getByRole('button', { name: 'Week', exact: true }).click();
  await expectDeskView(page, 'Week');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(deskView(page).getByRole('button', { name: 'Next 7 days' })).toBeVisible();

  // By keyboard: More opens with Enter, Tab enters its list, Escape closes it and focus is back on More.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Plan visits' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();
  await expect(bar.getByRole('button', { name: 'Leads' })).toBeHidden();
  await openDeskView(page, 'Tomorrow');
  await expectNoAxeViolations(page);
  await context.close();

  // Signing out (another owner, so this one's session lives on): the desk turns signed out in place.
  const other = await newOwner(server, `owner.out.${stamp}@example.com`);
  const leaving = await signedInOn(browser, server, other);
  await leaving.page.goto('/owner');
  await expectDeskView(leaving.page, 'Today');
  await leaving.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(leaving.page.getByText("Sign in with the owner's account to use the desk.")).toBeVisible();
  await expect(leaving.page.getByRole('heading', { level: 1 })).toHaveText("Owner's Desk");
  await expect(leaving.page.getByRole('link', { name: 'Back to the website' })).toHaveAttribute('href', '/');
  await expect(deskBar(leaving.page)).toHaveCount(0);
  await expect(leaving.page.getByRole('contentinfo')).toHaveCount(0);
  await leaving.context.close();
});

test('the owner runs the day from a phone: route, call, confirm, move, done, cancel and refund', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { context, page } = await signedInOn(browser, server, owner);
  // The morning of the booked day: the site's clock moves there, the desk's Today with it (by the
  // day and hour in Springfield: a move by whole days of seconds lands a day off across a DST change).
  await moveClockTo(page, DAY.date, '09:00');

  // Today is drawn from the stored session with under 100 KB of gzipped script: every script asked
  // for until Today's visits have come (whenever it arrives). The sign-in client is asked for only
  // once they are drawn, and then checks the session.
  const scriptBytes: Promise<number>[] = [];
  let todayCame = false;
  const countScript = (request: Request) => {
    if (todayCame || request.resourceType() !== 'script') return;
    scriptBytes.push(request.response().then(async (res) => (res ? gzipSync(await res.body()).length : 0)));
  };
  const todayAnswer = (response: Response) => {
    if (response.url().includes(`/api/owner/visits?from=${DAY.date}&to=${DAY.date}`)) todayCame = true;
  };
  page.on('request', countScript);
  page.on('response', todayAnswer);
  const sessionCheck = page.waitForRequest((request) => request.url().includes('/auth/v1/user'));
  await page.goto('/owner');
  await expectDeskView(page, 'Today');
  const today = deskView(page);
  await expect(today.getByRole('heading', { name: formatDay(DAY.date) })).toBeVisible();
  await expect(today.getByRole('heading', { name: 'Morning (8 AM-12 PM)' })).toBeVisible();
  const cards = today.getByRole('listitem');
  // Route order, nearest first from the business in central Springfield: south Springfield, Nixa, Ozark.
  await expect(cards.getByRole('paragraph').filter({ hasText: /^\w+ \w+$/ })).toHaveText([
    CAT.name,
    ANN.name,
    BOB.name,
  ]);
  page.off('request', countScript);
  page.off('response', todayAnswer);
  const drawnWith = (await Promise.all(scriptBytes)).reduce((sum, bytes) => sum + bytes, 0);
  expect(drawnWith, `${(drawnWith / 1024).toFixed(1)} KB of script before Today came`).toBeLessThan(100 * 1024);
  await sessionCheck;
  const route = (await today.getByRole('link', { name: 'Route' }).getAttribute('href')) ?? '';
  const stops = [CAT.zip, ANN.zip, BOB.zip].map((zip) => route.indexOf(zip));
  expect(stops.every((at, i) => at > 0 && (i === 0 || at > stops[i - 1]!))).toBe(true);
  const ann = cards.filter({ hasText: ANN.name });
  await expect(ann.getByRole('link', { name: 'Call (417) 555-0177' })).toHaveAttribute('href', 'tel:+14175550177');
  await expect(ann.getByRole('link', { name: `12 Elm Street, Nixa, MO ${ANN.zip}` })).toHaveAttribute('href', /maps/);
  await expect(ann.getByText('Requested')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // A visit: its dialog keeps focus, refuses a start outside the window, confirms 9:30.
  const details = ann.getByRole('button', { name: `Details for ${ANN.name}` });
  await details.click();
  const dialog = page.getByRole('dialog', { name: `${ANN.name}: Dryer Vent Cleaning` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Booked', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm time' }).click();
  await dialog.getByLabel('Start').fill('13:00');
  await dialog.getByRole('button', { name: 'Confirm visit' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /./ })).toHaveText(
    'The start must be within the window: Morning (8 AM-12 PM).',
  );
  await expect(dialog.getByLabel('Start')).toHaveValue('13:00');
  await dialog.getByLabel('Start').fill('09:30');
  await dialog.getByRole('button', { name: 'Confirm visit' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Visit confirmed: ${formatDay(DAY.date)} at 9:30 AM.`);
  await expect(dialog.getByText('Time confirmed', { exact: true })).toBeVisible();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();
  await expect(ann.getByText('9:30 AM-10:30 AM')).toBeVisible();
  await expect(ann.getByText('Confirmed')).toBeVisible();

  // Bob moves to the afternoon of the same day.
  const bob = cards.filter({ hasText: BOB.name });
  await bob.getByRole('button', { name: `Details for ${BOB.name}` }).click();
  const bobDialog = page.getByRole('dialog', { name: `${BOB.name}: Dryer Vent Cleaning` });
  await bobDialog.getByRole('button', { name: 'Reschedule' }).click();
  await bobDialog.getByLabel('Window').selectOption({ label: 'Afternoon (12-6 PM)' });
  await bobDialog.getByRole('button', { name: 'Move visit' }).click();
  await expect(bobDialog.getByRole('status')).toHaveText(`Visit moved to ${formatDay(DAY.date)}, Afternoon (12-6 PM).`);
  await bobDialog.getByRole('button', { name: 'Close' }).click();
  await expect(today.getByRole('heading', { name: 'Afternoon (12-6 PM)' })).toBeVisible();

  // Cat's visit done, with a note: her account shows it done.
  const cat = cards.filter({ hasText: CAT.name });
  await cat.getByRole('button', { name: `Details for ${CAT.name}` }).click();
  const catDialog = page.getByRole('dialog', { name: `${CAT.name}: Dryer Vent Cleaning` });
  await catDialog.getByRole('button', { name: 'Mark done' }).click();
  await catDialog.getByLabel('Completion note').fill('Vent cleared, 2 ft of lint.');
  await catDialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(catDialog.getByRole('status')).toHaveText('Visit marked done.');
  await expect(catDialog.getByText('Vent cleared, 2 ft of lint.', { exact: true })).toBeVisible();
  await expect(catDialog.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  await catDialog.getByRole('button', { name: 'Close' }).click();
  await expect(cat.getByText('Done', { exact: true })).toBeVisible();

  // Ann's cancelled and refunded, the last button pressed twice: told once, as done.
  await details.click();
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await dialog.getByLabel('Reason (the customer sees it)').fill('Our van broke down');
  const refund = dialog.getByRole('checkbox', { name: /^Refund \$[\d.]+ to the card$/ });
  await expect(refund).toBeChecked();
  const amount = /\$[\d.]+/.exec((await refund.locator('xpath=..').textContent()) ?? '')![0];
  await dialog.getByRole('button', { name: 'Cancel visit' }).click();
  await expect(dialog.getByText(`Cancel this visit and refund ${amount}?`)).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, cancel visit' }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText(`Visit cancelled and ${amount} refunded.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ann.getByText('Cancelled', { exact: true })).toBeVisible();

  // Nothing of the morning holds a place now; Bob's moved visit still waits for a time.
  await openDeskView(page, 'To confirm');
  const toConfirm = deskView(page);
  await expect(toConfirm.getByRole('listitem')).toHaveCount(1);
  await expect(toConfirm.getByRole('listitem')).toContainText(BOB.name);
  await openDeskView(page, 'Week');
  const week = deskView(page).getByRole('listitem').first();
  await expect(week.getByText('Morning (8 AM-12 PM): 0 of 3')).toBeVisible();
  await expect(week.getByText('Afternoon (12-6 PM): 1 of 3')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await context.close();

  const customer = await signedInOn(browser, server, catAccount);
  await customer.page.goto('/account');
  await expect(customer.page.getByText(`Done: ${formatDay(DAY.date)}`)).toBeVisible();
  await customer.context.close();
});

test('the owner closes a day and sets the capacity; a refusal keeps what was typed', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, server, owner);
  // With the stored session, the desk's first reads (the settings, and Today's visits by the
  // phone's own day) leave as the page opens, before the desk's code has come. Both the desk's code
  // and the settings' answer are held until those visits have been asked for, so a desk that asked
  // only once its code ran, or only after the settings, would never ask, and this would time out.
  // The site's clock was moved by the test before: the desk then reads the server's day as well.
  const serverToday = await siteToday(page);
  const phoneToday = businessToday();
  const todayAsked = page.waitForRequest((request) =>
    request.url().endsWith(`/api/owner/visits?from=${phoneToday}&to=${phoneToday}`),
  );
  const holdUntilAsked = async (route: Route) => {
    await todayAsked.catch(() => undefined);
    await route.continue();
  };
  await page.route('**/api/owner/settings', holdUntilAsked);
  await page.route(/\/_astro\/OwnerDesk\.[\w-]+\.js$/, holdUntilAsked);
  await page.goto('/owner');
  await todayAsked;
  await expect(deskView(page).getByRole('heading', { name: formatDay(serverToday) })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await openDeskView(page, 'Closed days');
  const panel = deskView(page);
  await expect(panel.getByText('(Holiday)').first()).toBeVisible();
  const day = addWeekday(serverToday, 10);
  const alert = panel.getByRole('alert').filter({ hasText: /./ });
  await panel.getByLabel('Day', { exact: true }).fill(day);
  await panel.getByRole('button', { name: 'Close this day' }).click();
  await expect(alert).toHaveText('Please give a reason: customers see it.');
  await expect(panel.getByLabel('Day', { exact: true })).toHaveValue(day);
  await panel.getByLabel('Reason', { exact: true }).fill('Staff training');
  // A day gone by: the server refuses it, in its words, and the form keeps both fields.
  await panel.getByLabel('Day', { exact: true }).fill('2020-01-06');
  await panel.getByRole('button', { name: 'Close this day' }).click();
  await expect(alert).toHaveText('date must be today or later');
  await expect(panel.getByLabel('Reason', { exact: true })).toHaveValue('Staff training');
  await panel.getByLabel('Day', { exact: true }).fill(day);
  await panel.getByRole('button', { name: 'Close this day' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /./ })).toHaveText(`Closed ${formatDay(day)}.`);
  await expect(panel.getByText('Staff training')).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: `Remove ${formatDay(day, 'short')}` }).click();
  await expect(panel.getByRole('status').filter({ hasText: /./ })).toHaveText(`Opened ${formatDay(day)} again.`);
  await expect(panel.getByText('Staff training')).toHaveCount(0);

  await openDeskView(page, 'Capacity');
  const field = page.getByLabel('Visits per window');
  await expect(field).toHaveValue('3');
  await field.fill('25');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(deskView(page).getByRole('alert')).toHaveText('Please enter a whole number from 1 to 20.');
  await expect(field).toHaveValue('25');
  await field.fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 4 visits per window.')).toBeVisible();
  await context.close();
});

/** The first weekday (Monday to Friday, no holiday) at least `days` after `date`. */
function addWeekday(date: string, days: number): string {
  let day = addDays(date, days);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()) || holidayOn(day)) day = addDays(day, 1);
  return day;
}
