/**
 * Extras found at the door and tips (docs/product/extras.md), on a server of its own (a fresh data
 * dir, OWNER_EMAIL set), on a 390 px phone, the site's clock moved, never waited for. A customer
 * booked and paid a light bulb replacement (through the APIs) and the owner confirmed 9:30. On the
 * visit's morning the owner marks it done from Today with 'Add extras': three standard LED bulbs
 * (the '+' pressed) and a special-order globe priced by hand, $66.50; the desk says it is unpaid,
 * and the owner API refuses an unknown item and a wrong quantity naming `extras`. The customer
 * opens the e-mail's 'Pay $66.50' link, sees the lines and the total, adds 15% and pays
 * $76.48 on the hosted checkout, where the lines and the tip are their own: /pay then says paid, the
 * receipt comes, the desk shows the tip apart. A link changed by a character is explained with the
 * phone number; the owner refunds the whole payment from the desk, and the customer is told. What
 * the server does under races, expired links and duplicate payments is
 * tests/integration/extras.test.ts's.
 */
import type { Browser, Page } from '@playwright/test';
import { ALTERED_TEXT } from '../../src/features/extras/pay-view';
import type { OwnerVisitAnswer } from '../../src/features/visits/owner-api';
import { formatDay } from '../../src/lib/dates';
import { SITE } from '../../src/site';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { bookAndPay, newCustomer, type Customer } from './api-setup';
import { asOwner, newOwner, phoneOn, PHONE, signedInOn, deskView } from './desk-flow';
import { moveClockTo, oneMailTo, type MailboxMessage } from './owner-mail';
import { ADDRESS, DAY, typedVisit } from './visit-fields';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
const LIZ = { name: 'Liz Lamplighter', email: `liz.${stamp}@example.com`, zip: '65714' };
const SERVICE = 'Light Bulb Replacement';
const BULB = 'LED bulb, standard (A19)';
const PART = 'Special-order part';
const GLOBE = 'Globe for the hallway fixture';
/** 3 × $8.00 and the globe at $42.50; 15% of it is $9.975, rounded to the cent. */
const TOTAL = '$66.50';
const TIP = '$9.98';
const PAID = '$76.48';

let server: ServerProcess;
let owner: Customer;
let visitId = '';

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-extras-'),
    port: await freePort(),
    env: { OWNER_EMAIL: OWNER },
    template: true,
  });
  const liz = await newCustomer(server, { name: LIZ.name, email: LIZ.email });
  ({ visitId } = await bookAndPay(server, liz, {
    service: 'light-bulb-replacement',
    visit: typedVisit(LIZ.zip, DAY.date),
  }));
  owner = await newOwner(server, OWNER);
  await asOwner(server, owner, `/api/owner/visits/${visitId}`, { action: 'confirm', start: '09:30' });
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

/** The page down to the end of its main part, as the phone draws it from the top (the header in its place). */
async function shotOfMain(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByRole('main').boundingBox();
  expect(box).not.toBeNull();
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: 0, width: PHONE.width, height: box!.y + box!.height },
  });
}

/** `label` as a regular expression matching it literally ('Pay $66.50', 'Confirm 8:00 AM'). */
function literal(label: string): string {
  return label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The path (with its query) of the link labelled `label` in a mail's text. */
function linkIn(mail: MailboxMessage, label: string): string {
  const link = new RegExp(`^${literal(label)}: (\\S+)$`, 'm').exec(mail.text)?.[1];
  expect(link, `"${label}" in "${mail.subject}"`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The customer's pay request e-mail, once it has come. */
const payMail = (page: Page) => oneMailTo(page, LIZ.email, /^Pay for extras: /);

/** The order number a subject ends with: '(ORD-…)'. */
function orderIn(subject: string): string {
  const order = /\((ORD-[A-Z0-9]{8})\)$/.exec(subject)?.[1];
  expect(order, `an order number in "${subject}"`).toBeTruthy();
  return order!;
}

/** The visit's dialog from Today, read afresh. */
async function openVisit(page: Page) {
  await page.goto('/owner');
  const card = deskView(page).getByRole('listitem').filter({ hasText: LIZ.name });
  await card.getByRole('button', { name: `Details for ${LIZ.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${LIZ.name}: ${SERVICE}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the owner marks the visit done with 'Add extras': three bulbs and a special-order globe", async ({
  browser,
}, testInfo) => {
  const { page } = await signedInOn(browser, server, owner);
  await moveClockTo(page, DAY.date, '11:00');
  const dialog = await openVisit(page);
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  const addExtras = dialog.getByRole('button', { name: 'Add extras' });
  await addExtras.click();
  await expect(addExtras).toHaveAttribute('aria-expanded', 'true');
  const extras = dialog.getByRole('group', { name: 'Extras the visit used (the customer gets a pay link)' });
  // Only the light bulb visit's items, and the special-order part every service may use.
  await expect(extras.getByLabel(BULB)).toHaveValue('0');
  await expect(extras.getByLabel(/^Refrigerator filter/)).toHaveCount(0);

  const more = extras.getByRole('button', { name: `One more: ${BULB}` });
  // A thumb's target on a 390 px phone.
  expect((await more.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  for (let i = 0; i < 3; i += 1) await more.click();
  await expect(extras.getByLabel(BULB)).toHaveValue('3');
  await expect(extras.getByText('Extras total: $24.00')).toBeVisible();
  await extras.getByRole('button', { name: `One more: ${PART}` }).click();
  await extras.getByLabel('Part name (the customer sees it)').fill(GLOBE);
  await extras.getByLabel(/^Price each, in dollars/).fill('42.50');
  await expect(extras.getByText(`Extras total: ${TOTAL}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  // As the phone shows it: the dialog scrolls within the screen, its form's top then its total.
  await extras.evaluate((form) => form.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: testInfo.outputPath('desk-extras-form-top-390.png') });
  await extras.getByText(`Extras total: ${TOTAL}`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('desk-extras-form-total-390.png') });

  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    new RegExp(
      `^Visit marked done\\. Pay request for \\${TOTAL} sent \\(ORD-[A-Z0-9]{8}\\): the customer has been e-mailed a pay link\\.$`,
    ),
  );
  await expect(dialog.getByText(`Unpaid: ${TOTAL} (sent ${formatDay(DAY.date, 'short')})`)).toBeVisible();
  await expect(dialog.getByText(`3 × ${BULB}: $24.00`)).toBeVisible();
  await expect(dialog.getByText(`1 × ${PART}: ${GLOBE}: $42.50`)).toBeVisible();
  await expect(dialog.getByText('Done', { exact: true })).toBeVisible();
  const mail = await payMail(page);
  expect(mail.subject).toMatch(new RegExp(`^Pay for extras: \\${TOTAL} \\(ORD-[A-Z0-9]{8}\\)$`));
  await expect(dialog.getByText(`Order ${orderIn(mail.subject)}`)).toBeVisible();
});

test("the owner API refuses an unknown item and a wrong quantity, naming 'extras'", async () => {
  /** The owner's charge as the desk sends it: its status and the error it answers. */
  async function charge(extras: unknown[]): Promise<{ status: number; error: string }> {
    const res = await fetch(`${server.origin}/api/owner/visits/${visitId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'charge', extras }),
    });
    return { status: res.status, error: ((await res.json()) as { error: string }).error };
  }
  expect(await charge([{ id: 'gold-bulb', qty: 1 }])).toEqual({
    status: 400,
    error: "extras: unknown item 'gold-bulb'",
  });
  expect(await charge([{ id: 'Gold bulb!', qty: 1 }])).toEqual({ status: 400, error: 'extras.id: unknown item' });
  expect(await charge([{ id: 'bulb-led-a19', qty: -1 }])).toEqual({
    status: 400,
    error: 'extras.qty: each quantity must be a whole number from 1 to 20',
  });
  // Refused whole: the pay request sent stands as it was.
  const { visit } = (await asOwner(server, owner, `/api/owner/visits/${visitId}`)) as OwnerVisitAnswer;
  expect(visit.payRequest).toMatchObject({ status: 'unpaid', amountCents: 6650, items: [{ qty: 3 }, { qty: 1 }] });
});

test('the customer pays from the e-mail with a 15% tip: /pay says paid, the receipt comes, the desk shows the tip', async ({
  browser,
}, testInfo) => {
  const page = await phone(browser);
  const mail = await payMail(page);
  const order = orderIn(mail.subject);
  await page.goto(linkIn(mail, `Pay ${TOTAL}`));
  await expect(page.getByRole('heading', { name: 'Pay for Extras', level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('term')).toHaveText(['Service:', 'Visit day:', 'Address:', 'Order number:']);
  await expect(main.getByRole('definition')).toHaveText([SERVICE, formatDay(DAY.date), ADDRESS, order]);
  const lines = main.getByRole('table');
  await expect(lines.getByRole('row', { name: `3 ${BULB} $8.00 $24.00` })).toBeVisible();
  await expect(lines.getByRole('row', { name: `1 ${PART}: ${GLOBE} $42.50 $42.50` })).toBeVisible();
  await expect(lines.getByRole('row', { name: `Total ${TOTAL}` })).toBeVisible();

  const tips = main.getByRole('group', { name: 'Add a tip?' });
  await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
  await expect(main.getByRole('button', { name: `Pay ${TOTAL}` })).toBeVisible();
  await tips.getByRole('radio', { name: `15% (${TIP})` }).check();
  const pay = main.getByRole('button', { name: `Pay ${PAID}` });
  await expect(pay).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shotOfMain(page, testInfo.outputPath('pay-unpaid-tip-390.png'));

  // The hosted checkout: the lines as stored, and the tip its own line.
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const summary = page.getByRole('list').filter({ hasText: 'Tip, thank you' });
  await expect(summary.getByRole('listitem')).toHaveCount(3);
  await expect(summary.getByRole('listitem').nth(0)).toContainText(`${BULB} × 3`);
  await expect(summary.getByRole('listitem').nth(1)).toContainText(`${PART}: ${GLOBE}`);
  await expect(summary.getByRole('listitem').nth(2)).toContainText(`Tip, thank you`);
  await expect(summary.getByRole('listitem').nth(2)).toContainText(TIP);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  // Ten years ahead: still in the future on the site's moved clock.
  await page
    .getByLabel('Expiry (MM / YY)')
    .fill(`12 / ${String((new Date().getUTCFullYear() + 10) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(LIZ.name);
  await page.getByRole('button', { name: `Pay ${PAID}` }).click();

  // Back on /pay: paid, nothing more to pay.
  await expect(page).toHaveURL(/\/pay\?t=[^&]+&session_id=cs_/);
  // Paid on the visit's day, by the site's clock.
  const said = main.getByRole('status');
  await expect(said).toHaveText(`Paid on ${formatDay(DAY.date)}: ${PAID} (tip ${TIP}). Order ${order}. Thank you!`);
  await expect(said).toBeFocused();
  await expect(lines.getByRole('row', { name: `Tip ${TIP}` })).toBeVisible();
  await expect(lines.getByRole('row', { name: `Total paid ${PAID}` })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(main.getByRole('group', { name: 'Add a tip?' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shotOfMain(page, testInfo.outputPath('pay-paid-390.png'));

  const receipt = await oneMailTo(page, LIZ.email, /^Receipt: extras paid, /);
  expect(receipt.subject).toBe(`Receipt: extras paid, ${PAID} (${order})`);

  const desk = await signedInOn(browser, server, owner);
  const dialog = await openVisit(desk.page);
  await expect(dialog.getByText(`Paid ${PAID} (tip ${TIP})`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund extras' })).toBeVisible();
});

test('a pay link changed by a character is explained, with the phone number', async ({ browser }) => {
  const page = await phone(browser);
  const link = linkIn(await payMail(page), `Pay ${TOTAL}`);
  // The signature's first character, which carries six bits of it.
  const altered = link.replace(/\.(.)/, (_, first: string) => `.${first === 'A' ? 'B' : 'A'}`);
  expect(altered).not.toBe(link);
  await page.goto(altered);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(ALTERED_TEXT);
  expect(ALTERED_TEXT).toMatch(/^This link is not complete or was changed\./);
  await expect(alert.getByRole('link', { name: SITE.phone.display })).toHaveAttribute('href', SITE.phone.href);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test("the owner refunds the extras from the desk: 'Refunded', and the customer's 'Refund issued'", async ({
  browser,
}) => {
  const { page } = await signedInOn(browser, server, owner);
  const order = orderIn((await payMail(page)).subject);
  const dialog = await openVisit(page);
  await dialog.getByRole('button', { name: 'Refund extras' }).click();
  await expect(dialog.getByText(`Refund ${PAID} (the extras and the tip) to the card?`)).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, refund extras' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Extras refunded: ${PAID}.`);
  await expect(dialog.getByText(`Refunded ${PAID}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund extras' })).toHaveCount(0);
  // The visit stays done.
  await expect(dialog.getByText('Done', { exact: true })).toBeVisible();
  const refund = await oneMailTo(page, LIZ.email, /^Refund issued /);
  expect(refund.subject).toBe(`Refund issued (${order})`);
});
