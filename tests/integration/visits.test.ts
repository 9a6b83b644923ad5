/**
 * Visits as records (docs/product/visits.md#visits, docs/product/visits.md#capacity-and-closed-days): a paid
 * booking becomes one visit on every path, a full window or a closed day is refused at checkout, a
 * payment that lands for a full window is kept and flagged, and /api/availability tells the card.
 * The real server with the functions, the Stripe emulator and the real SDK.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AvailabilityAnswer } from '../../src/features/visits/capacity.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  WEBHOOK_SECRET,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-visits-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

/** The bookable weekdays that are not holidays, so each test takes its own day and window. */
const WEEKDAYS = bookableWeekdays();

function visitOn(date: string, window: Visit['window'] = 'morning'): Visit {
  return { street: '12 Elm St', city: 'Nixa', zip: '65714', phone: '(417) 555-0142', date, window, notes: 'Gate 4' };
}

const customer = () => ({ id: randomUUID(), email: `visit-${randomUUID().slice(0, 8)}@example.com` });

async function checkout(user: { id: string; email: string; name?: string }, visit: Visit) {
  const res = await fetch(`${stack.origin}/api/create-payment-checkout`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await issuer.sign(stack.origin, user)}`,
    },
    body: JSON.stringify({ serviceType: 'dryer-vent-cleaning', visit }),
  });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: string } };
}

const sessionOf = (url: string) => /\/(cs_test_[A-Za-z0-9]+)$/.exec(url)?.[1] ?? '';

interface StoredVisit {
  order_id: number;
  day: string;
  time_window: string;
  status: string;
  street: string;
  phone: string;
  notes: string;
  over_capacity: boolean;
}

async function visitOf(sessionId: string): Promise<StoredVisit> {
  return waitFor(async () => {
    const [row] = await stack.db.query<StoredVisit>(
      `select v.order_id, v.day, v.time_window, v.status, v.street, v.phone, v.notes, v.over_capacity
       from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1`,
      [sessionId],
    );
    return row;
  }, `the visit of ${sessionId}`);
}

async function setCapacity(value: number) {
  await stack.db.query(
    `insert into owner_settings (key, value) values ('visits_per_window', $1::jsonb)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(value)],
  );
}

async function availability(): Promise<AvailabilityAnswer> {
  const res = await fetch(`${stack.origin}/api/availability`);
  expect(res.status).toBe(200);
  return (await res.json()) as AvailabilityAnswer;
}

describe('visits', { timeout: 120_000 }, () => {
  test('a paid booking becomes a requested visit with its history', async () => {
    const day = WEEKDAYS[0]!.date;
    const started = await checkout(customer(), visitOn(day));
    expect(started.status).toBe(200);
    const sessionId = sessionOf(started.body.url ?? '');
    expect((await payCheckout(started.body.url ?? '')).status).toBe(303);
    const visit = await visitOf(sessionId);
    expect(visit).toMatchObject({
      day,
      time_window: 'morning',
      status: 'requested',
      street: '12 Elm St',
      phone: '(417) 555-0142',
      notes: 'Gate 4',
      over_capacity: false,
    });
    const history = await stack.db.query<{ actor: string; action: string }>(
      'select actor, action from visit_events where visit_id = (select id from visits where order_id = $1)',
      [visit.order_id],
    );
    expect(history).toEqual([{ actor: 'site', action: 'created' }]);
  });

  test('a full window is refused at checkout and shown full; a payment landing on it is kept and flagged', async () => {
    const day = WEEKDAYS[1]!.date;
    await setCapacity(2);
    try {
      // Two checkouts opened while one place is left both pass; both are paid.
      const first = await checkout(customer(), visitOn(day, 'afternoon'));
      expect((await payCheckout(first.body.url ?? '')).status).toBe(303);
      await visitOf(sessionOf(first.body.url ?? ''));
      const [second, third] = await Promise.all([
        checkout(customer(), visitOn(day, 'afternoon')),
        checkout(customer(), visitOn(day, 'afternoon')),
      ]);
      expect([second.status, third.status]).toEqual([200, 200]);
      await Promise.all([payCheckout(second.body.url ?? ''), payCheckout(third.body.url ?? '')]);
      const landed = await Promise.all([second, third].map((c) => visitOf(sessionOf(c.body.url ?? ''))));
      // Both payments became visits, none lost; the one past the capacity is flagged for the owner.
      expect(landed.map((v) => v.over_capacity).sort()).toEqual([false, true]);

      const refused = await checkout(customer(), visitOn(day, 'afternoon'));
      expect(refused).toEqual({
        status: 409,
        body: { error: 'That window is full. Please choose another day or window.' },
      });
      const shown = (await availability()).days.find((d) => d.date === day);
      expect(shown?.windows['afternoon']).toEqual({ booked: 3, full: true });
      expect(shown?.windows['morning']).toEqual({ booked: 0, full: false });
    } finally {
      await setCapacity(20);
    }
  });

  test('a day the owner closed is refused with its reason, and shown closed', async () => {
    const day = WEEKDAYS[2]!.date;
    await stack.db.query(`insert into closed_days (day, reason, created_by) values ($1, 'Staff training', 'test')`, [
      day,
    ]);
    const refused = await checkout(customer(), visitOn(day));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^We are closed on .+ \(Staff training\)\. Please choose another day\.$/);
    expect((await availability()).days.find((d) => d.date === day)?.closed).toBe('Staff training');
  });

  test('a paid checkout whose pending order was never stored still gets its order, visit and e-mail', async () => {
    const user = customer();
    const day = WEEKDAYS[3]!.date;
    const sessionId = `cs_test_lost${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const event = {
      id: `evt_test${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          amount_total: 3500,
          currency: 'usd',
          customer: null,
          customer_email: user.email,
          client_reference_id: user.id,
          metadata: {
            user_id: user.id,
            service_type: 'dryer-vent-cleaning',
            options: '{}',
            visit_day: day,
            visit_window: 'morning',
            visit_street: '7 Oak Ave',
            visit_city: 'Ozark',
            visit_zip: '65721',
            visit_phone: '417-555-0101',
            visit_notes: 'Side door',
          },
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${stack.origin}/api/stripe-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await visitOf(sessionId)).toMatchObject({
      day,
      street: '7 Oak Ave',
      notes: 'Side door',
      status: 'requested',
    });
    const mail = await stack.db.query<{ kind: string }>('select kind from mail_outbox where idempotency_key = $1', [
      `booking-confirmed:${sessionId}`,
    ]);
    expect(mail).toEqual([{ kind: 'booking-confirmed' }]);
  });

  test('a refund made straight in the card provider: partial recorded, full cancels the visit, told once', async () => {
    const started = await checkout(customer(), visitOn(WEEKDAYS[4]!.date));
    const sessionId = sessionOf(started.body.url ?? '');
    expect((await payCheckout(started.body.url ?? '')).status).toBe(303);
    const visit = await visitOf(sessionId);
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : '';
    const order = () =>
      stack.db.query<{ status: string; refunded_cents: number }>(
        'select status, refunded_cents from orders where checkout_session_id = $1',
        [sessionId],
      );

    await stack.stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    await waitFor(async () => ((await order())[0]?.refunded_cents === 1000 ? true : undefined), 'the partial refund');
    expect((await order())[0]?.status).toBe('paid');
    expect((await visitOf(sessionId)).status).toBe('requested');

    await stack.stripe.refunds.create({ payment_intent: paymentIntent });
    await waitFor(async () => ((await order())[0]?.status === 'refunded' ? true : undefined), 'the full refund');
    expect((await order())[0]).toEqual({ status: 'refunded', refunded_cents: 3500 });
    expect((await visitOf(sessionId)).status).toBe('cancelled');
    const history = await stack.db.query<{ actor: string; action: string }>(
      'select actor, action from visit_events where visit_id = (select id from visits where order_id = $1) order by id',
      [visit.order_id],
    );
    expect(history).toEqual([
      { actor: 'site', action: 'created' },
      { actor: 'provider', action: 'refunded' },
    ]);
    const told = await stack.db.query<{ idempotency_key: string }>(
      `select idempotency_key from mail_outbox where kind = 'refund-issued' and idempotency_key like $1 order by created_at`,
      [`refund-issued:${visit.order_id}:%`],
    );
    expect(told.map((m) => m.idempotency_key)).toEqual([
      `refund-issued:${visit.order_id}:1000`,
      `refund-issued:${visit.order_id}:3500`,
    ]);
    const events = await stack.db.query<{ amount: number }>(
      `select (payload->>'amountCents')::int as amount from leads where kind = 'order' and payload->>'event' = 'order.refunded'
       and idempotency_key like $1 order by created_at`,
      [`order-refunded:${visit.order_id}:%`],
    );
    expect(events).toEqual([{ amount: 1000 }, { amount: 2500 }]);
  });

  test('the sign-up full name reaches the order, its e-mail and the owner event only as one line (docs/product/messages.md#validation)', async () => {
    const day = WEEKDAYS.at(-1)!.date;
    // Kept by the sign-in service as sent, past the sign-up form's checks.
    const names = [
      { sent: 'Pat Lee\r\nBcc: someone@example.com', kept: null },
      { sent: 'Pat\u200b Lee', kept: null },
      { sent: ' Ana\u00a0María ', kept: 'Ana María' },
    ];
    for (const { sent, kept } of names) {
      const started = await checkout({ ...customer(), name: sent }, visitOn(day, 'afternoon'));
      expect(started.status).toBe(200);
      const sessionId = sessionOf(started.body.url ?? '');
      expect((await payCheckout(started.body.url ?? '')).status).toBe(303);
      const event = await waitFor(async () => {
        const [row] = await stack.db.query<{ payload: { customerName: string } }>(
          `select payload from leads where kind = 'order' and idempotency_key = $1`,
          [`booking-paid:${sessionId}`],
        );
        return row;
      }, `the owner event of ${sessionId}`);
      const [order] = await stack.db.query<{ customer_name: string | null }>(
        'select customer_name from orders where checkout_session_id = $1',
        [sessionId],
      );
      const [mail] = await stack.db.query<{ text: string }>(
        `select payload->>'text' as text from mail_outbox where idempotency_key = $1`,
        [`booking-confirmed:${sessionId}`],
      );
      expect(order?.customer_name ?? null).toBe(kept);
      expect(event.payload.customerName).toBe(kept ?? '');
      expect(mail?.text).not.toContain('Bcc:');
      expect(mail?.text).not.toContain('\u200b');
      if (kept) expect(mail?.text).toContain(kept);
    }
  });
});
