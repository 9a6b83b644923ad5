/**
 * Inbound texts (docs/product/texts.md#stop-help-and-start, docs/product/texts.md#replies) through
 * the real webhook, POST /api/sms-inbound, on a stack with the Stripe emulator, the real functions,
 * the embedded text stand-in (server/embedded/sms/) and the texts outbox drained as the site drains
 * it: a forged or missing signature is 403 and keeps nothing; bad input after it is 400; STOP opts
 * the number out (the one confirmation sent, a visit text already queued then not sent) and START
 * back in; HELP is answered with the phone; 'Y' confirms the proposal last texted (the visit
 * confirmed, its e-mail queued, the history's confirm under the customer's e-mail), and after that
 * proposal changed answers that the time has changed and tells the owner; anything else reaches
 * the owner ('Text from <customer>: <text>'); a delivery repeated with the same MessageSid is kept
 * and acted on once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { drainOutbox } from '../../functions/_lib/platform/outbox.ts';
import { textQueue } from '../../functions/_lib/texts/sender.ts';
import { twilioSignature } from '../../functions/_lib/texts/signature.ts';
import { createSmsStandIn, type StandInText } from '../../server/embedded/sms/index.ts';
import { isQuietHours } from '../../src/features/texts/quiet-hours.ts';
import { HELP_REPLY, PROPOSAL_CHANGED_REPLY, START_REPLY, STOP_REPLY } from '../../src/features/texts/keywords.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  callAs,
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

const OWNER_EMAIL = 'owner@springfieldhome.example';
const ACCOUNT = `AC${'5'.repeat(32)}`;
const TOKEN = 'sms-inbound-test-auth-token-0123456789';
const SITE_NUMBER = '+14175550199';
type User = { id: string; email: string; name: string; role?: string };
const owner: User = { id: randomUUID(), email: OWNER_EMAIL, name: 'Owner', role: 'owner' };

const ENV_NAMES = [
  'VISIT_LINK_SECRET',
  'OWNER_EMAIL',
  'SITE_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_API_URL',
] as const;
const saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));

let issuer: TokenIssuer;
let stack: Stack;

/**
 * The site's clock, moved to the next daytime hour when the suite runs in quiet hours
 * (docs/product/texts.md#quiet-hours), so the visits' texts go when drained: less than a day on,
 * so the days booked (from the day after tomorrow) stay ahead.
 */
function daytimeOffset(): number {
  let offset = 0;
  while (isQuietHours(new Date(Date.now() + offset)) || isQuietHours(new Date(Date.now() + offset + 2 * 3_600_000))) {
    offset += 3_600_000;
  }
  return offset;
}

beforeAll(async () => {
  const offset = daytimeOffset();
  installClock(() => Date.now() + offset);
  process.env['VISIT_LINK_SECRET'] = 'visit-link-secret-of-the-sms-inbound-tests';
  process.env['OWNER_EMAIL'] = OWNER_EMAIL;
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-sms-inbound-'), functions: true, jwk: issuer.jwk });
  // The webhook checks signatures against the site's public address: this stack's.
  process.env['SITE_URL'] = stack.origin;
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: SITE_NUMBER,
    TWILIO_API_URL: stack.origin,
  });
  const standIn = await createSmsStandIn({
    db: stack.db,
    accountSid: ACCOUNT,
    authToken: TOKEN,
    siteNumber: SITE_NUMBER,
    webhookUrl: () => `${stack.origin}/api/sms-inbound`,
  });
  stack.routes.push(...standIn.routes);
}, 180_000);

afterAll(async () => {
  installClock(Date.now);
  await stack?.close();
  await removeTempDirs();
  for (const name of ENV_NAMES) {
    const value = saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const DAYS = bookableWeekdays().map((d) => d.date);
const dayOf = (n: number) => {
  const day = DAYS[n];
  if (!day) throw new Error(`Not enough open weekdays ahead: ${DAYS.join(', ')}`);
  return day;
};

let numbers = 150;
/** A customer with a number of their own ('(417) 555-01xx'), so opt-outs and proposals stay theirs. */
function customer(name: string): User & { typed: string; phone: string } {
  numbers += 1;
  return {
    id: randomUUID(),
    email: `${name}-${randomUUID().slice(0, 6)}@example.com`,
    name,
    typed: `(417) 555-0${numbers}`,
    phone: `+14175550${numbers}`,
  };
}

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

/** Books and pays a dryer vent cleaning with the text box ticked; the visit's id. */
async function bookAndPay(user: User & { typed: string }, date: string): Promise<string> {
  const visit: Visit & { textConsent: boolean } = {
    street: '12 Elm St',
    city: 'Springfield',
    zip: '65804',
    phone: user.typed,
    date,
    window: 'morning',
    notes: '',
    textConsent: true,
  };
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    { serviceType: 'dryer-vent-cleaning', visit },
    user,
  );
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const sessionId = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  return waitFor(async () => {
    const [row] = await stack.db.query<{ id: string }>(
      'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
      [sessionId],
    );
    return row?.id;
  }, 'the paid visit');
}

const propose = (id: string, start: string) =>
  call<unknown>('POST', `/api/owner/visits/${id}`, { action: 'propose', start }, owner);

/** Sends every text due now through the outbox to the stand-in. */
async function drain(): Promise<void> {
  await drainOutbox({ db: stack.db, queue: textQueue(process.env, stack.db), log: () => undefined }, 60_000);
}

/** What the stand-in holds for a number, oldest first. */
async function thread(phone: string): Promise<StandInText[]> {
  const res = await fetch(`${stack.origin}/_dev/sms.json?number=${encodeURIComponent(phone)}`);
  return ((await res.json()) as { messages: StandInText[] }).messages.reverse();
}
const sentTo = async (phone: string) =>
  (await thread(phone)).filter((text) => text.direction === 'outbound').map((text) => text.body);

/** A customer's text typed into the stand-in's reply box (delivered signed to the webhook). */
async function reply(from: string, body: string): Promise<Response> {
  return fetch(`${stack.origin}/_dev/sms/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
}

/** A webhook delivery made by hand: the provider's parameters, signed over the webhook's URL unless told otherwise. */
function deliver(fields: Record<string, string>, signature?: string | null): Promise<Response> {
  const params = new URLSearchParams({ AccountSid: ACCOUNT, To: SITE_NUMBER, NumMedia: '0', ...fields });
  const signed =
    signature === undefined ? twilioSignature(TOKEN, `${stack.origin}/api/sms-inbound`, params) : signature;
  return fetch(`${stack.origin}/api/sms-inbound`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(signed === null ? {} : { 'X-Twilio-Signature': signed }),
    },
    body: params,
  });
}

const sid = () => `SM${randomUUID().replace(/-/g, '')}`;
const kept = (messageSid: string) =>
  stack.db.query<{ phone: string; body: string; kind: string; visit_id: string | null }>(
    'select phone, body, kind, visit_id from text_messages where provider_sid = $1',
    [messageSid],
  );
const mails = (key: string) =>
  stack.db.query<{ payload: { to: string; subject: string; text: string } }>(
    'select payload from mail_outbox where idempotency_key like $1 order by created_at',
    [key],
  );
const optedOut = async (phone: string) =>
  (await stack.db.query('select 1 from text_opt_outs where phone = $1', [phone])).length > 0;

describe('inbound texts', { timeout: 180_000 }, () => {
  test('a forged, missing or misplaced signature is 403 and keeps nothing', async () => {
    const messageSid = sid();
    const fields = { MessageSid: messageSid, From: '+14175550142', Body: 'STOP' };
    const signedElsewhere = twilioSignature(
      TOKEN,
      'https://elsewhere.example/api/sms-inbound',
      new URLSearchParams({ AccountSid: ACCOUNT, To: SITE_NUMBER, NumMedia: '0', ...fields }),
    );
    for (const signature of ['forged=', null, signedElsewhere]) {
      const res = await deliver(fields, signature);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/X-Twilio-Signature/);
    }
    // Signed, then altered on the way: the body is not what was signed.
    const params = new URLSearchParams({ MessageSid: messageSid, From: '+14175550142', Body: 'HELP' });
    const altered = await fetch(`${stack.origin}/api/sms-inbound`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilioSignature(TOKEN, `${stack.origin}/api/sms-inbound`, params),
      },
      body: new URLSearchParams({ MessageSid: messageSid, From: '+14175550142', Body: 'STOP' }),
    });
    expect(altered.status).toBe(403);
    expect(await kept(messageSid)).toEqual([]);
    expect(await optedOut('+14175550142')).toBe(false);
  });

  test('signed but without a From or a Body, or with a From that is no number: 400 naming it, nothing kept', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ MessageSid: sid(), Body: 'Hi' }, /^From /],
      [{ MessageSid: sid(), From: 'not a number', Body: 'Hi' }, /^From /],
      [{ MessageSid: sid(), From: '+14175550142' }, /^Body /],
      [{ From: '+14175550142', Body: 'Hi' }, /^MessageSid /],
    ];
    for (const [fields, message] of cases) {
      const res = await deliver(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect(await stack.db.query("select 1 from text_messages where direction = 'inbound' and body = 'Hi'")).toEqual([]);
  });

  test('STOP opts out at once (one confirmation; a visit text already queued is not sent); START opts back in', async () => {
    const cal = customer('cal');
    const id = await bookAndPay(cal, dayOf(0));
    await drain();
    expect(await sentTo(cal.phone)).toHaveLength(1); // the booking text
    // A proposal is texted, but still waits in the outbox when the customer writes STOP.
    expect((await propose(id, '09:30')).status).toBe(200);
    const stop = await reply(cal.phone, ' Stop. ');
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await stop.text()).toBe('<Response></Response>');
    expect(await optedOut(cal.phone)).toBe(true);
    const [word] = await stack.db.query<{ word: string }>('select word from text_opt_outs where phone = $1', [
      cal.phone,
    ]);
    expect(word?.word).toBe('STOP');
    await drain();
    const afterStop = await sentTo(cal.phone);
    expect(afterStop.slice(1)).toEqual([STOP_REPLY]);
    const [proposal] = await stack.db.query<{ outcome: string | null }>(
      "select outcome from text_outbox where visit_id = $1 and kind = 'visit-proposed'",
      [id],
    );
    expect(proposal?.outcome).toBe('opted out');
    const [stored] = await stack.db.query<{ kind: string; visit_id: string }>(
      "select kind, visit_id from text_messages where phone = $1 and direction = 'inbound'",
      [cal.phone],
    );
    expect(stored).toEqual({ kind: 'keyword', visit_id: id });

    // A second STOP sends nothing more.
    await reply(cal.phone, 'QUIT');
    await drain();
    expect(await sentTo(cal.phone)).toEqual(afterStop);

    expect((await reply(cal.phone, 'unstop')).status).toBe(200);
    expect(await optedOut(cal.phone)).toBe(false);
    expect((await propose(id, '10:00')).status).toBe(200);
    await drain();
    const afterStart = (await sentTo(cal.phone)).slice(afterStop.length);
    expect(afterStart[0]).toBe(START_REPLY);
    expect(afterStart[1]).toMatch(/^Springfield Home: We propose .* at 10:00 AM/);
  });

  test('HELP is answered with the business, its phone and e-mail, from the stand-in', async () => {
    const dee = customer('dee');
    expect((await reply(dee.phone, 'help')).status).toBe(200);
    await drain();
    expect(await sentTo(dee.phone)).toEqual([HELP_REPLY]);
  });

  test("'Y' confirms the proposal last texted, as the Confirm link does: the visit confirmed, the e-mail queued", async () => {
    const eve = customer('eve');
    const id = await bookAndPay(eve, dayOf(1));
    expect((await propose(id, '09:30')).status).toBe(200);
    await drain();
    expect((await sentTo(eve.phone)).at(-1)).toMatch(/Reply Y to confirm 9:30 AM/);
    expect((await reply(eve.phone, 'y.')).status).toBe(200);
    const [visit] = await stack.db.query<{
      status: string;
      start_time: string;
      proposed_start: string | null;
      calendar_sequence: number;
    }>('select status, start_time, proposed_start, calendar_sequence from visits where id = $1', [id]);
    expect(visit).toMatchObject({ status: 'confirmed', start_time: '09:30', proposed_start: null });
    const [mail] = await mails(`visit-confirmed:${id}:${visit?.calendar_sequence}`);
    expect(mail?.payload.to).toBe(eve.email);
    const history = await stack.db.query<{ actor: string; action: string }>(
      'select actor, action from visit_events where visit_id = $1 order by id',
      [id],
    );
    expect(history.at(-1)).toEqual({ actor: `customer:${eve.email}`, action: 'confirm' });
    expect(await mails(`owner-alert:visit-confirmed:${id}:%`)).toHaveLength(1);
    const [stored] = await stack.db.query<{ kind: string; visit_id: string }>(
      "select kind, visit_id from text_messages where phone = $1 and direction = 'inbound'",
      [eve.phone],
    );
    expect(stored).toEqual({ kind: 'confirm', visit_id: id });
    await drain();
    expect((await sentTo(eve.phone)).at(-1)).toMatch(/^Springfield Home: Confirmed: .* at 9:30 AM\.$/);
  });

  test("'Y' after the proposal changed: 'that time has changed', the visit untouched, the owner told", async () => {
    const fay = customer('fay');
    const id = await bookAndPay(fay, dayOf(2));
    expect((await propose(id, '09:30')).status).toBe(200);
    // The owner confirms another time on the phone: the texted proposal no longer stands.
    expect((await call('POST', `/api/owner/visits/${id}`, { action: 'confirm', start: '11:00' }, owner)).status).toBe(
      200,
    );
    const messageSid = sid();
    expect((await deliver({ MessageSid: messageSid, From: fay.phone, Body: 'YES' })).status).toBe(200);
    const [visit] = await stack.db.query<{ start_time: string }>('select start_time from visits where id = $1', [id]);
    expect(visit?.start_time).toBe('11:00');
    const [changed] = await stack.db.query<{ kind: string; payload: { body: string } }>(
      'select kind, payload from text_outbox where idempotency_key = $1',
      [`text:proposal-changed:${messageSid}`],
    );
    expect(changed).toEqual({
      kind: 'proposal-changed',
      payload: expect.objectContaining({ body: PROPOSAL_CHANGED_REPLY }) as unknown,
    });
    const [alert] = await mails(`owner-alert:text-received:${messageSid}`);
    expect(alert?.payload).toMatchObject({ to: OWNER_EMAIL, subject: 'Text from fay: YES' });
    expect(await kept(messageSid)).toEqual([{ phone: fay.phone, body: 'YES', kind: 'confirm', visit_id: id }]);
  });

  test('anything else reaches the owner, kept with the latest visit; a stranger is named by the number', async () => {
    const gus = customer('gus');
    const id = await bookAndPay(gus, dayOf(3));
    const messageSid = sid();
    const res = await deliver({ MessageSid: messageSid, From: gus.phone, Body: 'Can you come after 10?' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<Response></Response>');
    expect(await kept(messageSid)).toEqual([
      { phone: gus.phone, body: 'Can you come after 10?', kind: 'reply', visit_id: id },
    ]);
    const [alert] = await mails(`owner-alert:text-received:${messageSid}`);
    expect(alert?.payload.subject).toBe('Text from gus: Can you come after 10?');
    expect(alert?.payload.text).toContain(`/owner/visits/${id}`);
    const [event] = await stack.db.query<{ payload: Record<string, unknown> }>(
      'select payload from leads where idempotency_key = $1',
      [`text-received:${messageSid}`],
    );
    expect(event?.payload).toMatchObject({
      event: 'text.received',
      visitId: id,
      from: gus.phone,
      text: 'Can you come after 10?',
    });

    const strangerSid = sid();
    expect((await deliver({ MessageSid: strangerSid, From: '(417) 555-0177', Body: 'Who is this?' })).status).toBe(200);
    expect(await kept(strangerSid)).toEqual([
      { phone: '+14175550177', body: 'Who is this?', kind: 'reply', visit_id: null },
    ]);
    const [strangerAlert] = await mails(`owner-alert:text-received:${strangerSid}`);
    expect(strangerAlert?.payload.subject).toBe('Text from +14175550177: Who is this?');
  });

  test('a delivery repeated with the same MessageSid is kept and acted on once', async () => {
    const hal = customer('hal');
    const messageSid = sid();
    for (let i = 0; i < 3; i += 1) {
      const res = await deliver({ MessageSid: messageSid, From: hal.phone, Body: 'HELP' });
      expect(res.status).toBe(200);
    }
    const replySid = sid();
    await Promise.all([1, 2, 3].map(() => deliver({ MessageSid: replySid, From: hal.phone, Body: 'Running late?' })));
    expect(await kept(messageSid)).toHaveLength(1);
    expect(await kept(replySid)).toHaveLength(1);
    expect(await mails(`owner-alert:text-received:${replySid}`)).toHaveLength(1);
    await drain();
    expect(await sentTo(hal.phone)).toEqual([HELP_REPLY]);
  });
});
