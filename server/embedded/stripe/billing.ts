/**
 * Pure construction of the billing objects a paid subscription checkout creates: the subscription
 * (one item per recurring line, current period from now to one interval later) and its first,
 * paid invoice, shaped as in current API versions (periods on the items, the subscription on
 * `invoice.parent.subscription_details`).
 */
import { newId } from './ids.ts';
import type { Interval, LineItem } from './prices.ts';
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

/** A subscription object for these recurring lines, active from `now`. */
export function buildSubscription(input: {
  customer: string;
  lines: LineItem[];
  metadata: Record<string, string>;
  now: number;
  paymentMethod: string;
}): StripeObject {
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
      data: recurring.map((line) => ({
        id: newId('si'),
        object: 'subscription_item',
        billing_thresholds: null,
        created: input.now,
        current_period_end: periodEnd,
        current_period_start: input.now,
        discounts: [],
        metadata: {},
        price: { ...line.price, active: true },
        quantity: line.quantity,
        subscription: id,
        tax_rates: [],
      })),
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

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The paid invoice of a subscription's first period (one-time lines of the checkout included). */
export function buildPaidInvoice(input: {
  subscription: StripeObject & { metadata?: unknown };
  lines: LineItem[];
  customer: { id: string; email: string | null; name: string | null };
  periodStart: number;
  periodEnd: number;
  now: number;
  number: string;
  paymentIntent: string;
}): StripeObject {
  const id = newId('in');
  const currency = input.lines[0]?.price.currency ?? 'usd';
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const items = (input.subscription['items'] as { data: { id: string; price: { id: string } }[] }).data;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe emulator',
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: total,
    amount_remaining: 0,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    billing_reason: 'subscription_create',
    collection_method: 'charge_automatically',
    created: input.now,
    currency,
    customer: input.customer.id,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.now,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: input.lines.map((line) => {
        const item = items.find((i) => i.price.id === line.price.id);
        const recurring = line.price.recurring;
        const per = recurring ? ` / ${recurring.interval}` : '';
        return {
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          currency,
          description: `${line.quantity} × ${line.productName} (at ${formatAmount(line.price.unit_amount, currency)}${per})`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            invoice_item_details: null,
            subscription_item_details: item
              ? {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: input.subscription.id,
                  subscription_item: item.id,
                }
              : null,
            type: item ? 'subscription_item_details' : 'invoice_item_details',
          },
          period: { end: recurring ? input.periodEnd : input.periodStart, start: input.periodStart },
          pricing: {
            price_details: { price: line.price.id, product: line.price.product },
            type: 'price_details',
            unit_amount_decimal: String(line.price.unit_amount),
          },
          quantity: line.quantity,
          taxes: [],
        };
      }),
      has_more: false,
      total_count: input.lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    number: input.number,
    parent: {
      quote_details: null,
      subscription_details: { metadata: input.subscription.metadata ?? {}, subscription: input.subscription.id },
      type: 'subscription_details',
    },
    payments: {
      object: 'list',
      data: [
        {
          amount_paid: total,
          payment: { payment_intent: input.paymentIntent, type: 'payment_intent' },
          status: 'paid',
        },
      ],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${id}`,
    },
    period_end: input.now,
    period_start: input.now,
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

/** The end of a subscription's current period: the latest of its items' (current API shape). */
export function currentPeriodEnd(subscription: StripeObject): number | null {
  const items = (subscription['items'] as { data?: { current_period_end?: number }[] } | undefined)?.data ?? [];
  const ends = items.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? Math.max(...ends) : null;
}
