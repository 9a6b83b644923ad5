/**
 * The Stripe emulator driven by the real `stripe` SDK: objects and ids, form encoding, errors,
 * idempotency, the hosted checkout and billing portal, refunds and the charge they report, and
 * signed webhooks delivered in order, retried, and resumed after a restart.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Handler, Route } from '../../functions/_lib/platform/http.ts';
import { accountHash } from '../../server/embedded/stripe/idempotency.ts';
import { createStripeEmulator } from '../../server/embedded/stripe/index.ts';
import {
  idOf,
  payCheckout,
  removeTempDirs,
  SECRET_KEY,
  startStack,
  tempDir,
  textOf,
  waitFor,
  WEBHOOK_SECRET,
  type Stack,
} from './support/stripe-stack.ts';

/** A webhook endpoint that records what it receives and answers as told. */
function receiver() {
  const received: { body: string; signature: string; event: Stripe.Event }[] = [];
  let failuresLeft = 0;
  let hang = false;
  let onHang: (() => void) | null = null;
  const handler: Handler = async (req) => {
    const body = await req.text();
    const signature = req.headers.get('stripe-signature') ?? '';
    if (hang) {
      onHang?.();
      // Never answers: only the emulator's shutdown ends this request.
      return new Promise<Response>(() => {});
    }
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return new Response('down', { status: 500 });
    }
    const event = await Stripe.webhooks.constructEventAsync(body, signature, WEBHOOK_SECRET);
    received.push({ body, signature, event });
    return new Response('ok');
  };
  return {
    route: { path: '/hooks', match: 'exact', handler } satisfies Route,
    received,
    failNext(n: number) {
      failuresLeft = n;
    },
    hangNext(): Promise<void> {
      hang = true;
      return new Promise((resolve) => (onHang = resolve));
    },
    recover() {
      hang = false;
    },
    types: () => received.map((r) => r.event.type),
  };
}

const hooks = receiver();
const RETRY = { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100 };
let stack: Stack;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    dataDir: await tempDir('shm-stripe-'),
    webhookPath: '/hooks',
    extraRoutes: [hooks.route],
    retry: RETRY,
    log: (m) => logs.push(m),
  });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

const lineItem = (amount: number, name = 'Air Filter Replacement') => ({
  quantity: 1,
  price_data: { currency: 'usd', unit_amount: amount, product_data: { name } },
});
const monthlyLineItem = (amount: number, name: string) => {
  const item = lineItem(amount, name);
  return { ...item, price_data: { ...item.price_data, recurring: { interval: 'month' as const } } };
};

describe('Stripe emulator API through the real SDK', { timeout: 60_000 }, () => {
  test('customers: create, retrieve, list by e-mail; a missing one is a 404 resource_missing', async () => {
    const created = await stack.stripe.customers.create({ email: 'Pat@Example.com', metadata: { user_id: 'u-1' } });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created).toMatchObject({ object: 'customer', email: 'Pat@Example.com', metadata: { user_id: 'u-1' } });
    expect(await stack.stripe.customers.retrieve(created.id)).toEqual(created);
    const listed = await stack.stripe.customers.list({ email: 'pat@example.com' });
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);

    const error = await stack.stripe.customers.retrieve('cus_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
  });

  test('checkout session: ids, amounts and every encoded field round-trip', async () => {
    const tricky = 'a&b=c [d] ü 100% + é';
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem(2500), { ...lineItem(500, 'Premium surcharge'), quantity: 2 }],
      client_reference_id: 'user-42',
      customer_email: 'pat@example.com',
      metadata: { user_id: 'user-42', note: tricky },
      payment_intent_data: { metadata: { user_id: 'user-42' } },
      success_url: 'https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/services/air-filter-replacement',
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3500,
      currency: 'usd',
      client_reference_id: 'user-42',
      customer_email: 'pat@example.com',
      metadata: { user_id: 'user-42', note: tricky },
      success_url: 'https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      url: `${stack.origin}/_stripe/checkout/${session.id}`,
    });
    expect(await stack.stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
  });

  test.each([
    [{ line_items: [lineItem(100)] }, 'mode'],
    [{ mode: 'payment', line_items: [{ price_data: lineItem(100).price_data }] }, 'line_items[0][quantity]'],
    [
      { mode: 'payment', line_items: [{ ...lineItem(100), price_data: { currency: 'usd', unit_amount: 100 } }] },
      'line_items[0][price_data][product_data]',
    ],
    [{ mode: 'payment', line_items: [{ quantity: 1, price: 'price_dashboard' }] }, 'line_items[0][price]'],
    [{ mode: 'payment', line_items: [lineItem(100)], colour: 'red' }, 'colour'],
    [{ mode: 'payment', line_items: [lineItem(100)], success_url: 'not a url' }, 'success_url'],
    [{ mode: 'payment', line_items: [lineItem(100)], customer: 'cus_nobody' }, 'customer'],
    [
      {
        mode: 'payment',
        line_items: [monthlyLineItem(100, 'Air Filter Replacement')],
      },
      'line_items[0][price_data]',
    ],
    [{ mode: 'subscription', line_items: [lineItem(100)] }, 'line_items'],
  ])('invalid session %# is a 400 naming %s', async (params, param) => {
    const error = await stack.stripe.checkout.sessions
      .create(params as Stripe.Checkout.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param });
  });

  test('authentication: a missing or wrong key is a 401 authentication error', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(stack.origin).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const anonymous = await fetch(`${stack.origin}/v1/customers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const unknown = await fetch(`${stack.origin}/v1/charges`, { headers: { Authorization: `Bearer ${SECRET_KEY}` } });
    expect(unknown.status).toBe(404);
  });

  test('Idempotency-Key: same key and params replay the first answer; other params are refused', async () => {
    const params = { mode: 'payment' as const, line_items: [lineItem(1234)], success_url: 'https://shop.example/ok' };
    const first = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'order-1' });
    const again = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'order-1' });
    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'order-2' });
    expect(other.id).not.toBe(first.id);
    const mismatch = await stack.stripe.checkout.sessions
      .create({ ...params, line_items: [lineItem(999)] }, { idempotencyKey: 'order-1' })
      .catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // A request that failed validation stores nothing: the key stays usable.
    await expect(
      stack.stripe.customers.create({ email: 'x'.repeat(600) }, { idempotencyKey: 'cust-1' }),
    ).rejects.toThrow();
    const customer = await stack.stripe.customers.create({ email: 'ok@example.com' }, { idempotencyKey: 'cust-1' });
    expect(customer.email).toBe('ok@example.com');
  });

  test('Idempotency-Key: a request cut short by a crash holds its key only until the emulator starts again', async () => {
    const params = { mode: 'payment' as const, line_items: [lineItem(4000)], success_url: 'https://shop.example/ok' };
    const done = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'done-before-crash' });
    // What a kill mid-request leaves: the key claimed for these parameters, no answer stored.
    const cut = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'cut-short' });
    await stack.db.query(
      `update emulator_stripe.idempotency_keys set status = null, body = null where api_key_hash = $1 and key = 'cut-short'`,
      [accountHash(SECRET_KEY)],
    );
    const busy = await stack.stripe.checkout.sessions
      .create(params, { idempotencyKey: 'cut-short' })
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(Stripe.errors.StripeError);
    expect(busy).toMatchObject({ statusCode: 409, rawType: 'idempotency_error' });

    await stack.emulator.stop();
    const restarted = await createStripeEmulator({
      db: stack.db,
      webhookUrl: `${stack.origin}/hooks`,
      webhookSecret: WEBHOOK_SECRET,
      apiKey: SECRET_KEY,
      retry: RETRY,
      log: (m) => logs.push(m),
    });
    stack.routes.splice(0, restarted.routes.length, ...restarted.routes);
    stack.emulator = restarted;

    const retried = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'cut-short' });
    expect(retried.amount_total).toBe(4000);
    expect(retried.id).not.toBe(cut.id);
    // Finished answers are kept: they still replay.
    const replayed = await stack.stripe.checkout.sessions.create(params, { idempotencyKey: 'done-before-crash' });
    expect(replayed.id).toBe(done.id);
  });
});

describe('hosted checkout and webhooks', { timeout: 60_000 }, () => {
  test('the page shows the items and total; bad and declined cards stay on the page', async () => {
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem(3000)],
      customer_email: 'pat@example.com',
      success_url: 'https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/back',
    });
    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Air Filter Replacement');
    expect(html).toContain('$30.00');
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toMatch(/<label for="number">Card number<\/label>/);
    expect(html).toContain('href="https://shop.example/back"');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example");

    const incomplete = await payCheckout(session.url ?? '', { number: '4242 4242', cvc: '1' });
    expect(incomplete.status).toBe(400);
    const incompleteHtml = await incomplete.text();
    expect(textOf(incompleteHtml)).toContain('Your card number is incomplete.');
    expect(textOf(incompleteHtml)).toContain("Your card's security code is incomplete.");
    expect(incompleteHtml).toContain('aria-invalid="true" aria-describedby="number-error"');

    const declined = await payCheckout(session.url ?? '', { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stack.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  test('paying a payment session redirects to success_url and sends a signed checkout.session.completed', async () => {
    const before = hooks.received.length;
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem(3000)],
      customer_email: 'pat@example.com',
      metadata: { order: 'one' },
      success_url: 'https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    const paid = await payCheckout(session.url ?? '');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://shop.example/payment-success?session_id=${session.id}`);
    const done = await stack.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(done.payment_intent).toMatch(/^pi_/);

    const delivery = await waitFor(() => hooks.received[before], 'checkout.session.completed');
    expect(delivery.event).toMatchObject({
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      data: { object: { id: session.id, payment_status: 'paid', metadata: { order: 'one' } } },
    });
    expect(delivery.event.id).toMatch(/^evt_/);
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The same signature does not cover a changed body.
    const tampered = delivery.body.replace('"paid"', '"unpaid"');
    await expect(
      Stripe.webhooks.constructEventAsync(tampered, delivery.signature, WEBHOOK_SECRET),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);

    // A second submit of the same form (a double click) changes nothing and lands on the same page.
    const twice = await fetch(`${session.url}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Pat' }),
      redirect: 'manual',
    });
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe(paid.headers.get('location'));
    expect(textOf(await (await fetch(session.url ?? '')).text())).toContain('This checkout has already been paid');
    const events = await stack.db.query(`select id from emulator_stripe.events where payload like $1`, [
      `%${session.id}%`,
    ]);
    expect(events).toHaveLength(1);
  });

  test('a subscription: customer, subscription a month long, paid invoice, then the portal cancels at period end', async () => {
    const customer = await stack.stripe.customers.create({ email: 'sub@example.com' });
    const before = hooks.received.length;
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [monthlyLineItem(3900, 'Autopilot Lite')],
      subscription_data: { metadata: { plan: 'lite' } },
      success_url: 'https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(await (await fetch(session.url ?? '')).text()).toContain('per month');
    const start = Math.floor(Date.now() / 1000);
    expect((await payCheckout(session.url ?? '')).status).toBe(303);
    await waitFor(() => (hooks.received.length >= before + 3 ? true : undefined), 'three events');
    expect(hooks.types().slice(before, before + 3)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);

    const completed = await stack.stripe.checkout.sessions.retrieve(session.id);
    expect(completed.subscription).toMatch(/^sub_[A-Za-z0-9]{24}$/);
    const subscription = await stack.stripe.subscriptions.retrieve(idOf(completed.subscription));
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { plan: 'lite' },
      cancel_at_period_end: false,
    });
    const item = subscription.items.data[0];
    const expectedEnd = new Date(start * 1000);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs((item?.current_period_end ?? 0) - expectedEnd.getTime() / 1000)).toBeLessThan(4 * 86_400);
    const invoice = hooks.received[before + 1]?.event.data.object as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.lines.data[0]?.period.end).toBe(item?.current_period_end);

    const portal = await stack.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://shop.example/account',
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = textOf(await (await fetch(portal.url)).text());
    expect(page).toContain('Autopilot Lite');
    expect(page).toContain('Active');
    expect(page).toContain('Renews on');
    expect(page).toContain("30 days' notice");
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain('Return to Springfield Home Maintenance');

    const cancel = await fetch(`${stack.origin}/_stripe/billing/${portal.id}/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: subscription.id }),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    const after = textOf(await (await fetch(new URL(cancel.headers.get('location') ?? '', stack.origin))).text());
    expect(after).toContain('Cancels on');
    expect(after).toContain('set to cancel at the end of the current period');
    const updated = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(updated).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: item?.current_period_end,
    });
    const event = await waitFor(
      () => hooks.received.find((r) => r.event.type === 'customer.subscription.updated'),
      'update event',
    );
    expect(event.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    // The API can undo it and cancel at once.
    const kept = await stack.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(kept.cancel_at_period_end).toBe(false);
    const ended = await stack.stripe.subscriptions.cancel(subscription.id);
    expect(ended.status).toBe('canceled');
    await waitFor(() => hooks.received.find((r) => r.event.type === 'customer.subscription.deleted'), 'deleted event');
  });
});

describe('payment methods', { timeout: 60_000 }, () => {
  test("Stripe's test payment methods attach to a customer and can pay a subscription; another's cannot", async () => {
    const customer = await stack.stripe.customers.create({ email: 'card.owner@example.com' });
    const stranger = await stack.stripe.customers.create({ email: 'card.stranger@example.com' });
    const failing = await stack.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(failing).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id });
    expect(failing.id).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(failing.card).toMatchObject({ brand: 'visa', last4: '0341' });
    expect((await stack.stripe.paymentMethods.retrieve(failing.id)).id).toBe(failing.id);
    // Attaching it again to the same customer is a no-op; to another customer, refused.
    expect((await stack.stripe.paymentMethods.attach(failing.id, { customer: customer.id })).id).toBe(failing.id);
    await expect(stack.stripe.paymentMethods.attach(failing.id, { customer: stranger.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_method_unexpected_state',
    });
    await expect(stack.stripe.paymentMethods.attach('pm_nothing', { customer: customer.id })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });

    const session = await stack.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [monthlyLineItem(3900, 'Autopilot Lite')],
      success_url: 'https://shop.example/ok',
    });
    expect((await payCheckout(session.url ?? '')).status).toBe(303);
    const subscriptionId = idOf((await stack.stripe.checkout.sessions.retrieve(session.id)).subscription);
    const before = hooks.received.length;
    const updated = await stack.stripe.subscriptions.update(subscriptionId, { default_payment_method: failing.id });
    expect(updated.default_payment_method).toBe(failing.id);
    const event = await waitFor(
      () =>
        hooks.received
          .slice(before)
          .find((r) => r.event.type === 'customer.subscription.updated' && r.event.data.object.id === subscriptionId),
      'the update event',
    );
    expect(Object.keys(event.event.data.previous_attributes ?? {})).toEqual(['default_payment_method']);

    const foreign = await stack.stripe.paymentMethods.attach('pm_card_visa', { customer: stranger.id });
    await expect(
      stack.stripe.subscriptions.update(subscriptionId, { default_payment_method: foreign.id }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'default_payment_method' });
  });
});

describe('refunds', { timeout: 60_000 }, () => {
  /** A one-time checkout paid by a customer with a name: the completed session and its payment intent. */
  const paidPayment = async (amount: number, email: string) => {
    const customer = await stack.stripe.customers.create({ email, name: 'Pat Customer' });
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [lineItem(amount)],
      payment_intent_data: { metadata: { user_id: 'user-1', service_type: 'dryer-vent-cleaning' } },
      success_url: 'https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    expect((await payCheckout(session.url ?? '')).status).toBe(303);
    // The payment's own event is delivered after the answer: once it is in, the next deliveries
    // are the refund's (on a busy machine it came after a test had started counting).
    await waitFor(
      () =>
        hooks.received.find(
          (r) => r.event.type === 'checkout.session.completed' && r.event.data.object.id === session.id,
        ),
      "the payment's checkout.session.completed",
    );
    const paid = await stack.stripe.checkout.sessions.retrieve(session.id);
    return { session: paid, intentId: idOf(paid.payment_intent) };
  };
  /** The next `count` deliveries after the first `from`. */
  const nextDeliveries = (from: number, count: number) =>
    waitFor(
      () => (hooks.received.length >= from + count ? hooks.received.slice(from, from + count) : undefined),
      `${count} deliveries`,
    );

  test('a full refund sends a signed charge.refunded (refunded, with its payment intent) and refund.created', async () => {
    const { session, intentId } = await paidPayment(4500, 'refund.full@example.com');
    const intent = await stack.stripe.paymentIntents.retrieve(intentId);
    const chargeId = idOf(intent.latest_charge);
    expect(chargeId).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    // How the site finds the order of a charge: its payment intent names the checkout session.
    const sessions = await stack.stripe.checkout.sessions.list({ payment_intent: intentId });
    expect(sessions.data.map((s) => s.id)).toEqual([session.id]);

    const before = hooks.received.length;
    const refund = await stack.stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 4500,
      charge: chargeId,
      payment_intent: intentId,
      customer: session.customer,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    const [refunded, created] = await nextDeliveries(before, 2);
    expect(refunded?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(refunded?.event).toMatchObject({
      type: 'charge.refunded',
      api_version: Stripe.API_VERSION,
      data: { previous_attributes: { amount_refunded: 0, refunded: false } },
    });
    const charge = refunded?.event.data.object as Stripe.Charge;
    expect(charge).toMatchObject({
      id: chargeId,
      object: 'charge',
      amount: 4500,
      amount_captured: 4500,
      amount_refunded: 4500,
      refunded: true,
      paid: true,
      captured: true,
      status: 'succeeded',
      currency: 'usd',
      payment_intent: intentId,
      customer: session.customer,
      metadata: { user_id: 'user-1', service_type: 'dryer-vent-cleaning' },
      billing_details: { email: 'refund.full@example.com', name: 'Pat Customer' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    // Since API version 2022-11-15 a charge no longer carries its refunds unless they are expanded.
    expect(charge.refunds).toBeUndefined();
    expect(created?.event).toMatchObject({
      type: 'refund.created',
      data: { object: { id: refund.id, amount: 4500, charge: chargeId } },
    });
    await expect(stack.stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  test('partial refunds send charge.refunded with the cumulative amount_refunded, refunded once nothing is left', async () => {
    const { intentId } = await paidPayment(6000, 'refund.partial@example.com');
    const before = hooks.received.length;
    const first = await stack.stripe.refunds.create({ payment_intent: intentId, amount: 1500 });
    expect(first.amount).toBe(1500);
    const [partly, firstCreated] = await nextDeliveries(before, 2);
    expect(partly?.event).toMatchObject({
      type: 'charge.refunded',
      data: {
        object: { amount: 6000, amount_refunded: 1500, refunded: false, payment_intent: intentId },
        previous_attributes: { amount_refunded: 0 },
      },
    });
    expect(Object.keys(partly?.event.data.previous_attributes ?? {})).toEqual(['amount_refunded']);
    expect(firstCreated?.event).toMatchObject({ type: 'refund.created', data: { object: { id: first.id } } });

    const rest = await stack.stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(4500);
    const [fully] = await nextDeliveries(before + 2, 2);
    expect(fully?.event).toMatchObject({
      type: 'charge.refunded',
      data: {
        object: { amount_refunded: 6000, refunded: true, payment_intent: intentId },
        previous_attributes: { amount_refunded: 1500, refunded: false },
      },
    });
  });
});

describe('webhook delivery', { timeout: 90_000 }, () => {
  const paidSession = async (note: string) => {
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [lineItem(100)],
      customer_email: 'retry@example.com',
      metadata: { note },
      success_url: 'https://shop.example/ok',
    });
    expect((await payCheckout(session.url ?? '')).status).toBe(303);
    return session.id;
  };

  test('a failing endpoint is retried with backoff, attempts are recorded, and order is kept', async () => {
    const before = hooks.received.length;
    hooks.failNext(2);
    const first = await paidSession('first');
    const second = await paidSession('second');
    await waitFor(() => (hooks.received.length >= before + 2 ? true : undefined), 'both deliveries');
    expect(hooks.received.slice(before).map((r) => (r.event.data.object as Stripe.Checkout.Session).id)).toEqual([
      first,
      second,
    ]);
    const [row] = await stack.db.query<{ attempts: number; delivery_state: string; last_error: string | null }>(
      `select attempts, delivery_state, last_error from emulator_stripe.events where payload like $1`,
      [`%${first}%`],
    );
    expect(row).toEqual({ attempts: 3, delivery_state: 'delivered', last_error: null });
    expect(logs.some((m) => m.includes('HTTP 500') && m.includes('attempt 1 of 4'))).toBe(true);
  });

  test('attempts are bounded: after the last one the event is marked failed and the queue moves on', async () => {
    const before = hooks.received.length;
    hooks.failNext(4);
    const doomed = await paidSession('doomed');
    const next = await paidSession('next');
    await waitFor(() => (hooks.received.length >= before + 1 ? true : undefined), 'the next delivery');
    expect((hooks.received[before]?.event.data.object as Stripe.Checkout.Session).id).toBe(next);
    const [row] = await stack.db.query<{ attempts: number; delivery_state: string }>(
      `select attempts, delivery_state from emulator_stripe.events where payload like $1`,
      [`%${doomed}%`],
    );
    expect(row).toEqual({ attempts: 4, delivery_state: 'failed' });
  });

  test('a delivery in flight at shutdown resumes when the emulator starts again', async () => {
    const before = hooks.received.length;
    const hanging = hooks.hangNext();
    const id = await paidSession('resume');
    await hanging;
    await stack.emulator.stop();
    const [row] = await stack.db.query<{ attempts: number; delivery_state: string }>(
      `select attempts, delivery_state from emulator_stripe.events where payload like $1`,
      [`%${id}%`],
    );
    expect(row).toEqual({ attempts: 0, delivery_state: 'pending' });

    hooks.recover();
    const restarted = await createStripeEmulator({
      db: stack.db,
      webhookUrl: `${stack.origin}/hooks`,
      webhookSecret: WEBHOOK_SECRET,
      apiKey: SECRET_KEY,
    });
    stack.routes.splice(0, restarted.routes.length, ...restarted.routes);
    stack.emulator = restarted;
    const delivery = await waitFor(() => hooks.received[before], 'the resumed delivery');
    expect((delivery.event.data.object as Stripe.Checkout.Session).id).toBe(id);
  });
});
