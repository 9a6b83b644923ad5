/**
 * What the customer and the owner are told about a plan (docs/product/emails.md#e-mails,
 * docs/product/emails.md#owner-events), end to end with the real stripe SDK against the emulator: the
 * start with its order number whichever event arrives first, and the account's name when no visit
 * details were given; a renewal paid (plan.renewed, with what was actually paid); a renewal whose
 * payment fails (plan.payment_failed, never a cancellation) and is paid on a retry, or whose retries
 * run out (then cancelled); a cancellation undone ("Keep plan"); and a prorated change of plan.
 * Webhook deliveries are held and forwarded by the test, so it decides when and in which order the
 * site hears of each.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLAN_PAYMENT_DUE } from '../../functions/create-subscription-checkout.ts';
import { NO_VISIT_DETAILS } from '../../functions/_lib/plans/details.ts';
import { priceVariable } from '../../src/features/plans/prices.ts';
import { setUpEmbeddedPlanPrices } from '../../functions/_lib/plans/prices.ts';
import { orderNumber } from '../../src/features/account/order-number.ts';
import type { AccountSummary } from '../../src/features/account/account-summary.ts';
import type { BillingPeriod, PlanType } from '../../src/features/plans/plans.ts';
import {
  createTokenIssuer,
  deliver,
  idOf,
  payCheckout,
  readForm,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  webhookHold,
  type HeldDelivery,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name: string };

const DAY = 86_400;
let issuer: TokenIssuer;
let stack: Stack;
let offsetMs = 0;
const hold = webhookHold();

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({
    dataDir: await tempDir('shm-plan-notices-'),
    functions: true,
    jwk: issuer.jwk,
    webhookPath: hold.path,
    extraRoutes: [hold.route],
    now: () => Date.now() + offsetMs,
  });
  await setUpEmbeddedPlanPrices(stack.stripe, process.env);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

const newUser = (): User => {
  const tag = randomUUID().slice(0, 8);
  return { id: randomUUID(), email: `notice.${tag}@example.com`, name: `Robin ${tag}` };
};
const emulatorNow = () => Math.floor((Date.now() + offsetMs) / 1000);

async function call(method: string, path: string, user: User, body?: unknown) {
  const res = await fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await issuer.sign(stack.origin, user)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const account = async (user: User) => (await call('GET', '/api/account', user)).body as unknown as AccountSummary;
const sessionIdOf = (url: unknown) => /\/(cs_test_[A-Za-z0-9]+)$/.exec(String(url))?.[1] ?? '';

/** Waits until the emulator has handed over every event it recorded, and takes them. */
async function takeHeld(): Promise<HeldDelivery[]> {
  await waitFor(async () => {
    const pending = await stack.db.query(`select 1 from emulator_stripe.events where delivery_state = 'pending'`);
    return pending.length === 0 ? true : undefined;
  }, 'the emulator to hand over its events');
  return hold.take();
}

async function forward(deliveries: HeldDelivery[]): Promise<string[]> {
  for (const delivery of deliveries) {
    const res = await deliver(stack.origin, delivery);
    expect(res.status, `${delivery.type}: ${await res.clone().text()}`).toBe(200);
  }
  return deliveries.map((d) => d.type);
}

/** Forwards every held delivery in the order the emulator made them, until none is left. */
async function flush(): Promise<HeldDelivery[]> {
  const delivered: HeldDelivery[] = [];
  for (let round = 0; round < 20; round += 1) {
    const batch = await takeHeld();
    if (batch.length === 0) return delivered;
    await forward(batch);
    delivered.push(...batch);
  }
  throw new Error('webhook deliveries did not settle');
}

/** The types of the deliveries about one customer's objects (other tests' plans renew on the same clock). */
function typesFor(subscription: Stripe.Subscription, deliveries: HeldDelivery[]): string[] {
  return deliveries
    .filter(
      (d) =>
        (JSON.parse(d.payload) as { data: { object: { customer?: unknown } } }).data.object.customer ===
        subscription.customer,
    )
    .map((d) => d.type);
}

/** A subscription checkout paid as from the home page's Subscribe button (no plan request); events held. */
async function payPlan(user: User, plan: PlanType, period: BillingPeriod): Promise<string> {
  const res = await call('POST', '/api/create-subscription-checkout', user, { planType: plan, billingPeriod: period });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await payCheckout(String(res.body['url']))).status).toBe(303);
  return sessionIdOf(res.body['url']);
}

async function subscribe(user: User, plan: PlanType, period: BillingPeriod): Promise<string> {
  const sessionId = await payPlan(user, plan, period);
  await flush();
  return sessionId;
}

async function subscriptionOf(user: User): Promise<Stripe.Subscription> {
  const [row] = await stack.db.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from customers where user_id = $1',
    [user.id],
  );
  const list = await stack.stripe.subscriptions.list({ customer: row?.stripe_customer_id ?? '', status: 'all' });
  const [subscription] = list.data;
  if (!subscription) throw new Error(`${user.email} has no subscription`);
  return subscription;
}

/** The owner's events about a customer, oldest first: [event, key, payload]. */
async function ownerEvents(user: User): Promise<{ event: string; key: string; payload: Record<string, unknown> }[]> {
  const rows = await stack.db.query<{ payload: Record<string, unknown>; idempotency_key: string }>(
    `select payload, idempotency_key from leads where kind = 'order' and payload->>'email' = $1 order by created_at, id`,
    [user.email],
  );
  return rows.map((r) => ({ event: String(r.payload['event']), key: r.idempotency_key, payload: r.payload }));
}

/** The e-mails queued for a customer, oldest first. */
async function mails(user: User): Promise<{ kind: string; key: string; subject: string; text: string }[]> {
  const rows = await stack.db.query<{ kind: string; idempotency_key: string; payload: Record<string, string> }>(
    `select kind, idempotency_key, payload from mail_outbox where payload->>'to' = $1 order by created_at, id`,
    [user.email],
  );
  return rows.map((r) => ({
    kind: r.kind,
    key: r.idempotency_key,
    subject: r.payload['subject'] ?? '',
    text: r.payload['text'] ?? '',
  }));
}

/** Moves the emulator's clock `seconds` ahead and lets its billing engine catch up. */
async function advance(seconds: number): Promise<HeldDelivery[]> {
  offsetMs += seconds * 1000;
  await stack.emulator.sweep();
  return flush();
}

/** Makes a customer's card fail from now on, as a test does with Stripe: the failing test card as the plan's default. */
async function useCard(subscription: Stripe.Subscription, testCard: string): Promise<void> {
  const customer = idOf(subscription.customer);
  const method = await stack.stripe.paymentMethods.attach(testCard, { customer });
  await stack.stripe.subscriptions.update(subscription.id, { default_payment_method: method.id });
  await flush();
}

/** Posts a billing-portal form ("Cancel plan", "Keep plan") as the customer does. */
async function portalAction(user: User, action: 'cancel' | 'renew'): Promise<void> {
  const portal = await call('POST', '/api/customer-portal', user);
  const page = await (await fetch(String(portal.body['url']))).text();
  const forms = [...page.matchAll(/<form method="post" action="[^"]+">[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form = forms.map((html) => readForm(html)).find((f) => f.action.endsWith(`/${action}`));
  expect(form, `a ${action} form on the portal`).toBeDefined();
  const done = await fetch(new URL(form?.action ?? '', stack.origin), {
    method: 'POST',
    body: new URLSearchParams(form?.fields),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  await flush();
}

describe('a plan started (docs/product/emails.md#owner-events)', { timeout: 60_000 }, () => {
  test('subscription created first, as the provider sends it: told once, when the order is known, with its number', async () => {
    const user = newUser();
    const sessionId = await payPlan(user, 'lite', 'monthly');
    const held = await takeHeld();
    expect(held.map((d) => d.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    // The live subscription alone: its order is not linked yet, so nothing is told.
    await forward(held.slice(0, 2));
    expect(await ownerEvents(user)).toEqual([]);
    expect(await mails(user)).toEqual([]);
    await forward(held.slice(2));
    await flush();

    const number = orderNumber(sessionId);
    const subscription = await subscriptionOf(user);
    const events = await ownerEvents(user);
    expect(events.map((e) => [e.event, e.key])).toEqual([['plan.started', `plan-started:${subscription.id}`]]);
    expect(events[0]?.payload).toMatchObject({
      orderNumber: number,
      subscriptionId: subscription.id,
      // Bought from the home page: no visit details, so the account's name, and the notes say so.
      customerName: user.name,
      email: user.email,
      phone: '',
      address: '',
      notes: NO_VISIT_DETAILS,
      plan: 'lite',
      billingPeriod: 'monthly',
      amount: '$39.00',
      amountCents: 3900,
    });
    const sent = await mails(user);
    expect(sent.map((m) => [m.kind, m.subject])).toEqual([['plan-started', 'Welcome to Autopilot Lite']]);
    expect(sent[0]?.text).toContain(`Hello ${user.name},`);
    expect(sent[0]?.text).toContain(`Order number: ${number}`);
    // We promise a call: the customer is asked for the phone and address we do not have.
    expect(sent[0]?.text).toContain('We do not have your phone number and address yet.');

    // Replays change nothing: still one notice each.
    await forward(held);
    expect(await ownerEvents(user)).toHaveLength(1);
    expect(await mails(user)).toHaveLength(1);
  });

  test('checkout completed first: told when the subscription arrives, with the same order number', async () => {
    const user = newUser();
    const sessionId = await payPlan(user, 'full', 'annual');
    const held = await takeHeld();
    const completed = held.filter((d) => d.type === 'checkout.session.completed');
    await forward(completed);
    expect(await ownerEvents(user)).toEqual([]);
    await forward(held.filter((d) => d.type !== 'checkout.session.completed'));
    await flush();

    const events = await ownerEvents(user);
    expect(events.map((e) => e.event)).toEqual(['plan.started']);
    expect(events[0]?.payload).toMatchObject({ orderNumber: orderNumber(sessionId), customerName: user.name });
    expect((await mails(user))[0]?.text).toContain(`Order number: ${orderNumber(sessionId)}`);
  });

  test('visit details given with the plan request are what the owner gets', async () => {
    const user = newUser();
    const request = {
      planType: 'lite',
      billingPeriod: 'monthly',
      fullName: 'Dana Whitfield',
      email: user.email,
      phone: '417-555-0199',
      address: '1200 E Battlefield Rd',
      city: 'Springfield',
      state: 'MO',
      zip: '65804',
      preferredDay: 'weekends',
      specialInstructions: 'Gate code 4417',
      agreeTerms: true,
      source: `${stack.origin}/autopilot-lite`,
    };
    const stored = await fetch(`${stack.origin}/api/plan-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const { id } = (await stored.json()) as { id: string };
    const res = await call('POST', '/api/create-subscription-checkout', user, {
      planType: 'lite',
      billingPeriod: 'monthly',
      planRequestId: id,
    });
    expect((await payCheckout(String(res.body['url']))).status).toBe(303);
    await flush();
    const [started] = await ownerEvents(user);
    expect(started?.payload).toMatchObject({
      event: 'plan.started',
      customerName: 'Dana Whitfield',
      phone: '417-555-0199',
      address: '1200 E Battlefield Rd, Springfield, MO 65804',
      requestedDay: 'weekends',
      notes: 'Gate code 4417',
    });
    const [welcome] = await mails(user);
    expect(welcome?.kind).toBe('plan-started');
    expect(welcome?.text).not.toContain('We do not have your phone number');
  });
});

describe('renewals and failed payments (docs/product/checkout.md#payment-events)', { timeout: 90_000 }, () => {
  test('a paid renewal is told to the owner with what was paid, the period and the next charge; no e-mail', async () => {
    const user = newUser();
    const sessionId = await subscribe(user, 'lite', 'quarterly');
    const first = await subscriptionOf(user);
    const end = first.items.data[0]?.current_period_end ?? 0;
    const mailsBefore = await mails(user);

    expect(typesFor(first, await advance(end - emulatorNow() + DAY))).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const [renewal] = (await stack.stripe.invoices.list({ subscription: first.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 11700 });
    const renewed = (await ownerEvents(user)).filter((e) => e.event === 'plan.renewed');
    expect(renewed.map((e) => e.key)).toEqual([`plan-renewed:${renewal?.id}`]);
    expect(renewed[0]?.payload).toMatchObject({
      orderNumber: orderNumber(sessionId),
      subscriptionId: first.id,
      invoiceId: renewal?.id,
      customerName: user.name,
      email: user.email,
      plan: 'lite',
      billingPeriod: 'quarterly',
      amount: '$117.00',
      amountCents: 11700,
      currency: 'usd',
      period: expect.stringMatching(/^\w+ \d+, \d{4} to \w+ \d+, \d{4}$/) as unknown,
      nextCharge: expect.stringMatching(/^\w+day, \w+ \d+, \d{4}$/) as unknown,
    });
    // The product promises no renewal receipt of ours: the invoices are in the billing portal.
    expect(await mails(user)).toEqual(mailsBefore);
  });

  test('a renewal that fails is no cancellation: the owner and the customer are told; paid on a retry, it is active again', async () => {
    const user = newUser();
    await subscribe(user, 'lite', 'monthly');
    const subscription = await subscriptionOf(user);
    await useCard(subscription, 'pm_card_chargeCustomerFail');
    const end = subscription.items.data[0]?.current_period_end ?? 0;

    expect(typesFor(subscription, await advance(end - emulatorNow() + DAY))).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((await subscriptionOf(user)).status).toBe('past_due');
    const failed = (await ownerEvents(user)).filter((e) => e.event !== 'plan.started');
    expect(failed.map((e) => e.event)).toEqual(['plan.payment_failed']);
    expect(failed[0]?.key).toMatch(new RegExp(`^plan-payment-failed:${subscription.id}:evt_`));
    expect(failed[0]?.payload).toMatchObject({ customerName: user.name, email: user.email, plan: 'lite' });
    const told = (await mails(user)).filter((m) => m.kind !== 'plan-started');
    expect(told.map((m) => [m.kind, m.subject])).toEqual([
      ['plan-payment-failed', 'The payment for your Autopilot Lite plan did not go through'],
    ]);
    expect(told[0]?.text).toContain('The card provider will try your card again');
    expect(told[0]?.text).toContain('/account');
    expect(told[0]?.text).not.toMatch(/cancel|Nothing more is charged/i);
    // While it is unpaid the account shows no active plan, as the e-mail says.
    expect((await account(user)).subscription).toBeNull();
    expect((await call('POST', '/api/check-subscription', user)).body).toMatchObject({ subscribed: false });
    // A new plan is refused meanwhile: paid on a retry, the old one would be live beside it.
    const again = await call('POST', '/api/create-subscription-checkout', user, { planType: 'full' });
    expect(again).toEqual({ status: 409, body: { error: PLAN_PAYMENT_DUE } });

    // The customer puts a working card on the plan; the next retry pays the renewal.
    await useCard(await subscriptionOf(user), 'pm_card_visa');
    expect(typesFor(subscription, await advance(3 * DAY))).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await subscriptionOf(user)).status).toBe('active');
    const after = (await ownerEvents(user)).map((e) => e.event);
    expect(after).toEqual(['plan.started', 'plan.payment_failed', 'plan.renewed']);
    expect((await ownerEvents(user)).at(-1)?.payload).toMatchObject({ amountCents: 3900, amount: '$39.00' });
    expect((await mails(user)).map((m) => m.kind)).toEqual(['plan-started', 'plan-payment-failed']);
    expect((await account(user)).subscription).toMatchObject({ tier: 'lite', cancelAtPeriodEnd: false });
  });

  test('when every retry fails the provider ends the plan: then, and only then, it is cancelled', async () => {
    const user = newUser();
    await subscribe(user, 'full', 'monthly');
    const subscription = await subscriptionOf(user);
    await useCard(subscription, 'pm_card_chargeCustomerFail');
    const end = subscription.items.data[0]?.current_period_end ?? 0;
    await advance(end - emulatorNow() + DAY);
    // Retried 3, 5 and 7 days apart, then the subscription is canceled.
    expect(typesFor(subscription, await advance(20 * DAY))).toEqual([
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    expect((await subscriptionOf(user)).status).toBe('canceled');
    const events = await ownerEvents(user);
    expect(events.map((e) => e.event)).toEqual(['plan.started', 'plan.payment_failed', 'plan.cancelled']);
    expect(events[2]?.payload).toMatchObject({ endsOn: expect.stringMatching(/^\w+day, \w+ \d+, \d{4}$/) as unknown });
    const cancelled = (await mails(user)).at(-1);
    expect(cancelled).toMatchObject({ kind: 'plan-cancelled', subject: 'Your Autopilot Full plan is cancelled' });
    // It has ended: no "stays active until" a period nobody paid for.
    expect(cancelled?.text).toContain('is cancelled and has ended. Nothing more is charged.');
  });
});

describe('cancelling, keeping and changing a plan in the billing portal', { timeout: 90_000 }, () => {
  test('"Keep plan" after cancelling is told (plan.resumed); cancelling again is told again', async () => {
    const user = newUser();
    await subscribe(user, 'lite', 'monthly');
    const subscription = await subscriptionOf(user);
    await portalAction(user, 'cancel');
    await portalAction(user, 'renew');
    await portalAction(user, 'cancel');

    const events = (await ownerEvents(user)).filter((e) => e.event !== 'plan.started');
    expect(events.map((e) => e.event)).toEqual(['plan.cancelled', 'plan.resumed', 'plan.cancelled']);
    expect(new Set(events.map((e) => e.key)).size).toBe(3);
    const end = new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
    const renewsOn = end.toLocaleDateString('en-US', {
      timeZone: 'America/Chicago',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(events[1]?.payload).toMatchObject({ nextCharge: renewsOn, customerName: user.name });
    const sent = (await mails(user)).filter((m) => m.kind !== 'plan-started');
    expect(sent.map((m) => m.kind)).toEqual(['plan-cancelled', 'plan-resumed', 'plan-cancelled']);
    expect(sent[1]).toMatchObject({ subject: 'Your Autopilot Lite plan continues' });
    expect(sent[1]?.text).toContain(`It continues as before and renews on ${renewsOn}.`);
    expect((await account(user)).subscription).toMatchObject({ cancelAtPeriodEnd: true });
  });

  test('a change is prorated: the e-mail gives the price per period, not an amount charged; a renewal paid by the credit is told as $0.00', async () => {
    const user = newUser();
    await subscribe(user, 'full', 'annual');
    const subscription = await subscriptionOf(user);
    // Full annual to Lite monthly in the portal: the unused year becomes a credit.
    const priceId = process.env[priceVariable({ plan: 'lite', period: 'monthly' })] ?? '';
    const portal = await call('POST', '/api/customer-portal', user);
    const portalId = new URL(String(portal.body['url'])).pathname.split('/').pop() ?? '';
    const changed = await fetch(`${stack.origin}/_stripe/billing/${portalId}/change`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: subscription.id, price: priceId }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await flush();

    const change = (await mails(user)).find((m) => m.kind === 'plan-changed');
    expect(change?.subject).toBe('Your plan is now Autopilot Lite (monthly)');
    expect(change?.text).toContain('Plan price: $39.00 per month');
    expect(change?.text).toContain('The card provider prorates it');
    expect(change?.text).toContain('Your account page shows your next charge');
    expect(change?.text).not.toMatch(/^(Amount|Next charge):/m);
    expect((await account(user)).subscription?.nextCharge).toMatchObject({ amountCents: 0 });

    // The next month is paid from the credit: the owner hears of the renewal, with $0.00 paid.
    const end = (await subscriptionOf(user)).items.data[0]?.current_period_end ?? 0;
    await advance(end - emulatorNow() + DAY);
    const renewed = (await ownerEvents(user)).find((e) => e.event === 'plan.renewed');
    expect(renewed?.payload).toMatchObject({ amount: '$0.00', amountCents: 0, plan: 'lite', billingPeriod: 'monthly' });
  });
});
