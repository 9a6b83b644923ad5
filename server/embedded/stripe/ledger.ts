/**
 * What happens to money and subscriptions over time, as Stripe's billing engine does it: a period
 * that ends renews (an invoice, the customer's credit applied first, charged to the subscription's
 * default payment method) or, when the subscription is set to cancel, ends it; a charge that fails
 * leaves the invoice open and the subscription past_due, and is retried on a schedule until it is
 * paid (active again) or the retries run out (the subscription is canceled); a price change is
 * prorated; an open checkout past `expires_at` is found here and expired by its own module
 * (resources/checkout-sessions.ts). Each function runs in the caller's transaction and records the
 * events Stripe sends for it.
 */
import type { Db } from '../../../functions/_lib/platform/db.ts';
import {
  buildInvoice,
  currentPeriodEnd,
  currentPeriodStart,
  nextPaymentAttempt,
  periodEndAfter,
  periodLine,
  prorationLines,
  type BillingReason,
  type InvoiceLine,
  type Subscription,
} from './billing.ts';
import { cardFor, savePayment } from './charges.ts';
import { StripeError } from './errors.ts';
import { recordEvent, type EventRequest } from './events.ts';
import { newId } from './ids.ts';
import type { KnownPrice } from './prices.ts';
import type { CardOnFile } from './resources/customers.ts';
import { chargeFails } from './resources/payment-methods.ts';
import { load, save, textOr, type Stored, type StripeObject } from './store.ts';

/** A subscription with the emulator's private state: its product name and prorations not yet invoiced. */
export interface SubscriptionState {
  data: Subscription;
  productName: string;
  pendingLines: InvoiceLine[];
}

/** Loads (and locks) a subscription; throws Stripe's 404 when there is none. */
export async function loadSubscriptionState(db: Db, id: string, param = 'id'): Promise<SubscriptionState> {
  const stored = await load<Subscription>(db, 'subscription', id, true);
  if (!stored)
    throw new StripeError(404, 'invalid_request_error', `No such subscription: '${id}'`, {
      code: 'resource_missing',
      param,
    });
  return fromStored(stored);
}

function fromStored(stored: Stored<Subscription>): SubscriptionState {
  return {
    data: stored.data,
    productName: textOr(stored.private['productName'], 'Subscription'),
    pendingLines: (stored.private['pendingLines'] as InvoiceLine[] | undefined) ?? [],
  };
}

/** Saves a subscription with its private state. */
export async function saveSubscriptionState(db: Db, state: SubscriptionState): Promise<void> {
  await save(db, state.data, { productName: state.productName, pendingLines: state.pendingLines });
}

/** The fields of a subscription that differ in `after`, with their values before (`previous_attributes`). */
export function previousAttributes(
  before: StripeObject,
  after: StripeObject,
  keys: readonly string[],
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}

/** An invoice as the billing engine reads it back. */
type Invoice = StripeObject & { amount_due: number; status: string; currency: string };

/**
 * Bills `lines` to the subscription's customer: the invoice takes the customer's credit first, the
 * subscription's default payment method pays the rest (a payment intent), and a negative total
 * becomes credit. Records `invoice.paid`; when the charge fails (the failing test card), the
 * invoice stays open with its next attempt scheduled and `invoice.payment_failed` is recorded.
 */
export async function chargeInvoice(
  db: Db,
  input: {
    subscription: Subscription;
    lines: InvoiceLine[];
    reason: BillingReason;
    now: number;
    request?: EventRequest;
  },
): Promise<Invoice> {
  const stored = await load(db, 'customer', input.subscription.customer, true);
  if (!stored) throw new Error(`Subscription ${input.subscription.id} has no customer`);
  const customer = stored.data;
  const card = stored.private['card'] as CardOnFile | undefined;
  const sequence = Number(customer['next_invoice_sequence'] ?? 1);
  const balance = Number(customer['balance'] ?? 0);
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const due = Math.max(0, total + balance);
  const paymentMethod = textOr(input.subscription['default_payment_method'], card?.id ?? '');
  const failed = due > 0 && (await chargeFails(db, paymentMethod));
  const paymentIntent = due > 0 && !failed ? newId('pi') : null;
  const built = buildInvoice({
    subscription: input.subscription,
    lines: input.lines,
    customer: {
      id: customer.id,
      email: typeof customer['email'] === 'string' ? customer['email'] : null,
      name: typeof customer['name'] === 'string' ? customer['name'] : null,
      balance,
    },
    reason: input.reason,
    now: input.now,
    number: `${String(customer['invoice_prefix'])}-${String(sequence).padStart(4, '0')}`,
    paymentIntent,
  });
  const invoice: Invoice = failed ? unpaid(built, due, input.now) : { ...built, status: 'paid' };
  await save(db, { ...customer, balance: built.ending_balance, next_invoice_sequence: sequence + 1 });
  if (paymentIntent) {
    await savePayment(db, {
      id: paymentIntent,
      amount: due,
      currency: invoice.currency,
      customer: customer.id,
      paymentMethod,
      now: input.now,
      description: 'Subscription update',
      metadata: {},
      card: await cardFor(db, paymentMethod, card),
      payer: contactOf(customer),
    });
  }
  await save(db, invoice);
  await recordEvent(db, failed ? 'invoice.payment_failed' : 'invoice.paid', invoice, {
    created: input.now,
    ...(input.request ? { request: input.request } : {}),
  });
  return invoice;
}

/** A customer's e-mail and name, as a charge's billing details carry them. */
function contactOf(customer: StripeObject): { email: string | null; name: string | null } {
  return {
    email: typeof customer['email'] === 'string' ? customer['email'] : null,
    name: typeof customer['name'] === 'string' ? customer['name'] : null,
  };
}

/** A finalized invoice whose first charge failed: open, nothing paid, its retry scheduled. */
function unpaid(invoice: StripeObject & { currency: string }, due: number, now: number): Invoice {
  return {
    ...invoice,
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    attempt_count: 1,
    attempted: true,
    next_payment_attempt: nextPaymentAttempt(1, now),
    payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${invoice.id}` },
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
  };
}

/** A subscription's status after its latest invoice: past_due when unpaid, active again once paid. */
function statusAfter(status: string, invoice: Invoice): string {
  if (invoice.status !== 'paid') return 'past_due';
  return status === 'past_due' ? 'active' : status;
}

/** Ends a subscription at `endedAt` (its period's end, or now): status canceled; records the deletion. */
export async function endSubscriptionAt(
  db: Db,
  state: SubscriptionState,
  endedAt: number,
  now: number,
  request?: EventRequest,
): Promise<Subscription> {
  const after: Subscription = {
    ...state.data,
    status: 'canceled',
    canceled_at: state.data['canceled_at'] ?? now,
    ended_at: endedAt,
    cancellation_details: state.data['cancellation_details'] ?? {
      comment: null,
      feedback: null,
      reason: 'cancellation_requested',
    },
  };
  await saveSubscriptionState(db, { ...state, data: after, pendingLines: [] });
  await recordEvent(db, 'customer.subscription.deleted', after, { created: now, ...(request ? { request } : {}) });
  return after;
}

/**
 * Brings one subscription up to `now`: each period that has ended either renews it (an invoice for
 * the next period, with any prorations waiting) or, when it was set to cancel, ends it.
 */
export async function advanceSubscription(db: Db, id: string, now: number): Promise<void> {
  let state = await loadSubscriptionState(db, id);
  for (;;) {
    const { data } = state;
    const end = currentPeriodEnd(data);
    if (data.status === 'canceled' || end === null || end > now) return;
    const cancelAt = typeof data.cancel_at === 'number' ? data.cancel_at : null;
    if (data.cancel_at_period_end || (cancelAt !== null && cancelAt <= end)) {
      await endSubscriptionAt(db, state, end, now);
      return;
    }
    const recurring = data.items.data[0]?.price.recurring;
    if (!recurring) return;
    const nextEnd = periodEndAfter(data.billing_cycle_anchor, recurring, end);
    const items = data.items.data.map((item) => ({ ...item, current_period_start: end, current_period_end: nextEnd }));
    const lines = [
      ...state.pendingLines,
      ...items.map((item) =>
        periodLine({ price: item.price, quantity: item.quantity, productName: state.productName }, item.id, {
          start: end,
          end: nextEnd,
        }),
      ),
    ];
    const renewed: Subscription = { ...data, items: { ...data.items, data: items } };
    const invoice = await chargeInvoice(db, { subscription: renewed, lines, reason: 'subscription_cycle', now: end });
    renewed['latest_invoice'] = invoice.id;
    // A renewal whose payment failed still starts the new period, unpaid: Stripe's past_due.
    renewed.status = statusAfter(data.status, invoice);
    state = { ...state, data: renewed, pendingLines: [] };
    await saveSubscriptionState(db, state);
    await recordEvent(db, 'customer.subscription.updated', renewed, {
      created: end,
      previous: previousAttributes(data, renewed, ['items', 'latest_invoice', 'status']),
    });
  }
}

/**
 * Tries an open invoice again at each of its scheduled attempts up to `now`, with the
 * subscription's default payment method as it is then. Paid: `invoice.paid`, and a past_due
 * subscription whose latest invoice it is becomes active. Failed again: `invoice.payment_failed`
 * with the next attempt, or, the retries exhausted, the subscription is canceled (Stripe's setting
 * "if all retries for a payment fail: cancel the subscription").
 */
export async function retryInvoice(db: Db, id: string, now: number): Promise<void> {
  for (;;) {
    const stored = await load<Invoice>(db, 'invoice', id, true);
    const at = Number(stored?.data['next_payment_attempt'] ?? Number.POSITIVE_INFINITY);
    if (!stored || stored.data.status !== 'open' || at > now) return;
    await attemptInvoice(db, stored.data, at);
  }
}

/** One scheduled attempt to pay an open invoice, at `at`. */
async function attemptInvoice(db: Db, before: Invoice, at: number): Promise<void> {
  const subscriptionId = (before['parent'] as { subscription_details?: { subscription?: string } } | null)
    ?.subscription_details?.subscription;
  const state = subscriptionId ? await loadSubscriptionState(db, subscriptionId) : null;
  const attempts = Number(before['attempt_count'] ?? 0) + 1;
  const customer = await load(db, 'customer', String(before['customer']));
  const card = customer?.private['card'] as CardOnFile | undefined;
  const paymentMethod = textOr(state?.data['default_payment_method'], card?.id ?? '');
  const due = Number(before['amount_remaining'] ?? before.amount_due);
  if (await chargeFails(db, paymentMethod)) {
    const next = nextPaymentAttempt(attempts, at);
    const failed: Invoice = { ...before, attempt_count: attempts, next_payment_attempt: next };
    await save(db, failed);
    await recordEvent(db, 'invoice.payment_failed', failed, { created: at });
    if (next === null && state && state.data.status !== 'canceled') {
      const reason = { comment: null, feedback: null, reason: 'payment_failed' };
      await endSubscriptionAt(db, { ...state, data: { ...state.data, cancellation_details: reason } }, at, at);
    }
    return;
  }
  const paymentIntent = newId('pi');
  await savePayment(db, {
    id: paymentIntent,
    amount: due,
    currency: before.currency,
    customer: String(before['customer']),
    paymentMethod,
    now: at,
    description: 'Subscription update',
    metadata: {},
    card: await cardFor(db, paymentMethod, card),
    payer: customer ? contactOf(customer.data) : { email: null, name: null },
  });
  const paid: Invoice = {
    ...before,
    status: 'paid',
    amount_paid: due,
    amount_remaining: 0,
    attempt_count: attempts,
    next_payment_attempt: null,
    payments: {
      object: 'list',
      data: [{ amount_paid: due, payment: { payment_intent: paymentIntent, type: 'payment_intent' }, status: 'paid' }],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${before.id}`,
    },
    status_transitions: { ...(before['status_transitions'] as Record<string, unknown>), paid_at: at },
  };
  await save(db, paid);
  await recordEvent(db, 'invoice.paid', paid, { created: at });
  if (state?.data.status === 'past_due' && state.data['latest_invoice'] === before.id) {
    const active: Subscription = { ...state.data, status: 'active' };
    await saveSubscriptionState(db, { ...state, data: active });
    await recordEvent(db, 'customer.subscription.updated', active, { created: at, previous: { status: 'past_due' } });
  }
}

/** How a price change settles the difference (Stripe's `proration_behavior`). */
export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

/**
 * Moves a subscription to another price at `now`. The unused time is prorated as Stripe does
 * (billing.ts prorationLines); `always_invoice` bills it at once, `create_prorations` waits for the
 * next invoice unless the interval changes (a new period is billed at once then), `none` credits
 * nothing. Records `customer.subscription.updated` (and `invoice.paid` when billed).
 */
export async function changePrice(
  db: Db,
  id: string,
  change: { price: KnownPrice; behavior: ProrationBehavior; now: number; request?: EventRequest },
): Promise<Subscription> {
  const state = await loadSubscriptionState(db, id);
  const before = state.data;
  if (before.status === 'canceled') {
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      { param: 'items' },
    );
  }
  const item = before.items.data[0];
  if (!item) throw new StripeError(400, 'invalid_request_error', 'This subscription has no items.', { param: 'items' });
  if (!change.price.price.recurring) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      { param: 'items[0][price]' },
    );
  }
  if (change.price.price.currency !== item.price.currency) {
    throw new StripeError(400, 'invalid_request_error', 'The new price must be in the currency of the subscription.', {
      param: 'items[0][price]',
    });
  }
  if (change.price.price.id === item.price.id) return before;
  const { now } = change;
  const prorated = prorationLines({
    item: { id: item.id, price: item.price, quantity: item.quantity, productName: state.productName },
    newPrice: change.price.price,
    newProductName: change.price.productName,
    periodStart: currentPeriodStart(before),
    periodEnd: currentPeriodEnd(before) ?? now,
    now,
  });
  const lines = change.behavior === 'none' ? prorated.lines.filter((line) => !line.proration) : prorated.lines;
  const after: Subscription = {
    ...before,
    billing_cycle_anchor: prorated.anchorReset ? now : before.billing_cycle_anchor,
    items: {
      ...before.items,
      data: [
        {
          ...item,
          price: change.price.price,
          current_period_start: prorated.periodStart,
          current_period_end: prorated.periodEnd,
        },
      ],
    },
  };
  // A plan changed while set to cancel keeps its cancellation at the (new) period's end.
  if (after.cancel_at_period_end) after.cancel_at = prorated.periodEnd;
  let pendingLines = state.pendingLines;
  const billNow = change.behavior === 'always_invoice' || prorated.anchorReset;
  if (billNow && lines.length > 0) {
    const invoice = await chargeInvoice(db, {
      subscription: after,
      lines: [...pendingLines, ...lines],
      reason: 'subscription_update',
      now,
      ...(change.request ? { request: change.request } : {}),
    });
    after['latest_invoice'] = invoice.id;
    after.status = statusAfter(before.status, invoice);
    pendingLines = [];
  } else {
    pendingLines = [...pendingLines, ...lines];
  }
  await saveSubscriptionState(db, { data: after, productName: change.price.productName, pendingLines });
  await recordEvent(db, 'customer.subscription.updated', after, {
    created: now,
    previous: previousAttributes(before, after, [
      'billing_cycle_anchor',
      'cancel_at',
      'items',
      'latest_invoice',
      'status',
    ]),
    ...(change.request ? { request: change.request } : {}),
  });
  return after;
}

/**
 * The invoice a subscription will send at the end of its period (Stripe's invoice preview): the next
 * period at the current price, the prorations waiting, the customer's credit taken first.
 */
export async function previewNextInvoice(db: Db, id: string, now: number): Promise<StripeObject> {
  const stored = await load<Subscription>(db, 'subscription', id);
  if (!stored)
    throw new StripeError(404, 'invalid_request_error', `No such subscription: '${id}'`, {
      code: 'resource_missing',
      param: 'subscription',
    });
  const state = fromStored(stored);
  const { data } = state;
  const end = currentPeriodEnd(data);
  const recurring = data.items.data[0]?.price.recurring;
  if (data.status === 'canceled' || data.cancel_at_period_end || end === null || !recurring) {
    throw new StripeError(400, 'invalid_request_error', `No upcoming invoices for customer: ${data.customer}`, {
      code: 'invoice_upcoming_none',
    });
  }
  const nextEnd = periodEndAfter(data.billing_cycle_anchor, recurring, end);
  const customer = await load(db, 'customer', data.customer);
  const invoice = buildInvoice({
    subscription: data,
    lines: [
      ...state.pendingLines,
      ...data.items.data.map((item) =>
        periodLine({ price: item.price, quantity: item.quantity, productName: state.productName }, item.id, {
          start: end,
          end: nextEnd,
        }),
      ),
    ],
    customer: {
      id: data.customer,
      email: typeof customer?.data['email'] === 'string' ? customer.data['email'] : null,
      name: typeof customer?.data['name'] === 'string' ? customer.data['name'] : null,
      balance: Number(customer?.data['balance'] ?? 0),
    },
    reason: 'subscription_cycle',
    now: Math.max(now, end),
    number: '',
    paymentIntent: null,
  });
  // A preview is a draft: not paid, no number, not saved, and its id says it is upcoming.
  return {
    ...invoice,
    id: `upcoming_in_${data.id}`,
    number: null,
    status: 'draft',
    amount_paid: 0,
    amount_remaining: invoice.amount_due,
    attempted: false,
    attempt_count: 0,
    next_payment_attempt: end,
    period_start: currentPeriodStart(data),
    period_end: end,
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
  };
}

/**
 * The ids of the subscriptions whose period has ended by `now`, the open invoices whose next
 * payment attempt has come, and the open sessions past `expires_at`.
 */
export async function dueObjects(
  db: Db,
  now: number,
): Promise<{ subscriptions: string[]; invoices: string[]; sessions: string[] }> {
  const subscriptions = await db.query<{ id: string }>(
    `select id from emulator_stripe.objects
     where object = 'subscription' and data->>'status' <> 'canceled'
       and (select max((item->>'current_period_end')::bigint) from jsonb_array_elements(data->'items'->'data') item) <= $1
     order by created_at`,
    [now],
  );
  const invoices = await db.query<{ id: string }>(
    `select id from emulator_stripe.objects
     where object = 'invoice' and data->>'status' = 'open' and (data->>'next_payment_attempt')::bigint <= $1
     order by created_at`,
    [now],
  );
  const sessions = await db.query<{ id: string }>(
    `select id from emulator_stripe.objects
     where object = 'checkout.session' and data->>'status' = 'open' and (data->>'expires_at')::bigint <= $1
     order by created_at`,
    [now],
  );
  return {
    subscriptions: subscriptions.map((r) => r.id),
    invoices: invoices.map((r) => r.id),
    sessions: sessions.map((r) => r.id),
  };
}

/** What a price change would charge: now, and at the next renewal (the portal's confirmation). */
export async function previewPriceChange(
  db: Db,
  id: string,
  change: { price: KnownPrice; behavior: ProrationBehavior; now: number },
): Promise<{ dueNow: number; credit: number; nextAmount: number; nextDate: number; currency: string }> {
  const stored = await load<Subscription>(db, 'subscription', id);
  if (!stored) throw new Error(`No subscription ${id}`);
  const state = fromStored(stored);
  const item = state.data.items.data[0];
  const recurring = change.price.price.recurring;
  if (!item || !recurring) throw new Error(`Subscription ${id} cannot change to a one-time price`);
  const prorated = prorationLines({
    item: { id: item.id, price: item.price, quantity: item.quantity, productName: state.productName },
    newPrice: change.price.price,
    newProductName: change.price.productName,
    periodStart: currentPeriodStart(state.data),
    periodEnd: currentPeriodEnd(state.data) ?? change.now,
    now: change.now,
  });
  const lines = change.behavior === 'none' ? prorated.lines.filter((line) => !line.proration) : prorated.lines;
  const customer = await load(db, 'customer', state.data.customer);
  const balance = Number(customer?.data['balance'] ?? 0);
  const pending = state.pendingLines.reduce((sum, line) => sum + line.amount, 0);
  const changeTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const billNow = change.behavior === 'always_invoice' || prorated.anchorReset;
  const nowTotal = billNow ? pending + changeTotal + balance : 0;
  const dueNow = Math.max(0, nowTotal);
  const creditLeft = billNow ? Math.min(0, nowTotal) : balance;
  const carried = billNow ? 0 : pending + changeTotal;
  const nextAmount = Math.max(0, change.price.price.unit_amount * item.quantity + carried + creditLeft);
  return {
    dueNow,
    credit: -creditLeft,
    nextAmount,
    nextDate: prorated.periodEnd,
    currency: change.price.price.currency,
  };
}
