/**
 * What the customer and the owner are told when money moves (docs/product/emails.md#e-mails,
 * docs/product/emails.md#owner-events): a paid booking; a plan started, changed, cancelled, kept, renewed
 * or whose payment failed; a refund.
 * Each is queued inside the webhook's transaction under its event's key, the e-mail in the mail
 * outbox and the owner's event in the leads outbox (to ORDER_WEBHOOK_URL), so an event is told
 * once, and only if its effect was stored. Nothing here is read for a price.
 */
import { SERVICE_NAMES, type ServiceType } from '../../../src/features/booking/pricing.ts';
import { type Visit } from '../../../src/features/booking/visit.ts';
import { describeVisitTime, VISIT_WINDOWS, visitAddress } from '../../../src/features/visits/windows.ts';
import { longDate } from '../../../src/lib/dates.ts';
import { formatCents } from '../../../src/lib/format.ts';
import {
  bookingConfirmedMail,
  planCancelledMail,
  planChangedMail,
  planPaymentFailedMail,
  planResumedMail,
  planStartedMail,
  secondPlanRefundedMail,
  type PlanFacts,
} from '../../../src/features/mail/messages.ts';
import { getPlan, PERIOD_TERMS, type BillingPeriod, type PlanType } from '../../../src/features/plans/plans.ts';
import * as clock from '../platform/clock.ts';
import { publicOrigin } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import { queueMail, type MailKind } from '../platform/mail.ts';
import { visitLinks } from '../visits/links.ts';
import type { VisitRow } from '../visits/store.ts';
import { orderDescription } from '../../../src/features/mail/describe.ts';
import { NO_VISIT_DETAILS } from '../plans/details.ts';
import { textVisitEvent } from './visit-texts.ts';
import { ENDED_STATUSES, LIVE_STATUSES, RETRYING_STATUSES } from '../plans/subscription-status.ts';

interface PaidOrderRow {
  order_number: string;
  user_id: string;
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  currency: string;
  status: string;
  visit: Visit | null;
  customer_name: string | null;
  customer_email: string | null;
  known_email: string | null;
}

/**
 * A booking just recorded as paid: the booking-confirmed e-mail (with its `.ics`) and the owner's
 * `booking.paid` event, with everything needed to schedule the visit.
 */
export async function noticeBookingPaid(tx: Db, sessionId: string, receiptUrl: string | null = null): Promise<void> {
  const [order] = await tx.query<PaidOrderRow & { booked: VisitRow | null }>(
    `select o.order_number, o.user_id, o.kind, o.item, o.options, o.amount_cents, o.currency, o.status, o.visit,
            o.customer_name, o.customer_email, c.email as known_email,
            (select to_jsonb(v) from visits v where v.order_id = o.id) as booked
     from orders o left join customers c on c.user_id = o.user_id where o.checkout_session_id = $1`,
    [sessionId],
  );
  if (!order || order.kind !== 'service' || order.status !== 'paid') return;
  const email = order.customer_email ?? order.known_email;
  const description = orderDescription(order);
  const serviceName = SERVICE_NAMES[order.item as ServiceType] ?? order.item;
  // The visit as recorded (docs/product/visits.md#visits); the order's copy for one paid before visits were records.
  const visit: Visit | null = order.booked ? visitOf(order.booked) : order.visit;
  if (email && visit) {
    await queueMail(tx, `booking-confirmed:${sessionId}`, 'booking-confirmed', {
      to: email,
      ...bookingConfirmedMail({
        name: order.customer_name,
        orderNumber: order.order_number,
        description,
        serviceName,
        amountCents: order.amount_cents,
        visit,
        siteUrl: publicOrigin(),
        links: order.booked ? visitLinks(order.booked) : null,
        receiptUrl,
      }),
    });
  }
  if (order.booked) await textVisitEvent(tx, 'booking-received', order.booked);
  await queueOwnerEvent(tx, `booking-paid:${sessionId}`, {
    event: 'booking.paid',
    orderNumber: order.order_number,
    customerName: order.customer_name ?? '',
    email: email ?? '',
    phone: visit?.phone ?? '',
    address: visit ? visitAddress(visit) : '',
    service: description,
    serviceType: order.item,
    options: order.options,
    amount: formatCents(order.amount_cents),
    amountCents: order.amount_cents,
    currency: order.currency,
    requestedDay: visit?.date ?? '',
    requestedWindow: visit ? VISIT_WINDOWS[visit.window].label : '',
    requested: visit ? describeVisitTime(visit.date, visit.window) : '',
    notes: visit?.notes ?? '',
    ...(order.booked ? { visitId: order.booked.id } : {}),
    ...(order.booked?.over_capacity ? { overCapacity: true } : {}),
    timestamp: new Date().toISOString(),
  });
}

/** A recorded visit in the shape the e-mails and events read. */
function visitOf(row: Pick<VisitRow, 'street' | 'city' | 'zip' | 'phone' | 'day' | 'time_window' | 'notes'>): Visit {
  return {
    street: row.street,
    city: row.city,
    zip: row.zip,
    phone: row.phone,
    date: row.day,
    window: row.time_window,
    notes: row.notes,
  };
}

/** A subscription as its notices read it, before and after an event. */
export interface PlanState {
  tier: PlanType;
  billing_period: BillingPeriod | null;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
  price_cents: number | null;
  duplicate_of: string | null;
}

/** What a subscription event tells the customer and the owner (docs/product/emails.md#owner-events). */
export type PlanChange = 'started' | 'changed' | 'cancelled' | 'resumed' | 'payment_failed';

/**
 * What changed, if anything worth telling: a plan started; changed (plan or period); set to cancel
 * or ended; kept after all (a cancellation undone); or its payment failed, which the card provider
 * still retries and is no cancellation (docs/product/checkout.md#payment-events).
 */
export function planChange(before: PlanState | null, after: PlanState): PlanChange | null {
  if (after.duplicate_of) return null;
  const inForce = (status: string) => LIVE_STATUSES.has(status) || RETRYING_STATUSES.has(status);
  const isLive = LIVE_STATUSES.has(after.status);
  if (before === null || !inForce(before.status)) return isLive ? 'started' : null;
  if (ENDED_STATUSES.has(after.status)) return before.cancel_at_period_end ? null : 'cancelled';
  if (RETRYING_STATUSES.has(after.status)) return RETRYING_STATUSES.has(before.status) ? null : 'payment_failed';
  if (!isLive) return null;
  if (after.cancel_at_period_end !== before.cancel_at_period_end) {
    return after.cancel_at_period_end ? 'cancelled' : 'resumed';
  }
  // A period first learned from a later event (null before) is no change of the customer's.
  const periodChanged =
    after.billing_period !== null && before.billing_period !== null && after.billing_period !== before.billing_period;
  if (after.tier !== before.tier || periodChanged) return 'changed';
  // Paid after a failed payment (past_due to active): its invoice tells the owner (plan.renewed).
  return null;
}

/** Who a plan's notices go to and where its visits are. */
interface PlanContact {
  name: string;
  email: string;
  phone: string;
  address: string;
  preferredDay: string;
  notes: string;
  orderNumber: string | null;
  /** Whether the customer gave visit details (phone, address): a plan bought from the home page has none. */
  hasVisitDetails: boolean;
}

/**
 * The customer of a plan: the account's e-mail; the name, phone and address of the plan's visit
 * details, else the account's full name stored with the plan's order (docs/product/plans.md#plan-visit-details).
 */
async function planContact(
  tx: Db,
  plan: { userId: string | null; customerId: string; subscriptionId: string },
): Promise<PlanContact> {
  const [row] = await tx.query<{
    email: string | null;
    has_details: boolean;
    full_name: string | null;
    phone: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    preferred_day: string | null;
    instructions: string | null;
    order_number: string | null;
    customer_name: string | null;
    customer_email: string | null;
  }>(
    `select (select email from customers where stripe_customer_id = $2 or user_id = $1 limit 1) as email,
            d.user_id is not null as has_details, d.full_name, d.phone, d.street, d.city, d.state, d.zip,
            d.preferred_day, d.instructions, o.order_number, o.customer_name, o.customer_email
     from (select 1) one
     left join plan_details d on d.user_id = $1
     left join lateral (
       select order_number, customer_name, customer_email from orders where subscription_id = $3 order by id limit 1
     ) o on true`,
    [plan.userId, plan.customerId, plan.subscriptionId],
  );
  const address =
    row?.street && row.city && row.zip
      ? `${row.street}, ${row.city}, ${row.state ?? ''} ${row.zip}`.replace(/\s+/g, ' ')
      : '';
  return {
    name: row?.full_name || row?.customer_name || '',
    email: row?.email || row?.customer_email || '',
    phone: row?.phone ?? '',
    address,
    preferredDay: row?.preferred_day ?? '',
    notes: row?.has_details ? (row.instructions ?? '') : NO_VISIT_DETAILS,
    orderNumber: row?.order_number ?? null,
    hasVisitDetails: row?.has_details ?? false,
  };
}

/** The contact fields every owner event of a plan carries. */
function contactFields(contact: PlanContact): Record<string, unknown> {
  return {
    orderNumber: contact.orderNumber ?? '',
    customerName: contact.name,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
  };
}

/** The subscription an event is about. */
export interface PlanSubscription {
  id: string;
  userId: string;
  customerId: string;
  eventId: string;
}

/**
 * A subscription event that started, changed, cancelled or kept a plan, or whose payment failed:
 * the customer's e-mail and the owner's `plan.<change>` event. A plan bought through our checkout
 * (`viaCheckout`) is told as started only once its paid order is known too (noticePlanStarted), so
 * the notice has its order number whichever of the two events arrives first.
 */
export async function noticePlanChange(
  tx: Db,
  subscription: PlanSubscription & { viaCheckout: boolean },
  before: PlanState | null,
  after: PlanState,
): Promise<void> {
  const change = planChange(before, after);
  if (!change) return;
  if (change === 'started' && subscription.viaCheckout) return noticePlanStarted(tx, subscription.id);
  await tellPlan(tx, change, subscription, after);
}

/**
 * The started notice of a plan, once both the live subscription and its paid order are recorded:
 * called by the subscription event and by the checkout's completion, whichever comes second finds
 * both. Told once, under `plan-started:<subscription>`.
 */
export async function noticePlanStarted(tx: Db, subscriptionId: string): Promise<void> {
  const [row] = await tx.query<PlanState & { user_id: string; stripe_customer_id: string; paid: boolean }>(
    `select s.user_id, s.stripe_customer_id, s.tier, s.billing_period, s.status, s.cancel_at_period_end,
            s.current_period_end, s.price_cents, s.duplicate_of,
            exists (select 1 from orders o where o.subscription_id = s.id and o.status = 'paid') as paid
     from subscriptions s where s.id = $1`,
    [subscriptionId],
  );
  if (!row?.paid || row.duplicate_of || !LIVE_STATUSES.has(row.status)) return;
  await tellPlan(
    tx,
    'started',
    { id: subscriptionId, userId: row.user_id, customerId: row.stripe_customer_id, eventId: '' },
    row,
  );
}

function planKey(change: PlanChange, subscription: PlanSubscription): string {
  // A plan starts once; anything else can happen again (cancelled, kept, cancelled again): one per event.
  return change === 'started'
    ? `plan-started:${subscription.id}`
    : `plan-${change.replace('_', '-')}:${subscription.id}:${subscription.eventId}`;
}

async function tellPlan(tx: Db, change: PlanChange, subscription: PlanSubscription, after: PlanState): Promise<void> {
  const contact = await planContact(tx, {
    userId: subscription.userId,
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
  });
  const period = after.billing_period;
  // Ended now (cancelled at once, or a payment never collected): no period runs on.
  const ended = ENDED_STATUSES.has(after.status);
  const periodEnd = after.current_period_end && !ended ? longDate(new Date(after.current_period_end)) : null;
  const facts: PlanFacts = {
    name: contact.name || null,
    planName: getPlan(after.tier).name,
    periodName: period ? PERIOD_TERMS[period].name : 'as agreed',
    per: period ? PERIOD_TERMS[period].per : null,
    amountCents: after.price_cents,
    periodEnd,
    siteUrl: publicOrigin(),
  };
  const key = planKey(change, subscription);
  const mails = {
    started: () =>
      planStartedMail({ ...facts, orderNumber: contact.orderNumber, hasVisitDetails: contact.hasVisitDetails }),
    changed: () => planChangedMail(facts),
    cancelled: () => planCancelledMail(facts),
    resumed: () => planResumedMail(facts),
    payment_failed: () => planPaymentFailedMail(facts),
  } as const;
  const kind = `plan-${change.replace('_', '-')}` as MailKind;
  if (contact.email) await queueMail(tx, key, kind, { to: contact.email, ...mails[change]() });
  const dates: Record<string, string> =
    change === 'cancelled'
      ? { endsOn: periodEnd ?? longDate(clock.now()) }
      : change === 'payment_failed'
        ? {}
        : { nextCharge: periodEnd ?? '' };
  await queueOwnerEvent(tx, key, {
    event: `plan.${change}`,
    ...contactFields(contact),
    subscriptionId: subscription.id,
    service: `${facts.planName} plan`,
    plan: after.tier,
    billingPeriod: period ?? '',
    // The plan's price for one period: what the first payment was, not what a change charged.
    amount: after.price_cents === null ? '' : formatCents(after.price_cents),
    amountCents: after.price_cents,
    ...dates,
    requestedDay: contact.preferredDay,
    requestedWindow: '',
    notes: contact.notes,
    timestamp: new Date().toISOString(),
  });
}

/** A paid invoice of a plan, as its renewal notice reads it. */
export interface PlanInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  amountPaidCents: number;
  currency: string;
  /** The period it paid for, in unix seconds. */
  period: { start: number; end: number } | null;
}

/**
 * A plan renewed: the owner's `plan.renewed` event for each paid renewal invoice, with what was
 * actually paid, the period it pays for and the next charge. No e-mail: nothing promises one (the
 * invoices are in the billing portal, docs/product/emails.md#e-mails).
 */
export async function noticePlanRenewed(tx: Db, invoice: PlanInvoice): Promise<void> {
  const [plan] = await tx.query<{
    user_id: string;
    tier: PlanType;
    billing_period: BillingPeriod | null;
    duplicate_of: string | null;
  }>('select user_id, tier, billing_period, duplicate_of from subscriptions where id = $1', [invoice.subscriptionId]);
  // A second plan is cancelled and refunded at once, never renewed.
  if (plan?.duplicate_of) return;
  const contact = await planContact(tx, {
    userId: plan?.user_id ?? null,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
  });
  const planName = plan ? getPlan(plan.tier).name : 'Autopilot';
  const day = (seconds: number) => longDate(new Date(seconds * 1000), { weekday: false });
  await queueOwnerEvent(tx, `plan-renewed:${invoice.id}`, {
    event: 'plan.renewed',
    ...contactFields(contact),
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    service: `${planName} plan`,
    plan: plan?.tier ?? '',
    billingPeriod: plan?.billing_period ?? '',
    amount: formatCents(invoice.amountPaidCents),
    amountCents: invoice.amountPaidCents,
    currency: invoice.currency,
    period: invoice.period ? `${day(invoice.period.start)} to ${day(invoice.period.end)}` : '',
    nextCharge: invoice.period ? longDate(new Date(invoice.period.end * 1000)) : '',
    requestedDay: contact.preferredDay,
    requestedWindow: '',
    notes: contact.notes,
    timestamp: new Date().toISOString(),
  });
}

/**
 * A second plan cancelled and refunded (docs/product/plans.md#one-live-plan-per-customer): the owner's
 * `plan.refunded` event and the customer's 'second plan refunded' e-mail, each once per plan.
 */
export async function noticeRefund(
  tx: Db,
  refund: { subscriptionId: string; userId: string; refundedCents: number; tier: PlanType },
): Promise<void> {
  const contact = await planContact(tx, {
    userId: refund.userId,
    customerId: '',
    subscriptionId: refund.subscriptionId,
  });
  await queueOwnerEvent(tx, `plan-refunded:${refund.subscriptionId}`, {
    event: 'plan.refunded',
    orderNumber: contact.orderNumber ?? '',
    subscriptionId: refund.subscriptionId,
    customerName: contact.name,
    email: contact.email,
    service: `${getPlan(refund.tier).name} plan (a second plan, cancelled)`,
    amount: formatCents(refund.refundedCents),
    amountCents: refund.refundedCents,
    timestamp: new Date().toISOString(),
  });
  const [plans] = await tx.query<{
    billing_period: BillingPeriod | null;
    currency: string | null;
    kept_tier: PlanType | null;
    kept_period: BillingPeriod | null;
  }>(
    `select s.billing_period, s.currency, k.tier as kept_tier, k.billing_period as kept_period
     from subscriptions s left join subscriptions k on k.id = s.duplicate_of where s.id = $1`,
    [refund.subscriptionId],
  );
  if (!contact.email) return;
  await queueMail(tx, `plan-refunded:${refund.subscriptionId}`, 'plan-refunded', {
    to: contact.email,
    ...secondPlanRefundedMail({
      name: contact.name || null,
      second: { tier: refund.tier, billingPeriod: plans?.billing_period ?? null },
      kept: plans?.kept_tier ? { tier: plans.kept_tier, billingPeriod: plans.kept_period } : null,
      refund: { cents: refund.refundedCents, currency: plans?.currency ?? 'usd' },
      siteUrl: publicOrigin(),
    }),
  });
}

/**
 * A second plan the site could not cancel or refund (it keeps trying): the owner's
 * `plan.refund_failed` event, once per plan, with the card provider's answer
 * (docs/product/plans.md#one-live-plan-per-customer).
 */
export async function noticeRefundFailed(
  tx: Db,
  failure: { subscriptionId: string; userId: string; tier: PlanType; error: string },
): Promise<void> {
  const contact = await planContact(tx, {
    userId: failure.userId,
    customerId: '',
    subscriptionId: failure.subscriptionId,
  });
  await queueOwnerEvent(tx, `plan-refund-failed:${failure.subscriptionId}`, {
    event: 'plan.refund_failed',
    orderNumber: contact.orderNumber ?? '',
    subscriptionId: failure.subscriptionId,
    customerName: contact.name,
    email: contact.email,
    service: `${getPlan(failure.tier).name} plan (a second plan, not yet cancelled or refunded)`,
    error: failure.error,
    timestamp: new Date().toISOString(),
  });
}
