/**
 * Pure construction of the billing objects: a subscription (one item per recurring line, its
 * period from the billing cycle anchor to one interval later), its invoices (the first one, each
 * renewal, and the proration of a price change) and the payment that pays them, shaped as in
 * current API versions (periods on the items, the subscription on
 * `invoice.parent.subscription_details`, payments under `invoice.payments`).
 */
import { newId } from './ids.ts';
import { periodText, type Interval, type LineItem, type Price, type Recurring } from './prices.ts';
import type { StripeObject } from './store.ts';

/** `start` (unix seconds) plus `count` intervals; months clamp to the month's last day, as Stripe bills. */
export function addInterval(start: number, interval: Interval, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day' || interval === 'week') {
    const days = interval === 'day' ? count : count * 7;
    return start + days * 86_400;
  }
  const months = interval === 'year' ? count * 12 : count;
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * The end of the billing period that follows `periodStart`: the first anchor-aligned date after it,
 * so a subscription anchored on the 31st bills on the last day of short months and on the 31st
 * again after them, as Stripe does.
 */
export function periodEndAfter(
  anchor: number,
  recurring: Pick<Recurring, 'interval' | 'interval_count'>,
  periodStart: number,
): number {
  for (let k = 1; ; k += 1) {
    const end = addInterval(anchor, recurring.interval, recurring.interval_count * k);
    if (end > periodStart) return end;
  }
}

/** A subscription as the emulator reads it. */
export interface Subscription extends StripeObject {
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  billing_cycle_anchor: number;
  metadata: Record<string, string>;
  items: { data: SubscriptionItem[] } & Record<string, unknown>;
}

/** One item of a subscription. */
export interface SubscriptionItem extends Record<string, unknown> {
  id: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

function itemObject(line: { price: Price; quantity: number }, subscription: string, start: number, end: number) {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    price: line.price,
    quantity: line.quantity,
    subscription,
    tax_rates: [],
  };
}

/** A subscription object for these recurring lines, active from `now`. */
export function buildSubscription(input: {
  customer: string;
  lines: LineItem[];
  metadata: Record<string, string>;
  now: number;
  paymentMethod: string;
}): Subscription {
  const id = newId('sub');
  const recurring = input.lines.filter((line) => line.price.recurring);
  const first = recurring[0]?.price.recurring;
  const periodEnd = first ? addInterval(input.now, first.interval, first.interval_count) : input.now;
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.now,
    currency: recurring[0]?.price.currency ?? 'usd',
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.paymentMethod,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: recurring.map((line) => itemObject(line, id, input.now, periodEnd)),
      has_more: false,
      total_count: recurring.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** The end of a subscription's current period: the latest of its items' (current API shape). */
export function currentPeriodEnd(subscription: StripeObject): number | null {
  const items = (subscription['items'] as { data?: { current_period_end?: number }[] } | undefined)?.data ?? [];
  const ends = items.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** The start of a subscription's current period. */
export function currentPeriodStart(subscription: Subscription): number {
  return Math.min(...subscription.items.data.map((item) => item.current_period_start));
}

/** "$39.00" for 3900 cents. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** One line of an invoice before it is built. */
export interface InvoiceLine {
  amount: number;
  description: string;
  price: Price;
  quantity: number;
  period: { start: number; end: number };
  /** The subscription item it bills, if any. */
  item: string | null;
  proration: boolean;
}

/** Why an invoice was made (Stripe's `billing_reason`). */
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

/** The line that bills one period of a recurring line (or a one-time line) at its price. */
export function periodLine(
  line: { price: Price; quantity: number; productName: string },
  item: string | null,
  period: { start: number; end: number },
): InvoiceLine {
  const { price } = line;
  const per = price.recurring ? ` ${periodText(price.recurring)}` : '';
  return {
    amount: price.unit_amount * line.quantity,
    description: `${line.quantity} × ${line.productName} (at ${formatAmount(price.unit_amount, price.currency)}${per})`,
    price,
    quantity: line.quantity,
    period,
    item,
    proration: false,
  };
}

/**
 * A finalized invoice of a subscription, or (`subscription` null) the post-purchase invoice of a
 * paid one-off Checkout Session (`invoice_creation`, billing reason `manual`, its lines invoice
 * items). The customer's balance (negative: a credit) is applied first; what remains is charged to
 * the card by `paymentIntent` (null when nothing is due). `hostedUrl` is its page, when it has one.
 */
export function buildInvoice(input: {
  subscription: Pick<Subscription, 'id' | 'metadata'> | null;
  lines: InvoiceLine[];
  customer: { id: string; email: string | null; name: string | null; balance: number };
  reason: BillingReason;
  now: number;
  number: string;
  paymentIntent: string | null;
  id?: string;
  hostedUrl?: string | null;
  data?: { description: string | null; footer: string | null; metadata: Record<string, string> };
}): StripeObject & { amount_due: number; ending_balance: number; currency: string } {
  const id = input.id ?? newId('in');
  const currency = input.lines[0]?.price.currency ?? 'usd';
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const afterBalance = total + input.customer.balance;
  const due = Math.max(0, afterBalance);
  // What the balance does not absorb stays a credit for the next invoices.
  const endingBalance = Math.min(0, afterBalance);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe emulator',
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: due,
    amount_remaining: 0,
    amount_shipping: 0,
    attempt_count: due > 0 ? 1 : 0,
    attempted: due > 0,
    auto_advance: false,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.now,
    currency,
    customer: input.customer.id,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    description: input.data?.description ?? null,
    discounts: [],
    due_date: null,
    effective_at: input.now,
    ending_balance: endingBalance,
    footer: input.data?.footer ?? null,
    hosted_invoice_url: input.hostedUrl ?? null,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: input.lines.map((line) => ({
        id: newId('il'),
        object: 'line_item',
        amount: line.amount,
        currency,
        description: line.description,
        discount_amounts: [],
        discountable: !line.proration,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: input.subscription
            ? null
            : {
                invoice_item: newId('ii'),
                proration: false,
                proration_details: { credited_items: null },
                subscription: null,
              },
          subscription_item_details: line.item
            ? {
                invoice_item: null,
                proration: line.proration,
                proration_details: { credited_items: null },
                subscription: input.subscription?.id ?? null,
                subscription_item: line.item,
              }
            : null,
          type: line.item ? 'subscription_item_details' : 'invoice_item_details',
        },
        period: line.period,
        pricing: {
          price_details: { price: line.price.id, product: line.price.product },
          type: 'price_details',
          unit_amount_decimal: String(line.price.unit_amount),
        },
        quantity: line.quantity,
        taxes: [],
      })),
      has_more: false,
      total_count: input.lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: input.data?.metadata ?? {},
    number: input.number,
    parent: input.subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: input.subscription.metadata ?? {}, subscription: input.subscription.id },
          type: 'subscription_details',
        }
      : null,
    payments: {
      object: 'list',
      data: input.paymentIntent
        ? [
            {
              amount_paid: due,
              payment: { payment_intent: input.paymentIntent, type: 'payment_intent' },
              status: 'paid',
            },
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${id}`,
    },
    period_end: input.now,
    period_start: input.now,
    starting_balance: input.customer.balance,
    status: 'paid',
    status_transitions: { finalized_at: input.now, marked_uncollectible_at: null, paid_at: input.now, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_taxes: [],
  };
}

/**
 * When a failed invoice payment is tried again: a custom retry schedule of the kind Stripe's
 * Dashboard offers (Billing > Revenue recovery > Retries), 3, 5 and 7 days after the attempt
 * before, so four attempts in 15 days; then the subscription is canceled.
 */
export const RETRY_DAYS: readonly number[] = [3, 5, 7];

/** The next attempt after `attemptCount` failed ones (see RETRY_DAYS), in unix seconds, or null. */
export function nextPaymentAttempt(attemptCount: number, lastAttempt: number): number | null {
  const days = RETRY_DAYS[attemptCount - 1];
  return days === undefined ? null : lastAttempt + days * 86_400;
}

/** A card payment that succeeded (what refunds are made against). */
export function buildPaymentIntent(input: {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string;
  now: number;
  description: string | null;
  metadata: Record<string, string>;
}): StripeObject {
  return {
    id: input.id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.amount,
    capture_method: 'automatic_async',
    created: input.now,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    latest_charge: `ch_${input.id.slice(3)}`,
    livemode: false,
    metadata: input.metadata,
    payment_method: input.paymentMethod,
    payment_method_types: ['card'],
    status: 'succeeded',
  };
}

/**
 * What a price change costs at `now` when prorated and invoiced at once (the portal's "invoice
 * immediately" setting), as Stripe computes it to the second:
 * - same interval: the unused time of the old price is credited, the rest of the period at the new
 *   price is charged, and the period stays;
 * - another interval: the unused time is credited against a full new period starting now (the
 *   billing cycle anchor resets).
 * The lines can add up to less than zero (a downgrade): the difference becomes a credit.
 */
export function prorationLines(input: {
  item: { id: string; price: Price; quantity: number; productName: string };
  newPrice: Price;
  newProductName: string;
  periodStart: number;
  periodEnd: number;
  now: number;
}): { lines: InvoiceLine[]; periodStart: number; periodEnd: number; anchorReset: boolean } {
  const { item, newPrice, now } = input;
  const oldRecurring = item.price.recurring;
  const newRecurring = newPrice.recurring;
  if (!oldRecurring || !newRecurring) throw new Error('Only recurring prices are prorated');
  const length = Math.max(1, input.periodEnd - input.periodStart);
  const unused = Math.max(0, Math.min(length, input.periodEnd - now)) / length;
  const remaining = { start: now, end: input.periodEnd };
  const credit: InvoiceLine = {
    amount: -Math.round(item.price.unit_amount * item.quantity * unused),
    description: `Unused time on ${item.productName} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
    price: item.price,
    quantity: item.quantity,
    period: remaining,
    item: item.id,
    proration: true,
  };
  const sameInterval =
    oldRecurring.interval === newRecurring.interval && oldRecurring.interval_count === newRecurring.interval_count;
  if (sameInterval) {
    const debit: InvoiceLine = {
      amount: Math.round(newPrice.unit_amount * item.quantity * unused),
      description: `Remaining time on ${input.newProductName} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
      price: newPrice,
      quantity: item.quantity,
      period: remaining,
      item: item.id,
      proration: true,
    };
    return { lines: [credit, debit], periodStart: input.periodStart, periodEnd: input.periodEnd, anchorReset: false };
  }
  const end = addInterval(now, newRecurring.interval, newRecurring.interval_count);
  const full = periodLine({ price: newPrice, quantity: item.quantity, productName: input.newProductName }, item.id, {
    start: now,
    end,
  });
  return { lines: [credit, full], periodStart: now, periodEnd: end, anchorReset: true };
}
