/**
 * The time agreed without a phone call (docs/product/visits.md#proposed-times), on a server of its
 * own (a fresh data dir, OWNER_EMAIL set), on a 390 px phone, the site's clock moved, never waited
 * for. Three customers have booked one morning (through the APIs), at three addresses. Two evenings
 * before, the owner opens Week, shows that day and presses 'Propose times for <day>': three distinct
 * starts in route order inside the window, looked over, then sent; a start outside the window is
 * refused naming the field. The first customer confirms from the e-mail (the visit confirmed at that
 * start, the calendar entry's SEQUENCE raised, the owner alerted; the used link explained with the
 * phone number); the second asks for the afternoon with a note (the visit requested in the
 * afternoon, the owner alerted with the note); the third does not answer and gets one reminder 24
 * hours later. What the server does under races and replaced links is
 * tests/integration/proposals.test.ts's.
 */
import type { Browser, Page } from '@playwright/test';
import { LINK_MESSAGES } from '../../src/features/visits/changes';
import { addDays, formatDay } from '../../src/lib/dates';
import { SITE } from '../../src/site';
import { routePlaces } from '../../functions/_lib/visits/desk';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import type { Customer } from './api-setup';
import { newCustomerBooks, newOwner, phoneOn, PHONE, signedInOn } from './desk-flow';
import { mailsTo, moveClockTo, oneMailTo, subjectsTo, type MailboxMessage } from './owner-mail';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
// Booked out of route order: Ozark, Springfield, Nixa.
const CUSTOMERS = [
  { name: 'Olive Ozark', email: `olive.${stamp}@example.com`, zip: '65721' },
  { name: 'Sam Springfield', email: `sam.${stamp}@example.com`, zip: '65804' },
  { name: 'Nia Nixa', email: `nia.${stamp}@example.com`, zip: '65714' },
];
// Three days ahead at least, so two evenings before it is still to come on the site's clock.
const DAY = bookableWeekdays().find((d) => d.date >= addDays(bookableWeekdays()[0]!.date, 1))!.date;
const SHORT = formatDay(DAY, 'short');
/** The customers in the day's route order, as the desk's route puts their ZIPs. */
const ROUTE = (() => {
  const places = routePlaces(
    CUSTOMERS.map((c) => ({
      id: c.email,
      day: DAY,
      time_window: 'morning' as const,
      zip: c.zip,
      status: 'requested' as const,
    })),
  );
  return [...CUSTOMERS].sort((a, b) => (places.get(a.email) ?? 0) - (places.get(b.email) ?? 0));
})();
const [FIRST, SECOND, THIRD] = ROUTE as [
  (typeof CUSTOMERS)[number],
  (typeof CUSTOMERS)[number],
  (typeof CUSTOMERS)[number],
];

let server: ServerProcess;
let owner: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-proposals-'),
    port: await freePort(),
    env: { OWNER_EMAIL: OWNER },
    template: true,
  });
  for (const customer of CUSTOMERS) await newCustomerBooks(server, customer, DAY);
  owner = await newOwner(server, OWNER);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** `label` as a regular expression matching it literally ('Pay $66.50', 'Confirm 8:00 AM'). */
function literal(label: string): string {
  return label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The link labelled `label` in a mail's text. */
function linkIn(mail: MailboxMessage, label: string): string {
  const link = new RegExp(`^${literal(label)}: (\\S+)$`, 'm').exec(mail.text)?.[1];
  expect(link, `"${label}" in "${mail.subject}"`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** A signed-out phone on this spec's server. */
async function phone(browser: Browser): Promise<Page> {
  const { page } = await phoneOn(browser, server);
  await page.setViewportSize(PHONE);
  return page;
}

/** The customer's proposal e-mail, once it has come. */
const proposalTo = (page: Page, email: string) => oneMailTo(page, email, /^Proposed time: /);

test('the owner proposes a morning in route order, looked over before it is sent', async ({ browser }) => {
  const { page } = await signedInOn(browser, server, owner);
  await moveClockTo(page, addDays(DAY, -2), '18:00');
  await page.goto('/owner?tab=week');
  await page.getByRole('button', { name: `Show ${SHORT}` }).click();
  await page.getByRole('button', { name: `Propose times for ${SHORT}` }).click();
  const preview = page.getByRole('list', { name: `Times to propose for ${SHORT}` });
  const lines = preview.getByRole('listitem');
  await expect(lines).toHaveCount(3);
  const texts = await lines.allTextContents();
  // Three distinct starts inside the morning, 75 minutes apart, in route order.
  expect(texts.map((t) => t.split(': ')[0])).toEqual(['8:00 AM', '9:15 AM', '10:30 AM']);
  expect(texts.map((t) => t.split(': ')[1]?.split(',')[0])).toEqual(ROUTE.map((c) => c.name));
  // Nothing is sent before 'Send proposals'.
  expect(await subjectsTo(page, FIRST.email, /^Proposed time/)).toEqual([]);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Send proposals' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Proposed 3 times for ${SHORT}.` })).toBeFocused();
  await expect(page.getByRole('button', { name: `Propose times for ${SHORT}` })).toHaveCount(0);
  const first = await proposalTo(page, FIRST.email);
  expect(first.subject).toMatch(new RegExp(`^Proposed time: ${formatDay(DAY)}, 8:00 AM \\(`));

  // A start outside the window is refused, naming the field; the proposal stands.
  await page
    .getByRole('button', { name: /^Details/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Proposed 8:00 AM, no answer yet (sent less than an hour ago)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Propose a time' }).click();
  await dialog.getByLabel('Start').fill('12:30');
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(dialog.getByText('start must be within the window: Morning (8 AM-12 PM).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('the first customer in the route confirms with one tap; the used link is explained', async ({ browser }) => {
  const page = await phone(browser);
  const sam = FIRST;
  const confirm = linkIn(await proposalTo(page, sam.email), 'Confirm 8:00 AM');
  await page.goto(confirm);
  await expect(page.getByText(`We propose ${formatDay(DAY)} at 8:00 AM.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm 8:00 AM' }).click();
  await expect(page.getByRole('status')).toContainText(`Visit confirmed: ${formatDay(DAY)} at 8:00 AM.`);

  const confirmed = await oneMailTo(page, sam.email, /^Visit confirmed: /);
  const calendar = (await mailsTo(page, sam.email)).find((m) => m.subject === confirmed.subject) as MailboxMessage & {
    attachments?: { content: string }[];
  };
  // The booking's entry was sequence 0, the proposal 1, the confirmation 2.
  expect(calendar.attachments?.[0]?.content).toContain('SEQUENCE:2');
  const alert = await oneMailTo(page, OWNER, /^Time confirmed: /);
  expect(alert.subject).toBe(`Time confirmed: ${sam.name}, ${SHORT} at 8:00 AM`);

  // The link is spent: explained, with the phone number.
  await page.goto(confirm);
  await expect(page.getByText(LINK_MESSAGES.used)).toBeVisible();
  await expect(page.getByText(SITE.phone.display).first()).toBeVisible();
});

test('the second asks for the afternoon with a note', async ({ browser }) => {
  const page = await phone(browser);
  const nia = SECOND;
  await page.goto(linkIn(await proposalTo(page, nia.email), 'Ask for another time'));
  await expect(page.getByText(`We propose ${formatDay(DAY)} at 9:15 AM.`)).toBeVisible();
  await page.getByLabel('Day and window to ask for').selectOption(`${DAY} afternoon`);
  await page.getByLabel('A note for us (optional)').fill('After 1 please');
  await page.getByRole('button', { name: 'Ask for another time' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you: we will send you another time for');
  await expectNoAxeViolations(page);

  const alert = await oneMailTo(page, OWNER, /^Another time asked: /);
  expect(alert.subject).toBe(`Another time asked: ${nia.name}, ${formatDay(DAY)}, afternoon (12-6 PM)`);
  expect(alert.text).toContain('"After 1 please"');
});

test('the third, who does not answer, gets one reminder 24 hours later; the others none', async ({ browser }) => {
  const page = await phone(browser);
  await moveClockTo(page, addDays(DAY, -1), '17:55');
  expect(await subjectsTo(page, THIRD.email, /^Reminder: proposed time/)).toEqual([]);
  await moveClockTo(page, addDays(DAY, -1), '18:20');
  const reminder = await oneMailTo(page, THIRD.email, /^Reminder: proposed time/);
  expect(reminder.subject).toMatch(new RegExp(`^Reminder: proposed time: ${formatDay(DAY)}, 10:30 AM \\(`));
  expect(linkIn(reminder, 'Confirm 10:30 AM')).toBe(linkIn(await proposalTo(page, THIRD.email), 'Confirm 10:30 AM'));
  await moveClockTo(page, addDays(DAY, -1), '20:00');
  expect(await subjectsTo(page, THIRD.email, /^Reminder: proposed time/)).toHaveLength(1);
  for (const answered of [FIRST, SECOND]) {
    expect(await subjectsTo(page, answered.email, /^Reminder: proposed time/)).toEqual([]);
  }
});
