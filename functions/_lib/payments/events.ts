/**
 * What each card-provider event changes in our tables. Runs inside the webhook's transaction, with
 * the event id recorded in the same transaction, so an event takes effect exactly once. A
 * subscription that becomes live while its customer already has a live plan is marked as that
 * plan's duplicate here (docs/product/plans.md#one-live-plan-per-customer); one-plan.ts then cancels and
 * refunds it with the card provider, after the transaction.
 */
import type Stripe from 'stripe';
import { CURRENCY } from '../../../src/lib/format.ts';
import { orderNumber } from '../../../src/features/account/order-number.ts';
import { type Visit } from '../../../src/features/booking/visit.ts';
import { VISIT_WINDOWS, type VisitWindow } from '../../../src/features/visits/windows.ts';
import type { PlanType } from '../../../src/features/plans/plans.ts';
import type { Db } from '../platform/db.ts';
import {
  noticeBookingPaid,
  noticePlanChange,
  noticePlanRenewed,
  noticePlanStarted,
  type PlanState,
} from '../notices/order-notices.ts';
import { markOrderExpired, markOrderPaid } from './orders.ts';
import { chargeRefunded } from './refunds.ts';
import { extrasCheckoutPaid, recordExtrasOrder } from './extras.ts';
import { createBookingVisit } from '../visits/booking-visit.ts';
import { paidPeriod, recordPaidPeriod, syncPlanVisits } from '../plans/visits.ts';
import type { PlanPrice } from '../../../src/features/plans/prices.ts';
import {
  eventRank,
  invoicePeriod,
  invoicePeriodEnd,
  invoiceSubscriptionId,
  subscriptionRecord,
  userIdOf,
} from './provider-objects.ts';
import { warnOnOtherApiVersion } from '../platform/stripe.ts';
import { LIVE_STATUSES } from '../plans/subscription-status.ts';

/** The event types that change something; every other type is acknowledged and ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'charge.refunded',
]);

/**
 * A booking's visit from its checkout's metadata (create-payment-checkout.ts writes it), for an
 * order that was never stored before its payment; null when a part is missing.
 */
function visitFromMetadata(metadata: Stripe.Metadata | null | undefined): Visit | null {
  const street = metadata?.['visit_street'];
  const city = metadata?.['visit_city'];
  const zip = metadata?.['visit_zip'];
  const phone = metadata?.['visit_phone'];
  const date = metadata?.['visit_day'];
  const window = metadata?.['visit_window'];
  if (!street || !city || !zip || !phone || !date || !window || !Object.hasOwn(VISIT_WINDOWS, window)) return null;
  return { street, city, zip, phone, date, window: window as VisitWindow, notes: metadata['visit_notes'] ?? '' };
}

function parseOptions(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
}

async function sessionCompleted(
  db: Db,
  session: Stripe.Checkout.Session,
  receiptUrl: string | null = null,
): Promise<void> {
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  const userId = userIdOf(session.client_reference_id) ?? userIdOf(session.metadata?.['user_id']);
  if (userId && customerId) {
    // Remember the customer even if the checkout was not started by our functions.
    await db.query(
      `insert into customers (user_id, email, stripe_customer_id) values ($1, $2, $3) on conflict do nothing`,
      [userId, session.customer_details?.email ?? session.customer_email ?? '', customerId],
    );
  }
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  // A pay request's checkout (docs/product/extras.md#paid): its order, stored when the checkout was
  // made (or now, from the checkout's metadata, if that insert failed), pays the request once.
  const payRequestId = session.metadata?.['pay_request_id'];
  if (payRequestId) {
    if (!(await markOrderPaid(db, session.id, null, paymentIntent))) {
      await recordExtrasOrder(db, session, paymentIntent);
    }
    await extrasCheckoutPaid(db, session.id, receiptUrl);
    return;
  }
  if (await markOrderPaid(db, session.id, subscriptionId, paymentIntent)) {
    await createBookingVisit(db, session.id);
    await noticeBookingPaid(db, session.id, receiptUrl);
    if (subscriptionId) await noticePlanStarted(db, subscriptionId);
    return;
  }
  // No pending order (its insert failed after the session was created): record it from the session.
  const item = session.metadata?.['plan'] ?? session.metadata?.['service_type'];
  if (!userId || !item) {
    console.warn(`Paid checkout ${session.id} has no order and no user metadata; nothing recorded`);
    return;
  }
  const options = parseOptions(session.metadata?.['options']);
  const visit = session.mode === 'subscription' ? null : visitFromMetadata(session.metadata);
  await db.query(
    `insert into orders (checkout_session_id, order_number, user_id, kind, item, options, amount_cents, currency, status,
                         subscription_id, visit, customer_email, payment_intent)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, 'paid', $9, $10::jsonb, $11, $12)
     on conflict (checkout_session_id) do update set status = 'paid', updated_at = now()`,
    [
      session.id,
      orderNumber(session.id),
      userId,
      session.mode === 'subscription' ? 'subscription' : 'service',
      item,
      JSON.stringify(options),
      session.amount_total ?? 0,
      session.currency ?? CURRENCY,
      subscriptionId,
      visit ? JSON.stringify(visit) : null,
      session.customer_details?.email ?? session.customer_email ?? null,
      paymentIntent,
    ],
  );
  // Recorded after its subscription was found to be a duplicate and refunded: say so.
  if (subscriptionId) await markOrderPaid(db, session.id, subscriptionId);
  await createBookingVisit(db, session.id);
  await noticeBookingPaid(db, session.id, receiptUrl);
  if (subscriptionId) await noticePlanStarted(db, subscriptionId);
}

const PLAN_STATE_COLUMNS =
  'tier, billing_period, status, cancel_at_period_end, current_period_end, price_cents, duplicate_of';

async function subscriptionChanged(
  db: Db,
  subscription: Stripe.Subscription,
  event: { id: string; created: number; rank: number },
  catalogue: Readonly<Record<string, PlanPrice>>,
): Promise<void> {
  const record = subscriptionRecord(subscription, catalogue);
  const [existing] = await db.query<{ user_id: string; tier: PlanType }>(
    'select user_id, tier from subscriptions where id = $1',
    [record.id],
  );
  const [customer] = await db.query<{ user_id: string }>(
    'select user_id from customers where stripe_customer_id = $1',
    [record.customerId],
  );
  const userId = record.userId ?? customer?.user_id ?? existing?.user_id ?? null;
  const tier = record.tier ?? existing?.tier ?? null;
  if (!userId || !tier) {
    console.warn(`Subscription ${record.id}: unknown ${userId ? 'plan' : 'user'}; not recorded`);
    return;
  }
  // One customer's subscription events are applied one at a time, so two becoming live at once
  // (two webhooks in flight) cannot both find no other live plan, nor both tell the same change.
  await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`plan:${userId}`]);
  const [before] = await db.query<PlanState>(`select ${PLAN_STATE_COLUMNS} from subscriptions where id = $1`, [
    record.id,
  ]);
  // An event older than the last one applied (delivered late) must not roll the state back; within
  // one second, created < updated < deleted decides.
  await db.query(
    `insert into subscriptions
       (id, user_id, stripe_customer_id, tier, status, current_period_end, cancel_at_period_end, last_event_created,
        last_event_rank, billing_period, price_cents, currency)
     values ($1, $2, $3, $4, $5, to_timestamp($6::float8), $7, $8, $9, $10, $11, $12)
     on conflict (id) do update set user_id = excluded.user_id, stripe_customer_id = excluded.stripe_customer_id,
       tier = excluded.tier, status = excluded.status, current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, last_event_created = excluded.last_event_created,
       last_event_rank = excluded.last_event_rank,
       billing_period = coalesce(excluded.billing_period, subscriptions.billing_period),
       price_cents = coalesce(excluded.price_cents, subscriptions.price_cents),
       currency = coalesce(excluded.currency, subscriptions.currency), updated_at = now()
     where (subscriptions.last_event_created, subscriptions.last_event_rank)
        <= (excluded.last_event_created, excluded.last_event_rank)`,
    [
      record.id,
      userId,
      record.customerId,
      tier,
      record.status,
      record.currentPeriodEnd,
      record.cancelAtPeriodEnd,
      event.created,
      event.rank,
      record.billingPeriod,
      record.priceCents,
      record.currency,
    ],
  );
  await markIfDuplicate(db, record.id, userId);
  // The plan's visits follow it: a second plan's cancelled, an ending plan's past the end (docs/product/visits.md#plan-visits).
  await syncPlanVisits(db, record.id);
  const [after] = await db.query<PlanState>(`select ${PLAN_STATE_COLUMNS} from subscriptions where id = $1`, [
    record.id,
  ]);
  if (after) {
    await noticePlanChange(
      db,
      // Our checkout puts the user in the subscription's metadata; its order then completes the start.
      { id: record.id, userId, customerId: record.customerId, eventId: event.id, viaCheckout: record.userId !== null },
      before ?? null,
      after,
    );
  }
}

/**
 * Marks a subscription that is live while another live plan of the same customer was recorded
 * first: that plan stays, this one is to be cancelled and refunded (one-plan.ts).
 */
async function markIfDuplicate(db: Db, id: string, userId: string): Promise<void> {
  await db.query(
    `update subscriptions self set duplicate_of = keeper.id, refund_state = 'pending', updated_at = now()
     from (
       select other.id from subscriptions other
       where other.user_id = $2 and other.id <> $1 and other.duplicate_of is null
         and other.status = any($3::text[]) and (other.current_period_end is null or other.current_period_end > now())
       order by other.created_at, other.id limit 1
     ) keeper
     where self.id = $1 and self.duplicate_of is null and self.status = any($3::text[])
       and (self.current_period_end is null or self.current_period_end > now())`,
    [id, userId, [...LIVE_STATUSES]],
  );
}

async function invoicePaid(db: Db, invoice: Stripe.Invoice): Promise<void> {
  const subscriptionId = invoiceSubscriptionId(invoice);
  const periodEnd = invoicePeriodEnd(invoice);
  if (!subscriptionId || periodEnd === null) return;
  // A paid renewal extends access; it never shortens it.
  await db.query(
    `update subscriptions set current_period_end = greatest(current_period_end, to_timestamp($2::float8)), updated_at = now()
     where id = $1`,
    [subscriptionId, periodEnd],
  );
  // A whole period paid buys the plan's visits (docs/product/visits.md#plan-visits); once per period.
  const period = paidPeriod(invoice);
  if (period) await recordPaidPeriod(db, subscriptionId, invoice.id, period);
  await syncPlanVisits(db, subscriptionId);
  // The first invoice is the plan's start (plan.started); a change's is told as plan.changed.
  if (invoice.billing_reason === 'subscription_cycle') {
    const customer = invoice.customer;
    await noticePlanRenewed(db, {
      id: invoice.id,
      subscriptionId,
      customerId: typeof customer === 'string' ? customer : (customer?.id ?? ''),
      amountPaidCents: invoice.amount_paid ?? 0,
      currency: invoice.currency ?? CURRENCY,
      period: invoicePeriod(invoice),
    });
  }
}

/** Applies one verified event. */
export async function applyEvent(
  db: Db,
  event: Stripe.Event,
  catalogue: Readonly<Record<string, PlanPrice>>,
  { receiptUrl = null }: { receiptUrl?: string | null } = {},
): Promise<void> {
  warnOnOtherApiVersion(event);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionCompleted(db, event.data.object, receiptUrl);
    case 'checkout.session.expired':
      return markOrderExpired(db, event.data.object.id);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(
        db,
        event.data.object,
        { id: event.id, created: event.created, rank: eventRank(event.type) },
        catalogue,
      );
    case 'invoice.paid':
      return invoicePaid(db, event.data.object);
    case 'charge.refunded':
      return chargeRefunded(db, event.data.object);
    default:
      return;
  }
}
