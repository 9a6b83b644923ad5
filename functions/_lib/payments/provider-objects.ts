/**
 * Reading the card provider's webhook objects into what our tables store. Pure, and tolerant of
 * API versions: the period end lives on the subscription items in current versions (on the
 * subscription before 2025-03-31), and an invoice's subscription under `parent.subscription_details`
 * (on `invoice.subscription` before).
 */
import type Stripe from 'stripe';
import { planOfPrice } from '../../../src/features/plans/prices.ts';
import { isPlanType, type BillingPeriod, type PlanType } from '../../../src/features/plans/plans.ts';
import type { PlanPrice } from '../../../src/features/plans/prices.ts';

/** A subscription as the `subscriptions` table holds it. */
export interface SubscriptionRecord {
  id: string;
  customerId: string;
  /** From the subscription's metadata, when it carries a well-formed one. */
  userId: string | null;
  tier: PlanType | null;
  /** How it is paid, when its price is one of ours. */
  billingPeriod: BillingPeriod | null;
  /** What one period costs, in cents, and in which currency. */
  priceCents: number | null;
  currency: string | null;
  status: string;
  /** Unix seconds. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id if `value` is one (metadata is free text). */
export function userIdOf(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * The plan and period of a subscription, from its price: a configured dashboard price
 * (`catalogue`), else the amount and interval of one of our prices; else the `plan` metadata it was
 * bought with (period unknown). The price comes first because a change of plan in the billing
 * portal swaps the price and leaves the metadata as it was.
 */
export function planOf(
  subscription: Stripe.Subscription,
  catalogue: Readonly<Record<string, PlanPrice>>,
): { tier: PlanType | null; period: BillingPeriod | null } {
  for (const item of subscription.items?.data ?? []) {
    const price = item.price;
    const known =
      catalogue[price?.id ?? ''] ??
      planOfPrice({
        unitAmount: price?.unit_amount,
        currency: price?.currency,
        interval: price?.recurring?.interval,
        intervalCount: price?.recurring?.interval_count,
      });
    if (known) return { tier: known.plan, period: known.period };
  }
  const fromMetadata = subscription.metadata?.['plan'];
  return { tier: isPlanType(fromMetadata) ? fromMetadata : null, period: null };
}

/** The plan tier of a subscription (see planOf). */
export function tierOf(
  subscription: Stripe.Subscription,
  catalogue: Readonly<Record<string, PlanPrice>>,
): PlanType | null {
  return planOf(subscription, catalogue).tier;
}

/** The end of the subscription's current period, in unix seconds. */
export function periodEndOf(subscription: Stripe.Subscription): number | null {
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  if (ends.length > 0) return Math.max(...ends);
  const legacy = (subscription as unknown as { current_period_end?: unknown }).current_period_end;
  return typeof legacy === 'number' ? legacy : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The record to store for a subscription object. */
export function subscriptionRecord(
  subscription: Stripe.Subscription,
  catalogue: Readonly<Record<string, PlanPrice>>,
): SubscriptionRecord {
  const periodEnd = periodEndOf(subscription);
  const cancelAt = subscription.cancel_at;
  const { tier, period } = planOf(subscription, catalogue);
  const items = subscription.items?.data ?? [];
  const cents = items.reduce<number | null>(
    (sum, item) => {
      const amount = item.price?.unit_amount;
      return typeof amount === 'number' && sum !== null ? sum + amount * (item.quantity ?? 1) : null;
    },
    items.length > 0 ? 0 : null,
  );
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: userIdOf(subscription.metadata?.['user_id']),
    tier,
    billingPeriod: period,
    priceCents: cents,
    currency: items[0]?.price?.currency ?? null,
    status: subscription.status,
    currentPeriodEnd: periodEnd,
    // Newer portals cancel by setting cancel_at to the period end rather than the flag.
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end === true ||
      (typeof cancelAt === 'number' && periodEnd !== null && cancelAt <= periodEnd),
  };
}

/** The subscription an invoice bills, if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/**
 * The subscription an event is about, if any: a subscription event's own, a checkout's, a paid
 * invoice's. The webhook settles only that plan (docs/product/plans.md#one-live-plan-per-customer).
 */
export function eventSubscriptionId(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return idOf(event.data.object.subscription);
    case 'invoice.paid':
      return invoiceSubscriptionId(event.data.object);
    default:
      return null;
  }
}

/** The end of the service period an invoice paid for (its lines' latest period end). */
export function invoicePeriodEnd(invoice: Stripe.Invoice): number | null {
  const ends = (invoice.lines?.data ?? [])
    .map((line) => line.period?.end)
    .filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}

/**
 * The service period an invoice bills, in unix seconds: that of its plan lines (a renewal's next
 * period), leaving out the proration lines it may carry from a change; null when it has no period.
 */
export function invoicePeriod(invoice: Stripe.Invoice): { start: number; end: number } | null {
  const lines = invoice.lines?.data ?? [];
  const plain = lines.filter((line) => line.parent?.subscription_item_details?.proration !== true);
  const periods = (plain.length > 0 ? plain : lines)
    .map((line) => line.period)
    .filter((p): p is { start: number; end: number } => typeof p?.start === 'number' && typeof p.end === 'number');
  if (periods.length === 0) return null;
  return { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
}

/** What `data.object` of each handled event type must be (its `object` field). */
const EVENT_OBJECTS: Readonly<Record<string, string>> = {
  'checkout.session.completed': 'checkout.session',
  'checkout.session.async_payment_succeeded': 'checkout.session',
  'checkout.session.expired': 'checkout.session',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  'invoice.paid': 'invoice',
  'charge.refunded': 'charge',
};

/**
 * Why a verified event cannot be applied (its id, time or object is not what its type promises),
 * or null. Checked before anything is written, so a malformed event is refused whole.
 */
export function eventProblem(event: {
  id?: unknown;
  type?: unknown;
  created?: unknown;
  data?: unknown;
}): string | null {
  if (typeof event.id !== 'string' || event.id === '') return 'id: must be an event id';
  if (typeof event.created !== 'number' || !Number.isFinite(event.created)) return 'created: must be a unix time';
  const expected = EVENT_OBJECTS[String(event.type)];
  if (!expected) return null;
  const object = (event.data as { object?: unknown } | null | undefined)?.object as Record<string, unknown> | undefined;
  if (typeof object !== 'object' || object === null || object['object'] !== expected) {
    return `data.object: must be a ${expected} for ${String(event.type)}`;
  }
  if (typeof object['id'] !== 'string' || object['id'] === '') return 'data.object.id: must be a string';
  if (expected === 'subscription') {
    const customer = object['customer'];
    const customerId = typeof customer === 'string' ? customer : (customer as { id?: unknown } | null)?.id;
    if (typeof customerId !== 'string') return 'data.object.customer: must be a customer id';
    if (typeof object['status'] !== 'string') return 'data.object.status: must be a string';
  }
  return null;
}

/**
 * The order of subscription events that share a second: a subscription is created before it is
 * updated, and nothing follows its deletion.
 */
export function eventRank(type: string): number {
  if (type === 'customer.subscription.deleted') return 2;
  if (type === 'customer.subscription.updated') return 1;
  return 0;
}
