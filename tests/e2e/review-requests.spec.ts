/**
 * Unsubscribing from a review request (docs/product/emails.md#review-requests,
 * docs/product/emails.md#unsubscribing) on a server of its own with REVIEW_URL set (its clock moves), on
 * a 390 px phone: a customer's paid visit is marked done on its morning, the day after at 10 AM the
 * review request arrives, and its link opens the unsubscribe page (axe, keyboard), which changes
 * nothing until its button sends its one POST. What the server sends and when (the receipt, one
 * request with REVIEW_URL and the one-click headers, none after unsubscribing) is
 * tests/integration/review-requests.test.ts's.
 */
import { addDays } from '../../src/lib/dates';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import type { Customer } from './api-setup';
import { asOwner, newCustomerBooks, newOwner, PHONE, signedInOn } from './desk-flow';
import { moveClockTo, oneMailTo } from './owner-mail';
import { expect, test } from './test';

const REVIEW_URL = 'https://g.page/r/springfield-home-e2e/review';
const SUBJECT = /^How did your visit go\?$/;
const stamp = Date.now();
const DEE = { name: 'Dee Dalton', email: `dee.${stamp}@example.com`, zip: '65714' };
// The first weekday morning bookable (no holiday, from the day after tomorrow).
const FIRST = bookableWeekdays()[0]!.date;

let server: ServerProcess;
let owner: Customer;
let dee: { customer: Customer; visitId: string };

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-review-'),
    port: await freePort(),
    env: { REVIEW_URL },
    template: true,
  });
  dee = await newCustomerBooks(server, DEE, FIRST);
  owner = await newOwner(server, `owner.${stamp}@example.com`);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

test('the review request the day after done links a page that unsubscribes with one press', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, server, dee.customer);
  // Done on its morning, as the owner marks it on the desk; the request comes the day after at 10 AM.
  await moveClockTo(page, FIRST, '08:00');
  await asOwner(server, owner, `/api/owner/visits/${dee.visitId}`, { action: 'done' });
  await moveClockTo(page, addDays(FIRST, 1), '10:05');
  const request = await oneMailTo(page, DEE.email, SUBJECT);
  const oneClick = /^<(.+)>$/.exec(request.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? '';

  // The e-mail's link opens a page that changes nothing until its button is pressed (one POST).
  const pageLink = request.links.find((l) => l.includes('/unsubscribe?t=')) ?? '';
  await page.goto(pageLink);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  const button = page.getByRole('button', { name: `Unsubscribe ${DEE.email}` });
  await expect(button).toBeVisible();
  expect(await (await page.request.get(oneClick)).json()).toEqual({ email: DEE.email, unsubscribed: false });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: testInfo.outputPath('unsubscribe-390.png'), fullPage: true });
  const posted = page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/api/unsubscribe'));
  await button.focus();
  await page.keyboard.press('Enter');
  await posted;
  await expect(page.getByRole('status')).toHaveText(
    `You are unsubscribed: ${DEE.email} gets no more review requests, service reminders or guides from us. Booking, plan and visit e-mails still come.`,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('unsubscribed-390.png'), fullPage: true });
  await context.close();
});
