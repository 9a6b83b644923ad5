/**
 * Texts to customers (docs/product/texts.md#consent, docs/product/texts.md#what-is-texted,
 * docs/product/texts.md#quiet-hours, docs/product/texts.md#stop-help-and-start,
 * docs/product/texts.md#replies, docs/product/texts.md#texts-in-production-and-in-the-embedded-default),
 * on a server of its own (a fresh data dir, OWNER_EMAIL set, texts on through the embedded stand-in),
 * on a 390 px phone, the site's clock moved, never waited for. One customer ticks the consent box on
 * the booking card and pays; the others book through the APIs, with or without consent. What the
 * stand-in sent is read at /_dev/sms.json, the e-mails in the mailbox, the rest through the owner's
 * API; the customer's 'Y' is typed into the stand-in's reply box at /_dev/sms. The desk's On my way
 * and reply box are texts-desk.spec.ts's.
 */
import { request, type APIRequestContext } from '@playwright/test';
import { VISIT_CONSENT_WORDING } from '../../src/features/texts/consent';
import { HELP_REPLY, STOP_REPLY } from '../../src/features/texts/keywords';
import { visitConfirmedText, visitProposedText } from '../../src/features/texts/messages';
import type { AccountSummary } from '../../src/features/account/account-summary';
import type { OwnerTextsAnswer, OwnerVisitAnswer } from '../../src/features/visits/owner-api';
import { addDays, businessTimeToUtc, formatDay } from '../../src/lib/dates';
import { SITE } from '../../src/site';
import { bookableWeekdays } from '../support/visit';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { bookAndPay, newCustomer, type Customer } from './api-setup';
import { asOwner, newOwner, signedInOn } from './desk-flow';
import { mailsTo, moveClockTo, oneMailTo, type OnSite } from './owner-mail';
import { bookingCard, fillVisit, typedVisit } from './visit-fields';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const OWNER = `owner.${stamp}@example.com`;
/** Three days ahead at least, so the morning two days before it is still to come on the site's clock. */
const DAY = bookableWeekdays().find((d) => d.date >= addDays(bookableWeekdays()[0]!.date, 1))!.date;
const SERVICE = 'Dryer Vent Cleaning';
/** Each customer has a number of their own: consent, opt-outs and the first text's framing are per number. */
const ANA = { name: 'Ana Able', email: `ana.${stamp}@example.com`, phone: '(417) 555-0161', e164: '+14175550161' };
const BO = { name: 'Bo Blank', email: `bo.${stamp}@example.com`, phone: '(417) 555-0162', e164: '+14175550162' };
const CY = { name: 'Cy Stop', email: `cy.${stamp}@example.com`, phone: '(417) 555-0163', e164: '+14175550163' };
const DEE = { name: 'Dee Late', email: `dee.${stamp}@example.com`, phone: '(417) 555-0164', e164: '+14175550164' };

let server: ServerProcess;
let owner: Customer;
let ana: Customer;
/** Plain HTTP to this spec's server: the stand-in's JSON, the mailbox, the clock. */
let api: APIRequestContext;
/** What reads the mailbox and the clock through `api`. */
const site: OnSite = {
  get request() {
    return api;
  },
};
const visits = { ana: '', bo: '', cy: '', dee: '' };

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-texts-'),
    port: await freePort(),
    // Four customers on one morning: more than the default three a window takes.
    env: { OWNER_EMAIL: OWNER, VISITS_PER_WINDOW: '6' },
    template: true,
  });
  api = await request.newContext({ baseURL: server.origin });
  ana = await newCustomer(server, { name: ANA.name, email: ANA.email });
  const booked = async (who: typeof BO, textConsent: boolean) => {
    const customer = await newCustomer(server, { name: who.name, email: who.email });
    const visit = { ...typedVisit('65714', DAY), phone: who.phone, textConsent };
    return (await bookAndPay(server, customer, { visit })).visitId;
  };
  visits.bo = await booked(BO, false);
  visits.cy = await booked(CY, true);
  visits.dee = await booked(DEE, true);
  owner = await newOwner(server, OWNER);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

interface StandInText {
  to: string;
  from: string;
  body: string;
  direction: 'outbound' | 'inbound';
}

/** The texts the stand-in has sent to `e164`, oldest first. */
async function textsTo(e164: string): Promise<string[]> {
  const res = await api.get('/_dev/sms.json');
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as { messages: StandInText[] };
  return messages
    .filter((m) => m.direction === 'outbound' && m.to === e164)
    .map((m) => m.body)
    .reverse();
}

/** The visit's texts as the desk shows them (the owner's API), newest first. */
async function thread(visitId: string): Promise<OwnerTextsAnswer['texts']> {
  return ((await asOwner(server, owner, `/api/owner/visits/${visitId}/texts`)) as OwnerTextsAnswer).texts;
}

/** The visit as the owner's API gives it. */
async function ownerVisit(visitId: string): Promise<OwnerVisitAnswer['visit']> {
  return ((await asOwner(server, owner, `/api/owner/visits/${visitId}`)) as OwnerVisitAnswer).visit;
}

/** The facts a visit's texts name: the service, DAY's morning. */
const FACTS = { service: SERVICE, day: DAY, window: 'morning' as const, start: null };

test('a customer who ticks the box on the booking card gets the booking text, framed; one who did not gets none', async ({
  browser,
}) => {
  const { page } = await signedInOn(browser, server, ana);
  await page.goto('/services/dryer-vent-cleaning');
  const card = await bookingCard(page);
  await fillVisit(card, '65714', DAY);
  await card.getByLabel('Phone').fill(ANA.phone);
  const consent = card.getByRole('checkbox', { name: VISIT_CONSENT_WORDING });
  await expect(consent).not.toBeChecked();
  await consent.check();
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /Book & Pay/ }).click();
  const checkout = await popup;
  await checkout.getByLabel('Name on card').fill(ANA.name);
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The visit is made when the payment's webhook is handled: the account lists it then.
  const anasVisit = async () => {
    const res = await api.get('/api/account', { headers: { authorization: `Bearer ${ana.session.access_token}` } });
    return ((await res.json()) as AccountSummary).visits.find((v) => v.id)?.id ?? '';
  };
  await expect.poll(anasVisit, { message: "Ana's visit" }).not.toBe('');
  visits.ana = await anasVisit();

  // Daytime in Springfield, two days before the visit: a booking paid in quiet hours waits for 8 AM.
  await moveClockTo(site, addDays(DAY, -2), '10:00');
  const booking = `We got your booking: ${SERVICE}, ${formatDay(DAY, 'short')}, Morning (8 AM-12 PM). We will text you a time to confirm.`;
  await expect
    .poll(() => textsTo(ANA.e164), { message: "the stand-in's texts to Ana" })
    .toEqual([`Springfield Home Maintenance: ${booking} Reply STOP to stop, HELP for help.`]);
  await expect.poll(() => textsTo(DEE.e164), { message: "Dee's booking text" }).toHaveLength(1);
  await expect.poll(() => textsTo(CY.e164), { message: "Cy's booking text" }).toHaveLength(1);

  // Bo did not tick the box: his booking e-mail came, and no text was ever made for it.
  await oneMailTo(site, BO.email, /^Booking confirmed/);
  expect(await thread(visits.bo)).toEqual([]);
  expect(await textsTo(BO.e164)).toEqual([]);
});

test("a proposed time is texted, and the customer's 'Y' in the stand-in's reply box confirms it", async ({
  browser,
}) => {
  const { page } = await signedInOn(browser, server, ana);
  await asOwner(server, owner, `/api/owner/visits/${visits.ana}`, { action: 'propose', start: '09:30' });
  const proposed = `Springfield Home: ${visitProposedText(FACTS, '09:30')}`;
  expect(proposed).toContain(`Reply Y to confirm 9:30 AM, or call ${SITE.phone.display}.`);
  await expect.poll(() => textsTo(ANA.e164), { message: 'the proposal text' }).toContain(proposed);

  await page.goto('/_dev/sms');
  const anasThread = page.getByRole('region', { name: ANA.e164 });
  await expect(anasThread).toContainText(proposed);
  await anasThread.getByLabel(`Reply as ${ANA.e164}`).fill('Y');
  await anasThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText("Reply delivered: the site's webhook answered 200.");

  const visit = await ownerVisit(visits.ana);
  expect(visit.status).toBe('confirmed');
  const confirmed = `Springfield Home: ${visitConfirmedText({ ...FACTS, start: '09:30' })}`;
  await expect.poll(() => textsTo(ANA.e164), { message: 'the Confirmed text' }).toContain(confirmed);
  await oneMailTo(site, ANA.email, /^Visit confirmed: /);
});

test('after STOP the owner moves the visit: the e-mail goes, no text', async () => {
  const stop = await api.post('/_dev/sms/reply', { data: { from: CY.e164, body: 'STOP' } });
  expect(stop.status()).toBe(200);
  await expect.poll(() => textsTo(CY.e164), { message: 'the opt-out confirmation' }).toContain(STOP_REPLY);

  await asOwner(server, owner, `/api/owner/visits/${visits.cy}`, {
    action: 'reschedule',
    date: DAY,
    window: 'afternoon',
  });
  // The e-mail is queued in the change's transaction, where the text would have been.
  await oneMailTo(site, CY.email, /^Visit moved: /);
  expect((await thread(visits.cy)).filter((t) => t.direction === 'outbound').map((t) => t.body)).not.toContainEqual(
    expect.stringContaining('Your visit is moved'),
  );
  const sent = await textsTo(CY.e164);
  expect(sent.at(-1)).toBe(STOP_REPLY);
  expect(sent.filter((t) => t.includes('moved'))).toEqual([]);
});

test('HELP is answered with the phone, even to a number without consent', async () => {
  const help = await api.post('/_dev/sms/reply', { data: { from: BO.e164, body: 'help' } });
  expect(help.status()).toBe(200);
  await expect.poll(() => textsTo(BO.e164), { message: 'the answer to HELP' }).toEqual([HELP_REPLY]);
  expect(HELP_REPLY).toContain('call (417) 555-0142');
});

test("a free-text reply is kept with the visit's texts and alerts the owner", async () => {
  const said = 'Please ring the side door, the front bell is broken';
  const reply = await api.post('/_dev/sms/reply', { data: { from: ANA.e164, body: said } });
  expect(reply.status()).toBe(200);
  const alert = await oneMailTo(site, OWNER, /^Text from /);
  expect(alert.subject).toBe(`Text from ${ANA.name}: ${said}`);
  const texts = await thread(visits.ana);
  expect(texts[0]).toMatchObject({ direction: 'inbound', body: said, state: 'received' });
  // No answer goes to the customer for a reply: it is the owner's to answer.
  expect((await textsTo(ANA.e164)).filter((t) => t.includes(said))).toEqual([]);
});

test('a forged inbound text is refused 403 and nothing of it is kept', async () => {
  const before = await thread(visits.ana);
  const forged = await api.post('/api/sms-inbound', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
    data: new URLSearchParams({
      MessageSid: `SM${'f'.repeat(32)}`,
      AccountSid: `AC${'0'.repeat(32)}`,
      From: ANA.e164,
      To: '+14175550199',
      Body: 'STOP',
    }).toString(),
  });
  expect(forged.status()).toBe(403);
  expect(await thread(visits.ana)).toEqual(before);
  // Not opted out: the owner's reply box still texts Ana.
  const answer = (await asOwner(server, owner, `/api/owner/visits/${visits.ana}/texts`)) as OwnerTextsAnswer;
  expect(answer.optedOut).toBe(false);
  expect((await mailsTo(site, OWNER)).filter((m) => m.subject.startsWith('Text from'))).toHaveLength(1);
});

test('a change at 9:30 PM waits for 8 AM the next day, then is texted', async () => {
  await moveClockTo(site, addDays(DAY, -2), '21:30');
  await asOwner(server, owner, `/api/owner/visits/${visits.dee}`, { action: 'confirm', start: '10:00' });
  const confirmed = `Springfield Home: ${visitConfirmedText({ ...FACTS, start: '10:00' })}`;
  // Its e-mail goes now; the text waits for 8 AM.
  await oneMailTo(site, DEE.email, /^Visit confirmed: /);
  const [waiting] = await thread(visits.dee);
  expect(waiting).toMatchObject({ direction: 'outbound', body: confirmed, state: 'waiting' });
  expect(waiting?.sendAt && Date.parse(waiting.sendAt)).toBe(businessTimeToUtc(addDays(DAY, -1), '08:00').getTime());
  expect(await textsTo(DEE.e164)).not.toContain(confirmed);

  await moveClockTo(site, addDays(DAY, -1), '07:59');
  // A keyword's answer goes at once: once it has reached the stand-in, the outbox has passed over
  // the held text too, which it would have sent first had it been due.
  await api.post('/_dev/sms/reply', { data: { from: DEE.e164, body: 'HELP' } });
  await expect.poll(() => textsTo(DEE.e164), { message: 'the answer to HELP at 7:59' }).toContain(HELP_REPLY);
  expect(await textsTo(DEE.e164)).not.toContain(confirmed);
  expect((await thread(visits.dee)).find((text) => text.body === confirmed)?.state).toBe('waiting');
  await moveClockTo(site, addDays(DAY, -1), '08:00');
  await expect.poll(() => textsTo(DEE.e164), { message: 'the Confirmed text at 8 AM' }).toContain(confirmed);
  // Marked sent once the provider has answered.
  await expect
    .poll(async () => (await thread(visits.dee)).find((text) => text.body === confirmed), {
      message: "the desk's thread",
    })
    .toMatchObject({ body: confirmed, state: 'sent' });
});
