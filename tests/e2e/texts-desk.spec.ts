/**
 * Texts on the desk (docs/product/texts.md#on-my-way, docs/product/texts.md#the-owners-texts), on a
 * server of its own (a fresh data dir, OWNER_EMAIL set, texts on through the embedded stand-in), on a
 * 390 px phone, the site's clock moved, never waited for. A customer booked through the APIs with the
 * consent box ticked; the owner confirmed 9:30. On the visit's morning the owner presses 'On my way'
 * on Today: the minutes come filled with the suggestion (the drive from the business), changed, and
 * 'Text <minutes> min' texts it: the stand-in has the text (/_dev/sms.json). In the visit's dialog the
 * thread shows it, and the owner's reply goes through the reply box, counted, and reaches the
 * stand-in too; a reply the server refuses keeps what was typed.
 */
import type { Page } from '@playwright/test';
import { zipCentre } from '../../src/features/service-area/area-list.server';
import { etaMinutes } from '../../src/features/visits/eta';
import { SITE } from '../../src/site';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { bookAndPay, newCustomer, type Customer } from './api-setup';
import { asOwner, newOwner, signedInOn } from './desk-flow';
import { moveClockTo } from './owner-mail';
import { typedVisit } from './visit-fields';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
const NIA = { name: 'Nia Nixa', email: `nia.${stamp}@example.com`, zip: '65714' };
/** The customer's number as the stand-in keeps it (typedVisit's phone, (417) 555-0177). */
const NIA_PHONE = '+14175550177';
const DAY = bookableWeekdays()[0]!.date;
/** The business to Nixa's ZIP centre: the first stop of the day. */
const SUGGESTED = etaMinutes(SITE.address.geo, zipCentre(NIA.zip));

let server: ServerProcess;
let owner: Customer;
let visitId = '';

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-texts-desk-'),
    port: await freePort(),
    env: { OWNER_EMAIL: OWNER },
    template: true,
  });
  const nia = await newCustomer(server, { name: NIA.name, email: NIA.email });
  const visit = { ...typedVisit(NIA.zip, DAY), textConsent: true };
  ({ visitId } = await bookAndPay(server, nia, { visit }));
  owner = await newOwner(server, OWNER);
  await asOwner(server, owner, `/api/owner/visits/${visitId}`, { action: 'confirm', start: '09:30' });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

interface StandInText {
  to: string;
  body: string;
  direction: 'outbound' | 'inbound';
}

/** The texts the stand-in has sent to Nia's number. */
async function textsToNia(page: Page): Promise<string[]> {
  const res = await page.request.get('/_dev/sms.json');
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as { messages: StandInText[] };
  return messages.filter((m) => m.direction === 'outbound' && m.to === NIA_PHONE).map((m) => m.body);
}

test("'On my way' texts the minutes, filled with the suggestion; the owner replies from the visit's texts", async ({
  browser,
}) => {
  const { page } = await signedInOn(browser, server, owner);
  await moveClockTo(page, DAY, '08:40');
  await page.goto('/owner');
  const card = page.getByRole('listitem').filter({ hasText: NIA.name });
  const onMyWay = card.getByRole('button', { name: `On my way to ${NIA.name}` });
  await expect(onMyWay).toBeVisible();
  // A thumb's target on a 390 px phone.
  expect((await onMyWay.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await onMyWay.click();
  const minutes = card.getByLabel('Minutes until you arrive');
  await expect(minutes).toHaveValue(String(SUGGESTED));
  await expect(card.getByRole('button', { name: `Text ${SUGGESTED} min` })).toBeVisible();
  await expectNoAxeViolations(page);

  await minutes.fill('25');
  await card.getByRole('button', { name: 'Text 25 min' }).click();
  await expect(card.getByRole('status')).toHaveText('Texted: on my way, about 25 minutes.');
  await expect
    .poll(() => textsToNia(page), { message: "the stand-in's texts to the customer" })
    .toContainEqual(expect.stringContaining('On my way: I will be there in about 25 minutes.'));

  // The visit's texts: the thread, newest first, and the reply box.
  await card.getByRole('button', { name: `Details for ${NIA.name}` }).click();
  const dialog = page.getByRole('dialog');
  const thread = dialog.getByRole('list', { name: 'Texts, newest first' });
  await expect(thread.getByRole('listitem').first()).toContainText('On my way: I will be there in about 25 minutes.');
  const box = dialog.getByLabel(`Text ${NIA.name}`);
  await box.fill('Running 5 minutes early, see you soon!');
  await expect(dialog.getByText('38 of 480 characters')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send text' }).click();
  await expect(box).toHaveValue('');
  await expect(thread.getByRole('listitem').first()).toContainText('Running 5 minutes early, see you soon!');
  await expect
    .poll(() => textsToNia(page), { message: "the owner's reply at the stand-in" })
    .toContainEqual(expect.stringContaining('Running 5 minutes early, see you soon!'));
  await expect(thread.getByRole('listitem').first()).toContainText('Sent');

  // A reply the server refuses (the number has since opted out) keeps what was typed, and says why.
  await page.request.post('/_dev/sms/reply', { data: { from: NIA_PHONE, body: 'STOP' } });
  await box.fill('Are you home?');
  await dialog.getByRole('button', { name: 'Send text' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`${NIA.name} opted out of texts: call (417) 555-0177.`);
  await expect(box).toHaveValue('Are you home?');
});
