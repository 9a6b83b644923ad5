/**
 * The owner's texts (docs/product/texts.md#on-my-way, docs/product/texts.md#the-owners-texts) through
 * the real functions, the Stripe emulator and the real SDK: 'On my way' on a visit confirmed for
 * today queues its text at once even at 10 PM and records `on my way` with the minutes; refused
 * (409, in the product's words, nothing recorded) without consent, for a number that opted out and
 * for a visit that is not today's confirmed one; the minutes validated naming the field. The visit's
 * thread, newest first (waiting, sent, not sent, received), and the owner's reply, which waits for
 * 8 AM in quiet hours and is refused to an opted-out number. Owner only: 401 signed out, 403 for a
 * customer, even for the customer's own visit. Texts are on (the provider's API at a closed port:
 * what is queued stays queued).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import type { OwnerTextAnswer, OwnerTextsAnswer, OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { addDays, businessTimeToUtc } from '../../src/lib/dates.ts';
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
type User = { id: string; email: string; name: string; role?: string };
const owner: User = { id: randomUUID(), email: OWNER_EMAIL, name: 'Owner', role: 'owner' };

/** Texts on: a provider account, its API at a port nothing listens on (sends fail and wait to be retried). */
const TEXTS_ENV = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: '+14175550100',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  VISIT_LINK_SECRET: 'visit-link-secret-of-the-owner-texts-tests',
  OWNER_EMAIL,
} as const;

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  for (const [name, value] of Object.entries(TEXTS_ENV)) vi.stubEnv(name, value);
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-owner-texts-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterEach(() => installClock(Date.now));

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  vi.unstubAllEnvs();
});

const DAYS = bookableWeekdays().map((d) => d.date);
const dayOf = (n: number) => {
  const day = DAYS[n];
  if (!day) throw new Error(`Not enough open weekdays ahead: ${DAYS.join(', ')}`);
  return day;
};
/** The site's clock at `time` (Springfield) on `day`, as the embedded clock moves it. */
const at = (day: string, time: string) => {
  const instant = businessTimeToUtc(day, time).getTime();
  installClock(() => instant);
};

const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name}-${randomUUID().slice(0, 6)}@example.com`,
  name,
});
const place = (date: string, extra: Partial<Visit> = {}): Visit => ({
  street: '12 Elm St',
  city: 'Nixa',
  zip: '65714',
  phone: '(417) 555-0142',
  date,
  window: 'morning',
  notes: '',
  ...extra,
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user: User | null = owner) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user, body);
const act = (id: string, body: Record<string, unknown>) =>
  call<OwnerVisitAnswer>('POST', `/api/owner/visits/${id}`, body);
const thread = (id: string, user: User | null = owner) =>
  call<OwnerTextsAnswer>('GET', `/api/owner/visits/${id}/texts`, undefined, user);
const reply = (id: string, body: unknown, user: User | null = owner) =>
  call<OwnerTextAnswer>('POST', `/api/owner/visits/${id}/texts`, body, user);

/** Books and pays a dryer vent cleaning; resolves with the visit's id. */
async function bookAndPay(user: User, visit: Visit): Promise<string> {
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    { serviceType: 'dryer-vent-cleaning', visit },
    user,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const sessionId = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  const [row] = await waitFor(async () => {
    const found = await stack.db.query<{ id: string }>(
      'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
      [sessionId],
    );
    return found.length ? found : undefined;
  }, 'the booking paid');
  return row?.id ?? '';
}

/** Books, pays and confirms a visit at 9:30 on `day`. */
async function confirmed(user: User, day: string, extra: Partial<Visit> = {}): Promise<string> {
  const id = await bookAndPay(user, place(day, extra));
  const done = await act(id, { action: 'confirm', start: '09:30' });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

const onMyWayTexts = (id: string) =>
  stack.db.query<{ idempotency_key: string; phone: string; next_attempt_at: Date; payload: { text: string } }>(
    "select idempotency_key, phone, next_attempt_at, payload from text_outbox where visit_id = $1 and kind = 'on-my-way'",
    [id],
  );
const onMyWayLines = (id: string) =>
  stack.db.query<{ actor: string; after: Record<string, unknown> }>(
    "select actor, after from visit_events where visit_id = $1 and action = 'on my way' order by at",
    [id],
  );

describe("'On my way'", { timeout: 180_000 }, () => {
  test('texted at once even at 10 PM, the history says on my way with the minutes; the suggestion and textable', async () => {
    const day = dayOf(0);
    const id = await confirmed(customer('ann'), day, { textConsent: true });
    at(day, '22:00');
    const listed = await call<{ visits: OwnerVisitAnswer['visit'][] }>(
      'GET',
      `/api/owner/visits?from=${day}&to=${day}`,
    );
    const visit = listed.body.visits.find((v) => v.id === id);
    // The business to Nixa (65714): 10.9 miles x 1.3 at 30 mph + 5 = 33.3, up to 35.
    expect(visit).toMatchObject({ textable: 'yes', etaMinutes: 35 });

    const version = async () =>
      (await stack.db.query<{ n: number }>('select calendar_sequence as n from visits where id = $1', [id]))[0]?.n;
    const before = await version();
    const done = await act(id, { action: 'on-my-way', minutes: 25 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.visit).toMatchObject({ status: 'confirmed', textable: 'yes' });
    expect(done.body.visit.history.at(-1)).toMatchObject({
      actor: `owner:${OWNER_EMAIL}`,
      action: 'on my way',
      after: { minutes: 25 },
    });
    const [text] = await onMyWayTexts(id);
    expect(text).toMatchObject({
      phone: '+14175550142',
      payload: { text: 'On my way: I will be there in about 25 minutes.' },
    });
    // 10 PM is quiet hours, but 'On my way' is not held for 8 AM.
    expect(new Date(text?.next_attempt_at ?? 0).toISOString()).toBe(businessTimeToUtc(day, '22:00').toISOString());
    // Pressed again, with other minutes: a second text and a second line; the visit's version stays.
    expect((await act(id, { action: 'on-my-way', minutes: 10 })).status).toBe(200);
    expect((await onMyWayTexts(id)).map((t) => t.idempotency_key)).toEqual([`on-my-way:${id}:1`, `on-my-way:${id}:2`]);
    expect((await onMyWayLines(id)).map((line) => line.after)).toEqual([{ minutes: 25 }, { minutes: 10 }]);
    expect(await version()).toBe(before);
  });

  test('minutes must be a whole number from 1 to 180: 400 naming the field, nothing recorded', async () => {
    const day = dayOf(1);
    const id = await confirmed(customer('bo'), day, { textConsent: true, phone: '(417) 555-0143' });
    at(day, '08:30');
    for (const minutes of [0, 181, 2.5, '15', null]) {
      const refused = await act(id, { action: 'on-my-way', minutes });
      expect(refused.status, String(minutes)).toBe(400);
      expect(refused.body.error).toBe('minutes must be a whole number from 1 to 180');
    }
    expect((await act(id, { action: 'on-my-way' })).body.error).toBe('minutes must be a whole number from 1 to 180');
    expect(await onMyWayTexts(id)).toEqual([]);
    expect(await onMyWayLines(id)).toEqual([]);
    expect((await act(id, { action: 'on-my-way', minutes: 180 })).status).toBe(200);
  });

  test('refused without consent, for an opted-out number, and for a visit not confirmed for today: nothing recorded', async () => {
    const day = dayOf(2);
    const dee = customer('dee');
    const unconsented = await confirmed(dee, day, { phone: '(417) 555-0177' });
    const optedOut = await confirmed(customer('eve'), day, { phone: '(417) 555-0188', textConsent: true });
    const tomorrow = await confirmed(customer('fay'), dayOf(3), { phone: '(417) 555-0199', textConsent: true });
    const requested = await bookAndPay(customer('gus'), place(day, { phone: '(417) 555-0166', textConsent: true }));
    await stack.db.query("insert into text_opt_outs (phone, word) values ('+14175550188', 'STOP')");
    at(day, '10:00');

    const listed = await call<{ visits: OwnerVisitAnswer['visit'][] }>(
      'GET',
      `/api/owner/visits?from=${day}&to=${day}`,
    );
    const of = (id: string) => listed.body.visits.find((v) => v.id === id);
    expect(of(unconsented)).toMatchObject({ textable: 'no consent' });
    expect(of(optedOut)).toMatchObject({ textable: 'opted out' });
    // The suggestion is for today's confirmed visits only.
    expect(of(requested)).toMatchObject({ textable: 'yes', etaMinutes: null });
    expect(of(unconsented)?.etaMinutes).toBeGreaterThanOrEqual(10);

    const cases: [string, string][] = [
      [unconsented, 'No text consent: call (417) 555-0177.'],
      [optedOut, 'eve opted out of texts: call (417) 555-0188.'],
      [tomorrow, "On my way is for today's confirmed visits."],
      [requested, "On my way is for today's confirmed visits."],
    ];
    for (const [id, reason] of cases) {
      const refused = await act(id, { action: 'on-my-way', minutes: 15 });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(reason);
      expect(await onMyWayTexts(id)).toEqual([]);
      expect(await onMyWayLines(id)).toEqual([]);
    }
  });
});

describe("the visit's texts and the owner's reply", { timeout: 180_000 }, () => {
  test('the thread newest first: waiting, sent, not sent, received; a reply waits for 8 AM in quiet hours', async () => {
    const day = dayOf(4);
    const hal = customer('hal');
    const id = await confirmed(hal, day, { phone: '417-555-0111', textConsent: true });
    // Another customer's texts, on another number, never show in this thread.
    const other = await confirmed(customer('ida'), day, { phone: '(417) 555-0122', textConsent: true });
    await stack.db.query(
      "insert into text_messages (phone, direction, body, kind, visit_id) values ('+14175550122', 'inbound', 'Ida here', 'reply', $1)",
      [other],
    );
    at(day, '09:00');
    expect((await act(id, { action: 'on-my-way', minutes: 20 })).status).toBe(200);
    // What became of the earlier texts: the booking one sent, the confirmation one stale.
    await stack.db.query(
      `update text_outbox set delivery_state = 'delivered', outcome = case when kind = 'booking-received' then 'sent' else 'stale' end
       where phone = '+14175550111' and kind <> 'on-my-way'`,
    );
    at(day, '09:05');
    await stack.db.query(
      "insert into text_messages (phone, direction, body, kind, visit_id) values ('+14175550111', 'inbound', 'Thanks, see you soon', 'reply', $1)",
      [id],
    );

    const read = await thread(id);
    expect(read.status).toBe(200);
    expect(read.body.optedOut).toBe(false);
    const [received, onMyWay, ...earlier] = read.body.texts;
    expect(received).toMatchObject({ direction: 'inbound', body: 'Thanks, see you soon', state: 'received' });
    expect(onMyWay).toMatchObject({ direction: 'outbound', state: 'waiting' });
    expect(onMyWay?.body).toContain('On my way: I will be there in about 20 minutes.');
    expect(onMyWay?.sendAt).toBeDefined();
    expect(earlier.map((t) => t.state).sort()).toEqual(
      earlier.map((t) => (t.body.includes('We got your booking') ? 'sent' : 'not sent')).sort(),
    );
    expect(earlier.find((t) => t.state === 'not sent')).toMatchObject({ reason: 'the visit changed since' });
    expect(read.body.texts.map((t) => t.at)).toEqual(
      read.body.texts
        .map((t) => t.at)
        .sort()
        .reverse(),
    );
    expect(JSON.stringify(read.body)).not.toContain('Ida here');

    // A reply of 1 to 480 characters, else 400 naming the field.
    for (const body of [{ body: '' }, { body: '   ' }, { body: 'x'.repeat(481) }, {}, { body: 5 }]) {
      const refused = await reply(id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('body must be 1 to 480 characters');
    }
    const now = await reply(id, { body: 'Running a little early!' });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.text).toMatchObject({ direction: 'outbound', state: 'waiting' });
    expect(now.body.text.body).toBe('Springfield Home: Running a little early!');
    expect(now.body.text.sendAt).toBe(businessTimeToUtc(day, '09:05').toISOString());

    at(day, '22:30');
    const late = await reply(id, { body: 'x'.repeat(480) });
    expect(late.status).toBe(200);
    // Quiet hours: it waits for 8 AM.
    expect(late.body.text.sendAt).toBe(businessTimeToUtc(addDays(day, 1), '08:00').toISOString());
    expect((await thread(id)).body.texts[0]).toMatchObject({ id: late.body.text.id, state: 'waiting' });
  });

  test('an opted-out number: the thread says so, a reply is refused; only the owner reads or writes', async () => {
    const day = dayOf(5);
    const jo = customer('jo');
    const id = await bookAndPay(jo, place(day, { phone: '(417) 555-0133', textConsent: true }));
    await stack.db.query("insert into text_opt_outs (phone, word) values ('+14175550133', 'STOP')");
    expect((await thread(id)).body.optedOut).toBe(true);
    const refused = await reply(id, { body: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('jo opted out of texts: call (417) 555-0133.');
    expect(
      await stack.db.query("select 1 from text_outbox where phone = '+14175550133' and kind = 'owner-reply'"),
    ).toEqual([]);

    // Signed out: 401; a customer, even for their own visit: 403; nothing stored.
    expect((await thread(id, null)).status).toBe(401);
    expect((await thread(id, jo)).status).toBe(403);
    expect((await thread(id, customer('kim'))).status).toBe(403);
    expect((await reply(id, { body: 'Hi' }, jo)).status).toBe(403);
    expect((await call('POST', `/api/owner/visits/${id}`, { action: 'on-my-way', minutes: 10 }, jo)).status).toBe(403);
    expect((await thread(randomUUID())).status).toBe(404);
  });
});
