/**
 * Receipts, review requests and unsubscribing (docs/product/emails.md#receipts,
 * docs/product/emails.md#review-requests, docs/product/emails.md#unsubscribing) on a server of its own with
 * REVIEW_URL set (its clock moves), on a 390 px phone: the booking e-mail links the card provider's
 * receipt; the owner marks a visit done on the desk, and the day after at 10 AM exactly one review
 * request arrives with REVIEW_URL and the one-click unsubscribe headers (read from the mailbox's
 * JSON); the e-mail's unsubscribe page (axe, keyboard) unsubscribes with its one POST; the next
 * visit done sends that customer nothing, while another customer's review request arrives.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/lib/dates';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { signUpAndIn } from './customer';
import { bookAndPayOn, makeOwner, PHONE, phoneOn } from './desk-flow';
import { moveClockTo } from './owner-mail';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const REVIEW_URL = 'https://g.page/r/springfield-home-e2e/review';
const SUBJECT = 'How did your visit go?';
const stamp = Date.now();
const DEE = { name: 'Dee Dalton', email: `dee.${stamp}@example.com`, zip: '65714' };
const EVE = { name: 'Eve Ellis', email: `eve.${stamp}@example.com`, zip: '65721' };
const OWNER = `owner.${stamp}@example.com`;
// The first two weekday mornings bookable (no holiday, from the day after tomorrow): one visit on each for Dee.
const [FIRST, SECOND] = bookableWeekdays().map((d) => d.date);

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-review-'),
    port: await freePort(),
    env: { REVIEW_URL },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** A mail as the local mailbox's JSON lists it. */
interface Mail {
  subject: string;
  text: string;
  links: string[];
  headers: Record<string, string[]>;
}

async function mails(page: Page, email: string): Promise<Mail[]> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The mails to `email` with `subject`, once at least one has come. */
async function mailsWith(page: Page, email: string, subject: RegExp | string): Promise<Mail[]> {
  const matches = (m: Mail) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject));
  await expect.poll(async () => (await mails(page, email)).some(matches)).toBe(true);
  return (await mails(page, email)).filter(matches);
}

/** Marks `name`'s visit of today done on the desk, as the owner would. */
async function markDone(page: Page, name: string): Promise<void> {
  await page.goto('/owner');
  await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  const card = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: `Details for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${name}: Dryer Vent Cleaning` });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Visit marked done.');
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('a receipt, one review request the day after done, one-click unsubscribe, then none', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  expect(FIRST && SECOND).toBeTruthy();

  // Dee books the first and the second morning; Eve the second.
  const dee = await phoneOn(browser, server);
  await signUpAndIn(dee.page, DEE.email, DEE.name);
  await dee.page.setViewportSize(PHONE);
  await bookAndPayOn(dee.page, DEE, FIRST);
  await bookAndPayOn(dee.page, DEE, SECOND);
  const eve = await phoneOn(browser, server);
  await signUpAndIn(eve.page, EVE.email, EVE.name);
  await bookAndPayOn(eve.page, EVE, SECOND);
  await eve.context.close();

  // The booking e-mail links the card provider's receipt: a paid invoice of the payment.
  const [booking] = await mailsWith(dee.page, DEE.email, /^Booking confirmed: /);
  const receipt = /Your receipt: (\S+)/.exec(booking?.text ?? '')?.[1] ?? '';
  expect(receipt).toMatch(/\/_stripe\/invoice\/in_\w+$/);
  await dee.page.goto(receipt);
  await expect(dee.page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(dee.page.getByText('paid', { exact: true })).toBeVisible();

  // The owner marks Dee's first visit done on its morning.
  const owner = await phoneOn(browser, server);
  await signUpAndIn(owner.page, OWNER, 'Owner Olson');
  await owner.page.setViewportSize(PHONE);
  await makeOwner(server, OWNER);
  await moveClockTo(owner.page, FIRST!, '08:00');
  await markDone(owner.page, DEE.name);

  // Nothing before 10 AM the next day; then exactly one, with the link and the one-click headers.
  await moveClockTo(owner.page, addDays(FIRST!, 1), '09:55');
  await moveClockTo(owner.page, addDays(FIRST!, 1), '10:05');
  const [request, ...more] = await mailsWith(dee.page, DEE.email, SUBJECT);
  expect(more).toEqual([]);
  expect(request?.text).toContain(`a review helps our neighbors find us: ${REVIEW_URL}`);
  expect(request?.headers['List-Unsubscribe']).toEqual([
    expect.stringMatching(/^<http:\/\/localhost:\d+\/api\/unsubscribe\?t=[\w-]{43}>$/),
  ]);
  expect(request?.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  const oneClick = /^<(.+)>$/.exec(request?.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? '';

  // The e-mail's link opens a page that changes nothing until its button is pressed (one POST).
  const pageLink = request?.links.find((l) => l.includes('/unsubscribe?t=')) ?? '';
  expect(pageLink).toBe(oneClick.replace('/api/unsubscribe', '/unsubscribe'));
  await dee.page.goto(pageLink);
  await expect(dee.page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  const button = dee.page.getByRole('button', { name: `Unsubscribe ${DEE.email}` });
  await expect(button).toBeVisible();
  expect(await (await dee.page.request.get(oneClick)).json()).toEqual({ email: DEE.email, unsubscribed: false });
  await expectNoAxeViolations(dee.page);
  expect(await dee.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await dee.page.screenshot({ path: testInfo.outputPath('unsubscribe-390.png'), fullPage: true });
  const posted = dee.page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/api/unsubscribe'));
  await button.focus();
  await dee.page.keyboard.press('Enter');
  await posted;
  await expect(dee.page.getByRole('status')).toHaveText(
    `You are unsubscribed: ${DEE.email} gets no more review requests or guides from us. Booking, plan and visit e-mails still come.`,
  );
  await expectNoAxeViolations(dee.page);
  await dee.page.screenshot({ path: testInfo.outputPath('unsubscribed-390.png'), fullPage: true });
  // A mail program's one-click POST to the header's link (RFC 8058) answers the same, again.
  const again = await dee.page.request.post(oneClick, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(again.status()).toBe(200);

  // The second morning: Dee's and Eve's visits done; the day after, Eve's request comes, Dee's not.
  await moveClockTo(owner.page, SECOND!, '08:00');
  await markDone(owner.page, DEE.name);
  await markDone(owner.page, EVE.name);
  await moveClockTo(owner.page, addDays(SECOND!, 1), '10:05');
  await mailsWith(owner.page, EVE.email, SUBJECT);
  expect((await mails(dee.page, DEE.email)).filter((m) => m.subject === SUBJECT)).toHaveLength(1);
  await owner.context.close();
  await dee.context.close();
});
