/**
 * A cancel with a refund racing another change of the same visit (docs/product/visits.md#refunds):
 * the cancel link and the reschedule link of one e-mail pressed within a few milliseconds of each
 * other (two tabs, a double tap), and the owner's 'Confirm' landing while a link cancels. Each race
 * ends in one consistent state: refunded and cancelled, with the customer's e-mail and the owner's
 * event, or not refunded and moved (or confirmed); never refunded while the visit is still on, and
 * never a refund left pending. The real functions, the Stripe emulator and the real SDK.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { completeStalledRefunds } from '../../functions/_lib/owner/visit-actions.ts';
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

type User = { id: string; email: string; name?: string; role?: string };

const SECRET = 'visit-link-secret-of-the-refund-races';
const OWNER: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
const RACES = 10;

let issuer: TokenIssuer;
let stack: Stack;
const saved = {
  secret: process.env['VISIT_LINK_SECRET'],
  owner: process.env['OWNER_EMAIL'],
  capacity: process.env['VISITS_PER_WINDOW'],
};

beforeAll(async () => {
  process.env['VISIT_LINK_SECRET'] = SECRET;
  process.env['OWNER_EMAIL'] = OWNER.email;
  // Every race books the same morning: the most a window may take.
  process.env['VISITS_PER_WINDOW'] = '20';
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-refund-race-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  for (const [name, value] of [
    ['VISIT_LINK_SECRET', saved.secret],
    ['OWNER_EMAIL', saved.owner],
    ['VISITS_PER_WINDOW', saved.capacity],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Two open weekdays far enough ahead that the 24-hour rule never refuses a change. */
function raceDays(): { FROM: string; TO: string } {
  const [from, to] = bookableWeekdays()
    .map((d) => d.date)
    .slice(1);
  if (!from || !to) throw new Error('Not enough open weekdays ahead for the races');
  return { FROM: from, TO: to };
}
const { FROM, TO } = raceDays();

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

const place = (date: string): Visit => ({
  street: '12 Elm St',
  city: 'Nixa',
  zip: '65714',
  phone: '(417) 555-0142',
  date,
  window: 'morning',
  notes: '',
});

/** The link `purpose` of a mail's text. */
function linkIn(text: string, purpose: 'Reschedule' | 'Cancel'): string {
  const url = new RegExp(`${purpose}: (\\S+/visit\\?t=\\S+)`).exec(text)?.[1];
  if (!url) throw new Error(`no ${purpose} link in:\n${text}`);
  return new URL(url).searchParams.get('t') ?? '';
}

/** Books and pays a dryer vent cleaning; resolves with the visit, its payment and the booking e-mail's links. */
async function bookAndPay(user: User) {
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    { serviceType: 'dryer-vent-cleaning', visit: place(FROM) },
    user,
  );
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  const text = await waitFor<string>(async () => {
    const [mail] = await stack.db.query<{ payload: { text: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`booking-confirmed:${session}`],
    );
    return mail?.payload.text;
  }, 'the booking e-mail');
  const [row] = await stack.db.query<{ id: string; payment_intent: string }>(
    `select v.id, o.payment_intent from visits v join orders o on o.id = v.order_id
     where o.checkout_session_id = $1`,
    [session],
  );
  return {
    id: row?.id ?? '',
    paymentIntent: row?.payment_intent ?? '',
    reschedule: linkIn(text, 'Reschedule'),
    cancel: linkIn(text, 'Cancel'),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a raced visit ended: its row, its order, the refunds made and what was told. */
async function outcome(visit: { id: string; paymentIntent: string }) {
  const [row] = await stack.db.query<{
    status: string;
    day: string;
    start_time: string | null;
    order_status: string;
    refunded_cents: number;
    refund_pending: boolean;
    order_id: number;
  }>(
    `select v.status, v.day, v.start_time, o.status as order_status, o.refunded_cents, o.refund_pending,
            o.id as order_id
     from visits v join orders o on o.id = v.order_id where v.id = $1`,
    [visit.id],
  );
  const refunds = await stack.db.query<{ amount: number }>(
    `select (data->>'amount')::int as amount from emulator_stripe.objects
     where object = 'refund' and data->>'payment_intent' = $1`,
    [visit.paymentIntent],
  );
  const told = await stack.db.query<{ key: string }>(
    `select idempotency_key as key from mail_outbox where idempotency_key in ($1, $2)`,
    [`visit-cancelled:${visit.id}`, `refund-issued:${row?.order_id}:3500`],
  );
  const events = await stack.db.query<{ key: string }>(
    `select idempotency_key as key from leads where idempotency_key = $1`,
    [`order-refunded:${row?.order_id}:3500`],
  );
  return { row, refunded: refunds.reduce((sum, r) => sum + r.amount, 0), told: told.length, events: events.length };
}

/** Every refund the emulator made has reached the site (its charge.refunded recorded), so the state is final. */
async function settled(refundsMade: number): Promise<void> {
  await waitFor(async () => {
    const [row] = await stack.db.query<{ n: number }>(
      "select count(*)::int as n from stripe_events where type = 'charge.refunded'",
    );
    return (row?.n ?? 0) >= refundsMade ? true : undefined;
  }, 'the refund events');
}

/** Holds the invariant: refunded and cancelled and told, or not refunded and still on. */
function expectConsistent(result: Awaited<ReturnType<typeof outcome>>, stillOn: (row: { day: string }) => boolean) {
  expect(result.row?.refund_pending, 'no refund left pending').toBe(false);
  if (result.refunded > 0) {
    expect(result.refunded).toBe(3500);
    expect(result.row).toMatchObject({ status: 'cancelled', order_status: 'refunded', refunded_cents: 3500 });
    expect(result.told, 'the customer told once').toBe(1);
    expect(result.events, "the owner's event").toBe(1);
  } else {
    expect(result.row?.status).not.toBe('cancelled');
    expect(result.row?.order_status).toBe('paid');
    expect(stillOn(result.row!)).toBe(true);
  }
}

describe('a refund kept with its visit', { timeout: 600_000 }, () => {
  test(`${RACES} cancel-and-reschedule races, 0 to 30 ms apart: refunded and cancelled, or moved and not refunded`, async () => {
    const visits = [];
    for (let i = 0; i < RACES; i++)
      visits.push(await bookAndPay({ id: randomUUID(), email: `race-${i}-${randomUUID().slice(0, 6)}@example.com` }));
    const answers = await Promise.all(
      visits.map(async (visit, i) => {
        const gap = Math.round((30 * i) / (RACES - 1));
        return Promise.all([
          call('POST', '/api/visit-change', { t: visit.cancel, action: 'cancel' }),
          pause(gap).then(() =>
            call('POST', '/api/visit-change', {
              t: visit.reschedule,
              action: 'reschedule',
              date: TO,
              window: 'afternoon',
            }),
          ),
        ]);
      }),
    );
    // Each press is answered in words: done, or refused because the other one got there first.
    for (const pair of answers) for (const answer of pair) expect([200, 401, 409]).toContain(answer.status);
    const results = await Promise.all(visits.map(outcome));
    await settled(results.filter((r) => r.refunded > 0).length);
    for (const visit of visits) expectConsistent(await outcome(visit), (row) => row.day === TO);
  });

  test("the owner's Confirm racing a link's cancel: refunded and cancelled, or confirmed and not refunded", async () => {
    const visits = [];
    for (let i = 0; i < 4; i++)
      visits.push(
        await bookAndPay({ id: randomUUID(), email: `confirm-${i}-${randomUUID().slice(0, 6)}@example.com` }),
      );
    await Promise.all(
      visits.map((visit, i) =>
        Promise.all([
          call('POST', '/api/visit-change', { t: visit.cancel, action: 'cancel' }),
          pause(i * 10).then(() =>
            call('POST', `/api/owner/visits/${visit.id}`, { action: 'confirm', start: '09:30' }, OWNER),
          ),
        ]),
      ),
    );
    const results = await Promise.all(visits.map(outcome));
    await settled(results.filter((r) => r.refunded > 0).length);
    for (const visit of visits) expectConsistent(await outcome(visit), () => true);
  });

  test('a claim left standing (the server stopped after the refund) is completed by the schedule, the owner alerted once', async () => {
    const visit = await bookAndPay({ id: randomUUID(), email: `stalled-${randomUUID().slice(0, 6)}@example.com` });
    const [order] = await stack.db.query<{ id: number }>('select order_id as id from visits where id = $1', [visit.id]);
    // As a cancel link leaves it when the process dies between its claim and the refund's record.
    const claim = {
      visitId: visit.id,
      actor: { by: 'customer', email: 'stalled@example.com' },
      reason: '',
      refundedBefore: 0,
    };
    await stack.db.query(
      `update orders set refund_pending = true, refund_claim = $2::jsonb, refund_claimed_at = now() - interval '3 minutes'
       where id = $1`,
      [order?.id, JSON.stringify(claim)],
    );
    // Meanwhile nothing else changes the visit.
    const moved = await call('POST', '/api/visit-change', {
      t: visit.reschedule,
      action: 'reschedule',
      date: TO,
      window: 'afternoon',
    });
    expect(moved).toMatchObject({
      status: 409,
      body: { error: 'This visit is being cancelled and refunded. Reload to see it.' },
    });

    expect(await completeStalledRefunds(stack.db, () => stack.stripe)).toBe(1);
    expect(await completeStalledRefunds(stack.db, () => stack.stripe)).toBe(0);
    await settled(1);
    expectConsistent(await outcome(visit), () => false);
    const alerts = await stack.db.query<{ n: number }>(
      "select count(*)::int as n from leads where idempotency_key like 'order-refund-pending:' || $1 || ':%'",
      [String(order?.id)],
    );
    expect(alerts[0]?.n).toBe(1);
    const [history] = await stack.db.query<{ actor: string; action: string }>(
      "select actor, action from visit_events where visit_id = $1 and action = 'cancel'",
      [visit.id],
    );
    expect(history).toEqual({ actor: 'customer:stalled@example.com', action: 'cancel' });
  });
});
