/**
 * The payment functions end to end: a real server with the functions, the Stripe emulator (the
 * real SDK on both sides) and signed access tokens; checkout, hosted payment, webhooks, the
 * subscription answer, bad input, replays, out-of-order events and a restart.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PLAN_PRICE_UNAVAILABLE } from '../../functions/create-subscription-checkout.ts';
import { priceVariable } from '../../src/features/plans/prices.ts';
import { orderNumber } from '../../src/features/account/order-number.ts';
import {
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  textOf,
  waitFor,
  WEBHOOK_SECRET,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';
import { bookingVisit } from '../support/visit.ts';

const alice = { id: randomUUID(), email: 'alice@example.com' };
const bob = { id: randomUUID(), email: 'bob@example.com' };

let issuer: TokenIssuer;
let stack: Stack;
let dataDir: string;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  dataDir = await tempDir('shm-payments-');
  stack = await startStack({ dataDir, functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

async function call(path: string, user: { id: string; email: string } | null, body?: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (user) headers['Authorization'] = `Bearer ${await issuer.sign(stack.origin, user)}`;
  const res = await fetch(`${stack.origin}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function postEvent(event: object, tamper = false) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${stack.origin}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: tamper ? payload.replace('"active"', '"canceled"') : payload,
  });
}

function subscriptionEvent(
  type: string,
  created: number,
  fields: { id: string; status: string; cancel: boolean; end: number },
) {
  return {
    id: `evt_test${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: fields.id,
        object: 'subscription',
        customer: 'cus_outOfOrder0000',
        status: fields.status,
        cancel_at_period_end: fields.cancel,
        cancel_at: null,
        metadata: { user_id: bob.id, plan: 'full' },
        items: {
          object: 'list',
          data: [{ id: 'si_x', current_period_end: fields.end, price: { id: 'price_x', unit_amount: 5900 } }],
        },
      },
    },
  };
}

const orders = (userId: string) =>
  stack.db.query<{
    checkout_session_id: string;
    order_number: string;
    kind: string;
    item: string;
    options: unknown;
    amount_cents: number;
    status: string;
  }>(
    'select checkout_session_id, order_number, kind, item, options, amount_cents, status from orders where user_id = $1 order by id',
    [userId],
  );

const sessionIdOf = (url: unknown) => /\/(cs_test_[A-Za-z0-9]+)$/.exec(String(url))?.[1] ?? '';

describe('payment functions', { timeout: 60_000 }, () => {
  test('no token or a bad token is a 401 with {error}', async () => {
    for (const path of [
      '/api/check-subscription',
      '/api/create-subscription-checkout',
      '/api/create-payment-checkout',
      '/api/customer-portal',
    ]) {
      const anonymous = await call(path, null, { planType: 'lite' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body['error']).toEqual(expect.any(String));
    }
    const forged = await fetch(`${stack.origin}/api/check-subscription`, {
      method: 'POST',
      headers: { Authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: expect.stringContaining('token') as unknown });
    const otherKey = await createTokenIssuer();
    const wrongSigner = await fetch(`${stack.origin}/api/check-subscription`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await otherKey.sign(stack.origin, alice)}` },
    });
    expect(wrongSigner.status).toBe(401);
  });

  test.each([
    ['/api/create-payment-checkout', { serviceType: 'gutter-cleaning', visit: bookingVisit() }, 'serviceType'],
    [
      '/api/create-payment-checkout',
      { serviceType: 'vacuum-cleanout', options: { ventCount: 21 }, visit: bookingVisit() },
      'ventCount',
    ],
    [
      '/api/create-payment-checkout',
      { serviceType: 'air-filter-replacement', options: { filterQuality: 'gold' }, visit: bookingVisit() },
      'filterQuality',
    ],
    [
      '/api/create-payment-checkout',
      {
        serviceType: 'air-filter-replacement',
        options: { filterQuality: 'premium', ventCount: 9 },
        visit: bookingVisit(),
      },
      'ventCount',
    ],
    [
      '/api/create-payment-checkout',
      { serviceType: 'vacuum-cleanout', options: 'many', visit: bookingVisit() },
      'options',
    ],
    [
      '/api/create-payment-checkout',
      { serviceType: 'vacuum-cleanout', visit: { ...bookingVisit(), zip: '64101' } },
      'visit.zip',
    ],
    ['/api/create-payment-checkout', {}, 'serviceType'],
    ['/api/create-subscription-checkout', { planType: 'gold' }, 'planType'],
    ['/api/create-subscription-checkout', {}, 'planType'],
    ['/api/create-subscription-checkout', '{"planType": "lite"', 'JSON'],
  ])('%s %j -> 400 naming %s, nothing stored', async (path, body, field) => {
    const res = await call(path, bob, body);
    expect(res.status).toBe(400);
    expect(res.body['error']).toEqual(expect.stringContaining(field));
    expect(await orders(bob.id)).toEqual([]);
    expect(await stack.db.query('select 1 from customers where user_id = $1', [bob.id])).toEqual([]);
  });

  test('a dashboard price that no longer matches the plan pages refuses the checkout: nothing charged or stored', async () => {
    // Set up as "every 3 months" but billed monthly: the amount alone would not tell.
    const monthly = await stack.stripe.prices.create({
      currency: 'usd',
      unit_amount: 17700,
      recurring: { interval: 'month', interval_count: 1 },
      product_data: { name: 'Autopilot Full' },
    });
    const variable = priceVariable({ plan: 'full', period: 'quarterly' });
    const saved = process.env[variable];
    process.env[variable] = monthly.id;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await call('/api/create-subscription-checkout', bob, {
        planType: 'full',
        billingPeriod: 'quarterly',
      });
      expect(res).toEqual({ status: 503, body: { error: PLAN_PRICE_UNAVAILABLE } });
      expect(logged.mock.calls.flat().join('\n')).toContain(`${variable} (${monthly.id}): the interval_count is 1`);
      expect(await orders(bob.id)).toEqual([]);
      expect(await stack.db.query('select 1 from customers where user_id = $1', [bob.id])).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env[variable];
      else process.env[variable] = saved;
      logged.mockRestore();
    }
  });

  test('a user with no purchases is not subscribed and has no billing portal', async () => {
    expect(await call('/api/check-subscription', bob)).toEqual({
      status: 200,
      body: { subscribed: false, subscription_tier: null, subscription_end: null },
    });
    const portal = await call('/api/customer-portal', bob);
    expect(portal.status).toBe(404);
    expect(portal.body['error']).toMatch(/No billing account yet/);
  });

  test('subscription: checkout, pay on the hosted page, each webhook applied once, then subscribed', async () => {
    const res = await call('/api/create-subscription-checkout', alice, { planType: 'lite' });
    expect(res.status).toBe(200);
    const url = String(res.body['url']);
    expect(url).toMatch(new RegExp(`^${stack.origin}/_stripe/checkout/cs_test_[A-Za-z0-9]{58}$`));
    const sessionId = sessionIdOf(url);
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 3900,
      client_reference_id: alice.id,
      metadata: { user_id: alice.id, plan: 'lite', billing_period: 'monthly' },
      success_url: `${stack.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack.origin}/autopilot-lite`,
    });
    const [customer] = await stack.db.query<{ stripe_customer_id: string }>(
      'select stripe_customer_id from customers where user_id = $1',
      [alice.id],
    );
    expect(session.customer).toBe(customer?.stripe_customer_id);
    expect(await orders(alice.id)).toEqual([
      {
        checkout_session_id: sessionId,
        order_number: orderNumber(sessionId),
        kind: 'subscription',
        item: 'lite',
        options: { billingPeriod: 'monthly' },
        amount_cents: 3900,
        status: 'pending',
      },
    ]);
    expect(textOf(await (await fetch(url)).text())).toContain('Autopilot Lite');

    const paid = await payCheckout(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.origin}/payment-success?session_id=${sessionId}`);
    const start = Date.now();
    await waitFor(async () => {
      const rows = await stack.db.query(`select 1 from emulator_stripe.events where delivery_state = 'pending'`);
      return rows.length === 0 ? true : undefined;
    }, 'webhook deliveries');
    const processed = await stack.db.query<{ type: string; n: number }>(
      'select type, count(*)::int as n from stripe_events group by type order by type',
    );
    expect(processed).toEqual([
      { type: 'checkout.session.completed', n: 1 },
      { type: 'customer.subscription.created', n: 1 },
      { type: 'invoice.paid', n: 1 },
    ]);
    const delivered = await stack.db.query<{ attempts: number }>(`select attempts from emulator_stripe.events`);
    expect(delivered.every((d) => d.attempts === 1)).toBe(true);
    expect((await orders(alice.id))[0]?.status).toBe('paid');

    const answer = await call('/api/check-subscription', alice);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ subscribed: true, subscription_tier: 'lite' });
    const end = Date.parse(String(answer.body['subscription_end']));
    expect(end - start).toBeGreaterThan(27 * 86_400_000);
    expect(end - start).toBeLessThan(32 * 86_400_000);

    const again = await call('/api/create-subscription-checkout', alice, { planType: 'full' });
    expect(again.status).toBe(409);

    const portal = await call('/api/customer-portal', alice);
    expect(portal.status).toBe(200);
    const portalPage = textOf(await (await fetch(String(portal.body['url']))).text());
    expect(portalPage).toContain('Autopilot Lite');
    expect(portalPage).toContain('Renews on');
  });

  test('payment: air filter replacement with a premium filter is charged 3000 cents and recorded paid', async () => {
    const res = await call('/api/create-payment-checkout', alice, {
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      // An amount sent by the browser is ignored: the server prices the booking.
      amount: 1,
      visit: bookingVisit(),
    });
    expect(res.status).toBe(200);
    const sessionId = sessionIdOf(res.body['url']);
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 3000,
      currency: 'usd',
      cancel_url: `${stack.origin}/services/air-filter-replacement`,
    });
    const page = textOf(await (await fetch(String(res.body['url']))).text());
    expect(page).toContain('Air Filter Replacement');
    // The options, as the product's description under its name (Stripe's hosted page does the same).
    expect(page).toContain('Premium filter');
    expect(page).toContain('$30.00');

    expect((await payCheckout(String(res.body['url']))).status).toBe(303);
    const order = await waitFor(async () => {
      const found = (await orders(alice.id)).find((o) => o.checkout_session_id === sessionId);
      return found?.status === 'paid' ? found : undefined;
    }, 'the paid order');
    expect(order).toEqual({
      checkout_session_id: sessionId,
      order_number: orderNumber(sessionId),
      kind: 'service',
      item: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      amount_cents: 3000,
      status: 'paid',
    });
    expect(order.order_number).toMatch(/^ORD-[A-Z0-9]{8}$/);
  });

  test('account summary: the plan with its cancellation flag and only paid orders, newest first', async () => {
    const account = async (user: { id: string; email: string } | null) => {
      const headers: Record<string, string> = user
        ? { Authorization: `Bearer ${await issuer.sign(stack.origin, user)}` }
        : {};
      const res = await fetch(`${stack.origin}/api/account`, { headers });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // An abandoned checkout leaves a pending order that the account does not list.
    const pending = await call('/api/create-payment-checkout', alice, {
      serviceType: 'vacuum-cleanout',
      visit: bookingVisit(),
    });
    expect(pending.status).toBe(200);

    const mine = await account(alice);
    expect(mine.status).toBe(200);
    const paid = (await orders(alice.id)).filter((o) => o.status === 'paid');
    const [plan] = await stack.db.query<{ current_period_end: Date }>(
      'select current_period_end from subscriptions where user_id = $1',
      [alice.id],
    );
    expect(mine.body).toEqual({
      subscription: {
        tier: 'lite',
        billingPeriod: 'monthly',
        currentPeriodEnd: plan?.current_period_end.toISOString(),
        cancelAtPeriodEnd: false,
        nextCharge: { amountCents: 3900, currency: 'usd', date: plan?.current_period_end.toISOString() },
      },
      refundedPlans: [],
      planDetails: null,
      // Texts are off here: no TWILIO_* set (docs/product/texts.md#consent).
      texts: false,
      // The plan's first visit as recorded (due within 7 days; we call to set it), then the booking's requested window.
      visits: [
        {
          orderNumber: paid[0]?.order_number,
          description: 'Autopilot Lite quarterly visit',
          when: expect.stringMatching(
            /^First visit due \w+day, \w+ \d{1,2}, \d{4}: we call you within 24 hours of signing up to set the day$/,
          ) as unknown,
          address: null,
          status: 'requested',
          id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
          day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        },
        {
          orderNumber: paid[1]?.order_number,
          description: 'Air Filter Replacement (Premium filter)',
          when: expect.stringMatching(
            /^Requested: \w+day, \w+ \d{1,2}, \d{4}, morning \(8 AM-12 PM\); we will send you a proposed time$/,
          ) as unknown,
          address: '1 Test Street, Springfield, MO 65804',
          status: 'requested',
          id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
          day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        },
      ],
      lastReport: null,
      orders: [
        {
          orderNumber: paid[1]?.order_number,
          description: 'Air Filter Replacement (Premium filter)',
          amountCents: 3000,
          currency: 'usd',
          paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
          status: 'paid',
        },
        {
          orderNumber: paid[0]?.order_number,
          description: 'Autopilot Lite subscription (monthly)',
          amountCents: 3900,
          currency: 'usd',
          paidAt: expect.any(String) as unknown,
          status: 'paid',
        },
      ],
    });

    expect(await account(bob)).toMatchObject({ status: 200, body: { orders: [] } });
    expect((await account(null)).status).toBe(401);
  });
});

describe('stripe-webhook', { timeout: 60_000 }, () => {
  test('a replayed event changes nothing', async () => {
    const [stored] = await stack.db.query<{ payload: string }>(
      `select payload from emulator_stripe.events where type = 'checkout.session.completed' order by seq limit 1`,
    );
    const event = JSON.parse(stored?.payload ?? '{}') as Stripe.Event;
    const sessionId = (event.data.object as Stripe.Checkout.Session).id;
    expect((await orders(alice.id)).find((o) => o.checkout_session_id === sessionId)?.status).toBe('paid');
    const before = await stack.db.query('select * from orders order by id');
    const res = await postEvent(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: true });
    expect(await stack.db.query('select * from orders order by id')).toEqual(before);
    expect(await stack.db.query('select count(*)::int as n from stripe_events where id = $1', [event.id])).toEqual([
      { n: 1 },
    ]);
  });

  test('a missing or tampered signature is a 400; unknown event types are acknowledged', async () => {
    const event = subscriptionEvent('customer.subscription.updated', 1_900_000_000, {
      id: 'sub_tampered',
      status: 'active',
      cancel: false,
      end: 1_900_000_000,
    });
    const tampered = await postEvent(event, true);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ error: expect.stringContaining('Stripe-Signature') as unknown });
    const unsigned = await fetch(`${stack.origin}/api/stripe-webhook`, { method: 'POST', body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await stack.db.query(`select 1 from subscriptions where id = 'sub_tampered'`)).toEqual([]);

    const unknown = await postEvent({ ...event, id: 'evt_unknownType00000000', type: 'customer.created' });
    expect(unknown.status).toBe(200);
    expect(await stack.db.query(`select 1 from stripe_events where id = 'evt_unknownType00000000'`)).toEqual([]);
  });

  test('out-of-order subscription events leave the newest state; invoice.paid only extends the period', async () => {
    const id = 'sub_outOfOrder00000000000';
    const t = 1_900_000_000;
    const newer = subscriptionEvent('customer.subscription.updated', t + 100, {
      id,
      status: 'active',
      cancel: true,
      end: t + 30 * 86_400,
    });
    const older = subscriptionEvent('customer.subscription.created', t, {
      id,
      status: 'incomplete',
      cancel: false,
      end: t + 30 * 86_400,
    });
    expect((await postEvent(newer)).status).toBe(200);
    expect((await postEvent(older)).status).toBe(200);
    const row = () =>
      stack.db.query<{ status: string; cancel_at_period_end: boolean; tier: string; user_id: string; end: number }>(
        `select status, cancel_at_period_end, tier, user_id, extract(epoch from current_period_end)::float8 as end from subscriptions where id = $1`,
        [id],
      );
    expect(await row()).toEqual([
      { status: 'active', cancel_at_period_end: true, tier: 'full', user_id: bob.id, end: t + 30 * 86_400 },
    ]);

    const invoice = (end: number) => ({
      id: `evt_inv${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: t + 200,
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${randomUUID().slice(0, 8)}`,
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata: {} } },
          lines: { object: 'list', data: [{ period: { start: t, end } }] },
        },
      },
    });
    expect((await postEvent(invoice(t + 60 * 86_400))).status).toBe(200);
    expect((await row())[0]?.end).toBe(t + 60 * 86_400);
    expect((await postEvent(invoice(t + 10 * 86_400))).status).toBe(200);
    expect((await row())[0]?.end).toBe(t + 60 * 86_400);

    const deleted = subscriptionEvent('customer.subscription.deleted', t + 300, {
      id,
      status: 'canceled',
      cancel: false,
      end: t + 30 * 86_400,
    });
    expect((await postEvent(deleted)).status).toBe(200);
    expect((await row())[0]?.status).toBe('canceled');
  });
});

describe('restart', { timeout: 180_000 }, () => {
  test('orders, subscriptions and the emulator state survive closing and reopening the data dir', async () => {
    const before = (await orders(alice.id)).map((o) => [o.checkout_session_id, o.status]);
    expect(before.filter(([, status]) => status === 'paid')).toHaveLength(2);
    const sessionIds = before.map(([id]) => id);
    await stack.close();
    stack = await startStack({ dataDir, functions: true, jwk: issuer.jwk });

    expect((await orders(alice.id)).map((o) => [o.checkout_session_id, o.status])).toEqual(before);
    const answer = await call('/api/check-subscription', alice);
    expect(answer.body).toMatchObject({ subscribed: true, subscription_tier: 'lite' });
    const session = await stack.stripe.checkout.sessions.retrieve(sessionIds[0] ?? '');
    expect(session.status).toBe('complete');
  });
});
