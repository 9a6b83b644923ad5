/**
 * What the customer and the owner are told when money moves (docs/product.md#e-mails,
 * docs/product.md#owner-events): a paid booking, a plan started, changed or cancelled, a refund.
 * Each is queued inside the webhook's transaction under its event's key, the e-mail in the mail
 * outbox and the owner's event in the leads outbox (to ORDER_WEBHOOK_URL), so an event is told
 * once, and only if its effect was stored. Nothing here is read for a price.
 */
import { SERVICE_NAMES, type ServiceType } from '../../src/features/checkout/pricing.ts';
import { describeVisitTime, VISIT_WINDOWS, visitAddress } from '../../src/features/checkout/visit.ts';
import { formatCents } from '../../src/lib/format.ts';
import {
  bookingConfirmedMail,
  planCancelledMail,
  planChangedMail,
  planStartedMail,
  type BookedVisit,
  type PlanFacts,
} from '../../src/features/mail/messages.ts';
import { getPlan, PERIOD_TERMS, type BillingPeriod, type PlanType } from '../../src/features/plans/plans.ts';
import type { Db } from './db.ts';
import { queueOwnerEvent } from './leads.ts';
import { queueMail } from './mail.ts';
import { orderDescription } from './orders.ts';
import { LIVE_STATUSES } from './subscription-status.ts';

/** The site's public address, for links in e-mails: SITE_URL, else this server on localhost. */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env['SITE_URL'] || `http://localhost:${env['PORT'] || 4321}`).replace(/\/+$/, '');
}

/** "Tuesday, December 1, 2026" for an instant. */
function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    timeZone: 'America/Chicago',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

interface PaidOrderRow {
  order_number: string;
  user_id: string;
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  currency: string;
  status: string;
  visit: BookedVisit | null;
  customer_name: string | null;
  customer_email: string | null;
  known_email: string | null;
}

/**
 * A booking just recorded as paid: the booking-confirmed e-mail (with its `.ics`) and the owner's
 * `booking.paid` event, with everything needed to schedule the visit.
 */
export async function noticeBookingPaid(tx: Db, sessionId: string): Promise<void> {
  const [order] = await tx.query<PaidOrderRow>(
    `select o.order_number, o.user_id, o.kind, o.item, o.options, o.amount_cents, o.currency, o.status, o.visit,
            o.customer_name, o.customer_email, c.email as known_email
     from orders o left join customers c on c.user_id = o.user_id where o.checkout_session_id = $1`,
    [sessionId],
  );
  if (!order || order.kind !== 'service' || order.status !== 'paid') return;
  const email = order.customer_email ?? order.known_email;
  const description = orderDescription(order);
  const serviceName = SERVICE_NAMES[order.item as ServiceType] ?? order.item;
  const visit = order.visit;
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
      }),
    });
  }
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
    timestamp: new Date().toISOString(),
  });
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

/** What changed, if anything worth telling: a plan started, changed (plan or period) or cancelled. */
export function planChange(before: PlanState | null, after: PlanState): 'started' | 'changed' | 'cancelled' | null {
  if (after.duplicate_of) return null;
  const wasLive = before !== null && LIVE_STATUSES.has(before.status);
  const isLive = LIVE_STATUSES.has(after.status);
  if (!wasLive) return isLive ? 'started' : null;
  if (!isLive) return before.cancel_at_period_end ? null : 'cancelled';
  if (after.cancel_at_period_end && !before.cancel_at_period_end) return 'cancelled';
  // A period first learned from a later event (null before) is no change of the customer's.
  const periodChanged =
    after.billing_period !== null && before.billing_period !== null && after.billing_period !== before.billing_period;
  if (after.tier !== before.tier || periodChanged) return 'changed';
  return null;
}

interface PlanContact {
  email: string | null;
  full_name: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  preferred_day: string | null;
  instructions: string | null;
  order_number: string | null;
}

/**
 * A subscription event that started, changed or cancelled a plan: the customer's e-mail and the
 * owner's `plan.<change>` event, keyed by the subscription (and the event for a change).
 */
export async function noticePlanChange(
  tx: Db,
  subscription: { id: string; userId: string; customerId: string; eventId: string },
  before: PlanState | null,
  after: PlanState,
): Promise<void> {
  const change = planChange(before, after);
  if (!change) return;
  const [contact] = await tx.query<PlanContact>(
    `select (select email from customers where stripe_customer_id = $2 or user_id = $1 limit 1) as email,
            d.full_name, d.phone, d.street, d.city, d.state, d.zip, d.preferred_day, d.instructions,
            (select order_number from orders where subscription_id = $3 order by id limit 1) as order_number
     from (select 1) one left join plan_details d on d.user_id = $1`,
    [subscription.userId, subscription.customerId, subscription.id],
  );
  const period = after.billing_period;
  const periodEnd = after.current_period_end ? longDate(new Date(after.current_period_end)) : null;
  const facts: PlanFacts = {
    name: contact?.full_name ?? null,
    planName: getPlan(after.tier).name,
    periodName: period ? PERIOD_TERMS[period].name : 'as agreed',
    amountCents: after.price_cents,
    periodEnd,
    siteUrl: publicOrigin(),
  };
  const key =
    change === 'changed'
      ? `plan-changed:${subscription.id}:${subscription.eventId}`
      : `plan-${change}:${subscription.id}${change === 'cancelled' ? `:${after.current_period_end?.valueOf() ?? 'now'}` : ''}`;
  const mail =
    change === 'started'
      ? planStartedMail({ ...facts, orderNumber: contact?.order_number ?? null })
      : change === 'changed'
        ? planChangedMail(facts)
        : planCancelledMail(facts);
  if (contact?.email) await queueMail(tx, key, `plan-${change}`, { to: contact.email, ...mail });
  const address =
    contact?.street && contact.city && contact.zip
      ? `${contact.street}, ${contact.city}, ${contact.state ?? ''} ${contact.zip}`.replace(/\s+/g, ' ')
      : '';
  await queueOwnerEvent(tx, key, {
    event: `plan.${change}`,
    orderNumber: contact?.order_number ?? '',
    subscriptionId: subscription.id,
    customerName: contact?.full_name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    address,
    service: `${facts.planName} plan`,
    plan: after.tier,
    billingPeriod: period ?? '',
    amount: after.price_cents === null ? '' : formatCents(after.price_cents),
    amountCents: after.price_cents,
    [change === 'cancelled' ? 'endsOn' : 'nextCharge']: periodEnd ?? '',
    requestedDay: contact?.preferred_day ?? '',
    requestedWindow: '',
    notes: contact?.instructions ?? '',
    timestamp: new Date().toISOString(),
  });
}

/** A second plan cancelled and refunded: the owner's `plan.refunded` event. */
export async function noticeRefund(
  tx: Db,
  refund: { subscriptionId: string; userId: string; refundedCents: number; tier: PlanType },
): Promise<void> {
  const [contact] = await tx.query<{ email: string | null; order_number: string | null; full_name: string | null }>(
    `select (select email from customers where user_id = $1 limit 1) as email,
            (select order_number from orders where subscription_id = $2 order by id limit 1) as order_number,
            (select full_name from plan_details where user_id = $1) as full_name`,
    [refund.userId, refund.subscriptionId],
  );
  await queueOwnerEvent(tx, `plan-refunded:${refund.subscriptionId}`, {
    event: 'plan.refunded',
    orderNumber: contact?.order_number ?? '',
    subscriptionId: refund.subscriptionId,
    customerName: contact?.full_name ?? '',
    email: contact?.email ?? '',
    service: `${getPlan(refund.tier).name} plan (a second plan, cancelled)`,
    amount: formatCents(refund.refundedCents),
    amountCents: refund.refundedCents,
    timestamp: new Date().toISOString(),
  });
}
