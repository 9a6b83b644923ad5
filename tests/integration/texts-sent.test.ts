/**
 * The texts about a visit (docs/product/texts.md#what-is-texted, docs/product/texts.md#consent)
 * through the real functions, the Stripe emulator and the real SDK: a booking with the consent box
 * ticked records its consent (the wording shown, the page, the time, the phone in E.164) and gets
 * the booking text in the texts outbox, one without it none; proposing, confirming (by the owner
 * and by the customer's link), moving, the 5 PM reminder and done each queue their text beside
 * their e-mail; a plan visit is texted under the plan's consent, which new visit details without
 * the box end; a phone libphonenumber-js finds invalid is refused with the phone's message. Texts
 * are on (an account of the provider set, its API at a closed port: what is queued stays queued).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { sendVisitReminders } from '../../functions/_lib/notices/visit-reminders.ts';
import { setUpEmbeddedPlanPrices } from '../../functions/_lib/plans/prices.ts';
import { verifiedClaims } from '../../functions/_lib/visits/links.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { PLAN_CONSENT_WORDING, VISIT_CONSENT_WORDING } from '../../src/features/texts/consent.ts';
import type { OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { addDays, businessTimeToUtc, formatDay } from '../../src/lib/dates.ts';
import { PHONE_MESSAGE } from '../../src/lib/validation.ts';
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

const SECRET = 'visit-link-secret-of-the-texts-sent-tests';
const OWNER_EMAIL = 'owner@springfieldhome.example';
type User = { id: string; email: string; name: string; role?: string };
const owner: User = { id: randomUUID(), email: OWNER_EMAIL, name: 'Owner', role: 'owner' };

/** Texts on: a provider account, its API at a port nothing listens on (sends fail and wait to be retried). */
const TEXTS_ENV = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: '+14175550100',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  VISIT_LINK_SECRET: SECRET,
  OWNER_EMAIL,
} as const;

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  for (const [name, value] of Object.entries(TEXTS_ENV)) vi.stubEnv(name, value);
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-texts-sent-'), functions: true, jwk: issuer.jwk });
  await setUpEmbeddedPlanPrices(stack.stripe, process.env);
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

const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name}-${randomUUID().slice(0, 6)}@example.com`,
  name,
});
const place = (date: string, extra: Partial<Visit> = {}): Visit => ({
  street: '12 Elm St',
  city: 'Springfield',
  zip: '65804',
  phone: '(417) 555-0142',
  date,
  window: 'morning',
  notes: '',
  ...extra,
});

const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, user?: User) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);
const act = (id: string, body: Record<string, unknown>) =>
  call<OwnerVisitAnswer>('POST', `/api/owner/visits/${id}`, body, owner);

interface QueuedText {
  kind: string;
  phone: string;
  visit_id: string | null;
  visit_version: number | null;
  payload: { to: string; body: string; text: string };
}
const texts = (key: string) =>
  stack.db.query<QueuedText>(
    `select kind, phone, visit_id, visit_version, payload from text_outbox where idempotency_key like $1
     order by created_at`,
    [key],
  );
const visitTexts = (id: string) =>
  stack.db.query<{ idempotency_key: string; kind: string }>(
    'select idempotency_key, kind from text_outbox where visit_id = $1 order by created_at',
    [id],
  );

/** Books and pays a dryer vent cleaning; resolves with the visit's id and its order's. */
async function bookAndPay(user: User, visit: Visit) {
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
    const found = await stack.db.query<{ id: string; order_id: string }>(
      `select v.id, v.order_id::text as order_id from visits v join orders o on o.id = v.order_id
       where o.checkout_session_id = $1`,
      [sessionId],
    );
    const mailed = await stack.db.query('select 1 from mail_outbox where idempotency_key = $1', [
      `booking-confirmed:${sessionId}`,
    ]);
    return found.length && mailed.length ? found : undefined;
  }, 'the booking paid and its e-mail queued');
  return { id: row?.id ?? '', orderId: row?.order_id ?? '', sessionId };
}

const version = async (id: string) =>
  (await stack.db.query<{ n: number }>('select calendar_sequence as n from visits where id = $1', [id]))[0]?.n ?? -1;

describe('texts at the events of a visit', { timeout: 180_000 }, () => {
  test('a booking with the box ticked: its consent recorded, the booking text queued; without it none', async () => {
    const day = dayOf(0);
    const ann = customer('ann');
    const before = new Date();
    const booked = await bookAndPay(ann, place(day, { textConsent: true }));
    const [consent] = await stack.db.query<{
      phone: string;
      email: string;
      user_id: string;
      order_id: string;
      plan_user_id: string | null;
      wording: string;
      page: string;
      given_at: Date;
      ended_at: Date | null;
    }>('select *, order_id::text as order_id from text_consents where order_id = $1::bigint', [booked.orderId]);
    expect(consent).toMatchObject({
      phone: '+14175550142',
      email: ann.email,
      user_id: ann.id,
      plan_user_id: null,
      wording: VISIT_CONSENT_WORDING,
      page: `${stack.origin}/services/dryer-vent-cleaning`,
      ended_at: null,
    });
    expect(new Date(consent?.given_at ?? 0).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // The order's visit keeps no box: the consent is its own record.
    const [order] = await stack.db.query<{ visit: Record<string, unknown> }>(
      'select visit from orders where id = $1::bigint',
      [booked.orderId],
    );
    expect(order?.visit).not.toHaveProperty('textConsent');

    const [text] = await texts(`text:booking-received:${booked.id}`);
    expect(text).toMatchObject({ kind: 'booking-received', phone: '+14175550142', visit_id: booked.id });
    expect(text?.payload.text).toBe(
      `We got your booking: Dryer Vent Cleaning, ${formatDay(day, 'short')}, Morning (8 AM-12 PM). We will text you a time to confirm.`,
    );
    // The first text to the number names the business and says how to stop.
    expect(text?.payload.body).toBe(
      `Springfield Home Maintenance: ${text?.payload.text} Reply STOP to stop, HELP for help.`,
    );

    const bob = customer('bob');
    const unticked = await bookAndPay(bob, place(day, { phone: '(417) 555-0177' }));
    const missing = await bookAndPay(customer('cy'), place(day, { phone: '(417) 555-0187', textConsent: false }));
    for (const { id, orderId } of [unticked, missing]) {
      expect(await stack.db.query('select 1 from text_consents where order_id = $1::bigint', [orderId])).toEqual([]);
      expect(await visitTexts(id)).toEqual([]);
    }
  });

  test('proposed, confirmed, moved, reminded and done: each queues its text beside its e-mail', async () => {
    const day = dayOf(1);
    const booked = await bookAndPay(customer('dee'), place(day, { phone: '417-555-0101', textConsent: true }));

    expect((await act(booked.id, { action: 'propose', start: '09:30' })).status).toBe(200);
    const [proposed] = await texts(`text:visit-proposed:${booked.id}:1`);
    expect(proposed?.payload.text).toBe(
      `We propose ${formatDay(day, 'short')} at 9:30 AM for Dryer Vent Cleaning. Reply Y to confirm 9:30 AM, or call (417) 555-0142.`,
    );
    expect(proposed).toMatchObject({ visit_version: 1, phone: '+14175550101' });
    // A later text starts with the short name.
    expect(proposed?.payload.body).toBe(`Springfield Home: ${proposed?.payload.text}`);

    expect((await act(booked.id, { action: 'confirm', start: '10:00' })).status).toBe(200);
    const [confirmed] = await texts(`text:visit-confirmed:${booked.id}:2`);
    expect(confirmed?.payload.text).toBe(`Confirmed: Dryer Vent Cleaning on ${formatDay(day, 'short')} at 10:00 AM.`);

    const moveTo = dayOf(2);
    expect((await act(booked.id, { action: 'reschedule', date: moveTo, window: 'afternoon' })).status).toBe(200);
    const [moved] = await texts(`text:visit-moved:${booked.id}:3`);
    const link = /^Your visit is moved to (.+)\. Change it: (\S+\/visit\?t=(\S+))$/.exec(moved?.payload.text ?? '');
    expect(link?.[1]).toBe(`${formatDay(moveTo, 'short')}, Afternoon (12-6 PM)`);
    // The visit's own signed reschedule link, of the visit as moved.
    expect(verifiedClaims(link?.[3] ?? '', SECRET)).toMatchObject({
      purpose: 'reschedule',
      visitId: booked.id,
      version: 3,
    });
    expect(moved?.visit_version).toBe(3);

    // The reminder at 5:30 PM the day before: once, however often the schedule runs.
    const evening = businessTimeToUtc(addDays(moveTo, -1), '17:30');
    await sendVisitReminders(stack.db, evening);
    await sendVisitReminders(stack.db, evening);
    const reminders = await texts(`text:visit-reminder:${booked.id}:${moveTo}`);
    expect(reminders.map((t) => t.payload.text)).toEqual(['Reminder: we come tomorrow, Afternoon (12-6 PM).']);
    expect(
      await stack.db.query('select 1 from mail_outbox where idempotency_key = $1', [
        `visit-reminder:${booked.id}:${moveTo}`,
      ]),
    ).toHaveLength(1);

    expect((await act(booked.id, { action: 'done' })).status).toBe(200);
    const [done] = await texts(`text:visit-done:${booked.id}`);
    expect(done?.payload.text).toBe('Your Dryer Vent Cleaning visit is done. Thank you!');
    expect((await visitTexts(booked.id)).map((t) => t.kind)).toEqual([
      'booking-received',
      'visit-proposed',
      'visit-confirmed',
      'visit-moved',
      'visit-reminder',
      'visit-done',
    ]);
  });

  test("the customer's own answers: confirming from the link and moving from the link are texted too", async () => {
    const day = dayOf(3);
    const booked = await bookAndPay(customer('eve'), place(day, { phone: '417-555-0164', textConsent: true }));
    await act(booked.id, { action: 'propose', start: '08:30' });
    const [mail] = await stack.db.query<{ payload: { text: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`visit-proposed:${booked.id}:1`],
    );
    const confirm = new URL(
      /Confirm \d{1,2}:\d{2} [AP]M: (\S+)/.exec(mail?.payload.text ?? '')?.[1] ?? 'http://x',
    ).searchParams.get('t');
    expect((await call('POST', '/api/visit-change', { t: confirm, action: 'confirm' })).status).toBe(200);
    expect((await texts(`text:visit-confirmed:${booked.id}:2`))[0]?.payload.text).toBe(
      `Confirmed: Dryer Vent Cleaning on ${formatDay(day, 'short')} at 8:30 AM.`,
    );

    const [confirmedMail] = await stack.db.query<{ payload: { text: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`visit-confirmed:${booked.id}:2`],
    );
    const reschedule = new URL(
      /Reschedule: (\S+)/.exec(confirmedMail?.payload.text ?? '')?.[1] ?? 'http://x',
    ).searchParams.get('t');
    const moveTo = dayOf(4);
    const moved = await call('POST', '/api/visit-change', {
      t: reschedule,
      action: 'reschedule',
      date: moveTo,
      window: 'morning',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [text] = await texts(`text:visit-moved:${booked.id}:${await version(booked.id)}`);
    expect(text?.payload.text).toMatch(new RegExp(`^Your visit is moved to ${formatDay(moveTo, 'short')}, Morning`));
  });

  test('an invalid phone is refused with its message and nothing is stored', async () => {
    const user = customer('fay');
    const refused = await call(
      'POST',
      '/api/create-payment-checkout',
      { serviceType: 'dryer-vent-cleaning', visit: place(dayOf(0), { phone: '(111) 555-0142', textConsent: true }) },
      user,
    );
    expect(refused).toEqual({ status: 400, body: { error: `visit.phone: ${PHONE_MESSAGE}` } });
    expect(await stack.db.query('select 1 from orders where user_id = $1', [user.id])).toEqual([]);

    const details = await call('PUT', '/api/plan-details', planDetails({ phone: '(417) 123-4567' }), user);
    expect(details).toEqual({
      status: 400,
      body: { error: `phone: ${PHONE_MESSAGE}`, fields: { phone: PHONE_MESSAGE } },
    });
    expect(await stack.db.query('select 1 from plan_details where user_id = $1', [user.id])).toEqual([]);
  });

  test("a plan's visit is texted under the plan's consent; details saved without the box end it", async () => {
    const gus = customer('gus');
    const saved = await call<{ planDetails: { textConsent: boolean } }>(
      'PUT',
      '/api/plan-details',
      planDetails({ textConsent: true }),
      gus,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.planDetails.textConsent).toBe(true);
    const [consent] = await stack.db.query<{ phone: string; wording: string; page: string; order_id: string | null }>(
      'select phone, wording, page, order_id from text_consents where plan_user_id = $1 and ended_at is null',
      [gus.id],
    );
    expect(consent).toEqual({
      phone: '+14175550199',
      wording: PLAN_CONSENT_WORDING,
      page: `${stack.origin}/account`,
      order_id: null,
    });

    const started = await call<{ url: string }>(
      'POST',
      '/api/create-subscription-checkout',
      { planType: 'full', billingPeriod: 'monthly' },
      gus,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await payCheckout(started.body.url)).status).toBe(303);
    const [visit] = await waitFor(async () => {
      const found = await stack.db.query<{ id: string; time_window: string; phone: string }>(
        'select id, time_window, phone from visits where user_id = $1 and plan_visit_no is not null',
        [gus.id],
      );
      return found.length ? found : undefined;
    }, "the plan's first visit");
    expect(visit?.phone).toBe('417-555-0199');
    const start = visit?.time_window === 'afternoon' ? '13:00' : visit?.time_window === 'saturday' ? '10:00' : '09:00';
    const confirmed = await act(visit?.id ?? '', { action: 'confirm', start });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const [text] = await texts(`text:visit-confirmed:${visit?.id}:%`);
    expect(text?.payload.text).toMatch(/^Confirmed: Autopilot Full on /);

    // New details without the box: the plan's consent ends, and its visits are no longer texted.
    const unticked = await call<{ planDetails: { textConsent: boolean } }>(
      'PUT',
      '/api/plan-details',
      planDetails(),
      gus,
    );
    expect(unticked.body.planDetails.textConsent).toBe(false);
    expect(
      await stack.db.query('select 1 from text_consents where plan_user_id = $1 and ended_at is null', [gus.id]),
    ).toEqual([]);
    expect((await act(visit?.id ?? '', { action: 'done' })).status).toBe(200);
    expect(await texts(`text:visit-done:${visit?.id}`)).toEqual([]);
  });

  test("a plan sign-up with the box ticked: the checkout records the plan's consent with its wording and page; without it none", async () => {
    const page = `${stack.origin}/autopilot-lite`;
    const signUp = async (user: User, extra: Record<string, unknown>) => {
      const request = { planType: 'lite', billingPeriod: 'monthly', email: user.email, agreeTerms: true, source: page };
      const stored = await call<{ id: string }>('POST', '/api/plan-request', { ...request, ...planDetails(extra) });
      expect(stored.status, JSON.stringify(stored.body)).toBe(202);
      const started = await call<{ url: string }>(
        'POST',
        '/api/create-subscription-checkout',
        { planType: 'lite', billingPeriod: 'monthly', planRequestId: stored.body.id },
        user,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    };
    const consents = (user: User) =>
      stack.db.query<{ phone: string; email: string; user_id: string; wording: string; page: string }>(
        'select phone, email, user_id, wording, page from text_consents where plan_user_id = $1 and ended_at is null',
        [user.id],
      );

    const hal = customer('hal');
    await signUp(hal, { textConsent: true });
    expect(await consents(hal)).toEqual([
      { phone: '+14175550199', email: hal.email, user_id: hal.id, wording: PLAN_CONSENT_WORDING, page },
    ]);

    const ida = customer('ida');
    await signUp(ida, {});
    expect(await stack.db.query('select 1 from plan_details where user_id = $1', [ida.id])).toHaveLength(1);
    expect(await consents(ida)).toEqual([]);
  });
});

/** Plan visit details, valid, with `extra` over them. */
function planDetails(extra: Record<string, unknown> = {}) {
  return {
    fullName: 'Gus Grant',
    phone: '417-555-0199',
    address: '9 Oak Ave',
    city: 'Springfield',
    state: 'MO',
    zip: '65804',
    preferredDay: 'weekdays',
    specialInstructions: '',
    ...extra,
  };
}
