/**
 * GET /api/account: what the account page shows beyond the subscription check
 * (docs/product.md#subscription-status, docs/product.md#orders-list): the current plan with its
 * period, next charge and whether it is set to cancel; a second plan that was refunded
 * (docs/product.md#one-live-plan-per-customer); the plan's visit details; and the customer's paid
 * orders.
 */
import type Stripe from 'stripe';
import type {
  AccountPlan,
  AccountSummary,
  AccountVisit,
  RefundedPlan,
} from '../src/features/account/account-summary.ts';
import { describeVisitTime, visitAddress, type VisitWindow } from '../src/features/booking/visit.ts';
import type { VisitStatus } from '../src/features/visits/visit-status.ts';
import type { PlanDetails } from '../src/features/plans/plan-request.ts';
import { PREFERRED_DAYS } from '../src/features/plans/plan-request.ts';
import { getPlan } from '../src/features/plans/plans.ts';
import { accountDate, addDays, businessToday, formatClock, formatDay } from '../src/lib/dates.ts';
import { CURRENCY } from '../src/lib/format.ts';
import { requireLiveSession } from './_lib/auth.ts';
import * as clock from './_lib/clock.ts';
import { getDb } from './_lib/db.ts';
import { handler, json } from './_lib/http.ts';
import { orderDescription } from './_lib/orders.ts';
import { readPlanDetails } from './_lib/plan-details.ts';
import { stripeClient } from './_lib/stripe.ts';
import { currentSubscription, planRows, type PlanRow } from './_lib/subscription-status.ts';

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDER_LIMIT = 50;

/** Re-exported where its tests find it. */
export { orderDescription };

interface OrderRow {
  order_number: string;
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  currency: string;
  status: 'paid' | 'refunded';
  paid_at: Date;
}

/** How long a visit done stays listed on the account page. */
const RECENT_DONE_DAYS = 30;

/** When a booking's visit is, in the account's words: requested, confirmed or done. */
function bookingWhen(row: { day: string; time_window: VisitWindow; start_time: string | null; status: VisitStatus }) {
  if (row.status === 'done') return `Done: ${formatDay(row.day)}`;
  if (row.status === 'confirmed' && row.start_time) {
    return `Confirmed: ${formatDay(row.day)} at ${formatClock(row.start_time)}`;
  }
  return `Requested: ${describeVisitTime(row.day, row.time_window)}; we will call to confirm the time`;
}

/** How long after a plan starts its first visit is still the one we call to set up. */
const FIRST_VISIT_DAYS = 7;
/** A plan visits every quarter. */
const MONTHS_BETWEEN_VISITS = 3;

/**
 * The plan's next quarterly visit, counted in quarters from the day it started: in its first week,
 * the first visit, which we call to set up; after that the next quarter's date on or after today.
 */
export function nextPlanVisit(startedAt: Date, now: Date): { first: boolean; date: Date } {
  if (now.getTime() - startedAt.getTime() < FIRST_VISIT_DAYS * 86_400_000) return { first: true, date: startedAt };
  const date = new Date(startedAt);
  for (let quarter = 1; date < now; quarter++) {
    date.setTime(startedAt.getTime());
    date.setUTCMonth(startedAt.getUTCMonth() + quarter * MONTHS_BETWEEN_VISITS);
  }
  return { first: false, date };
}

/** A plan's next visit as the account page lists it. */
function planVisit(
  plan: PlanRow & { order_number: string | null },
  details: PlanDetails | null,
  now: Date,
): AccountVisit {
  const next = nextPlanVisit(plan.created_at ?? now, now);
  const preferred = PREFERRED_DAYS.find((d) => d.value === details?.preferredDay)?.label;
  const when = next.first
    ? 'First visit: we call you within 24 hours of signing up to set the day'
    : `Next quarterly visit: around ${accountDate(next.date.toISOString())}`;
  return {
    orderNumber: plan.order_number,
    description: `${getPlan(plan.tier).name} quarterly visit`,
    when: preferred ? `${when}; preferred: ${preferred}` : when,
    address: details ? `${details.address}, ${details.city}, ${details.state} ${details.zip}` : null,
  };
}

/**
 * The plan's next charge: the card provider's preview of the next invoice (which counts a credit
 * left by a plan change); the plan's price on its period's end if the preview cannot be had; none
 * when the plan is set to end.
 */
async function nextCharge(plan: PlanRow, stripe: () => Stripe): Promise<AccountPlan['nextCharge']> {
  const end = plan.current_period_end;
  if (plan.cancel_at_period_end || !end) return null;
  try {
    const preview = await stripe().invoices.createPreview({ customer: plan.stripe_customer_id, subscription: plan.id });
    return { amountCents: preview.amount_due, currency: preview.currency, date: end.toISOString() };
  } catch (error) {
    console.warn(`Invoice preview of ${plan.id} failed; showing the plan's price:`, error);
    return plan.price_cents === null
      ? null
      : { amountCents: plan.price_cents, currency: plan.currency ?? CURRENCY, date: end.toISOString() };
  }
}

export default handler(['GET'], async (req) => {
  const user = await requireLiveSession(req);
  const db = await getDb();
  const [plans, refunded, orders, planDetails] = await Promise.all([
    planRows(db, user.id),
    db.query<{
      tier: RefundedPlan['tier'];
      billing_period: RefundedPlan['billingPeriod'];
      refunded_cents: number;
      currency: string | null;
      refunded_at: Date;
    }>(
      `select tier, billing_period, refunded_cents, currency, refunded_at from subscriptions
       where user_id = $1 and refund_state = 'done' order by refunded_at desc`,
      [user.id],
    ),
    db.query<OrderRow>(
      `select order_number, kind, item, options, amount_cents, currency, status, updated_at as paid_at from orders
       where user_id = $1 and status in ('paid', 'refunded') order by updated_at desc, id desc limit $2`,
      [user.id, ACCOUNT_ORDER_LIMIT],
    ),
    readPlanDetails(db, user.id),
  ]);
  const now = clock.now();
  const plan = currentSubscription(plans, now);
  // Bookings' visits to come, and those done in the last 30 days (docs/product.md#account-page).
  const today = businessToday(now);
  const bookings = await db.query<{
    order_number: string;
    kind: 'service';
    item: string;
    options: Record<string, unknown>;
    day: string;
    time_window: VisitWindow;
    start_time: string | null;
    status: VisitStatus;
    street: string;
    city: string;
    zip: string;
  }>(
    `select o.order_number, o.kind, o.item, o.options, v.day, v.time_window, v.start_time, v.status, v.street, v.city,
            v.zip
     from visits v join orders o on o.id = v.order_id
     where v.user_id = $1 and (
       (v.status in ('requested', 'confirmed') and v.day >= $2) or (v.status = 'done' and v.day >= $3)
     )
     order by v.day, v.start_time nulls last, v.id`,
    [user.id, today, addDays(today, -RECENT_DONE_DAYS)],
  );
  const [planOrder] = plan
    ? await db.query<{ order_number: string }>(
        'select order_number from orders where subscription_id = $1 order by id limit 1',
        [plan.id],
      )
    : [];
  const answer: AccountSummary = {
    subscription: plan
      ? {
          tier: plan.tier,
          billingPeriod: plan.billing_period,
          currentPeriodEnd: plan.current_period_end?.toISOString() ?? null,
          cancelAtPeriodEnd: plan.cancel_at_period_end,
          nextCharge: await nextCharge(plan, stripeClient),
        }
      : null,
    refundedPlans: refunded.map((row) => ({
      tier: row.tier,
      billingPeriod: row.billing_period,
      refundedCents: row.refunded_cents,
      currency: row.currency ?? CURRENCY,
      refundedAt: new Date(row.refunded_at).toISOString(),
    })),
    planDetails,
    visits: [
      ...(plan ? [planVisit({ ...plan, order_number: planOrder?.order_number ?? null }, planDetails, now)] : []),
      ...bookings.map((row) => ({
        orderNumber: row.order_number,
        description: orderDescription(row),
        when: bookingWhen(row),
        address: visitAddress({ street: row.street, city: row.city, zip: row.zip }),
        status: row.status,
      })),
    ],
    orders: orders.map((row) => ({
      orderNumber: row.order_number,
      description: orderDescription(row),
      amountCents: row.amount_cents,
      currency: row.currency,
      paidAt: new Date(row.paid_at).toISOString(),
      status: row.status,
    })),
  };
  return json(answer);
});

export const config = { path: '/api/account' };
