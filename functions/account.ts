/**
 * GET /api/account: what the account page shows beyond the subscription check
 * (docs/product/accounts.md#subscription-status, docs/product/accounts.md#orders-list): the current plan with its
 * period, next charge and whether it is set to cancel; a second plan that was refunded
 * (docs/product/plans.md#one-live-plan-per-customer); the plan's visit details; and the customer's paid
 * orders.
 */
import type Stripe from 'stripe';
import type {
  AccountPlan,
  AccountSummary,
  AccountVisit,
  RefundedPlan,
} from '../src/features/account/account-summary.ts';
import { describeVisitTime, visitAddress, type VisitWindow } from '../src/features/visits/windows.ts';
import type { VisitStatus } from '../src/features/visits/status.ts';
import { getPlan, isPlanType } from '../src/features/plans/plans.ts';
import { addDays, businessToday, formatClock, formatDay } from '../src/lib/dates.ts';
import { CURRENCY } from '../src/lib/format.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { handler, json } from './_lib/platform/http.ts';
import { orderDescription } from '../src/features/mail/describe.ts';
import { readPlanDetails } from './_lib/plans/details.ts';
import { textsConfigured } from './_lib/texts/queue.ts';
import { stripeClient } from './_lib/platform/stripe.ts';
import { currentSubscription, planRows, type PlanRow } from './_lib/plans/subscription-status.ts';
import { lastPlanVisitReport } from './_lib/notices/visit-report.ts';
import { holdsPlaceSql } from './_lib/visits/store.ts';

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDER_LIMIT = 50;

interface OrderRow {
  order_number: string;
  kind: 'service' | 'subscription' | 'extras';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  currency: string;
  status: 'paid' | 'refunded';
  paid_at: Date;
}

/** How long a visit done stays listed on the account page. */
const RECENT_DONE_DAYS = 30;

/** The day a visit was done: the day it was marked done (Springfield time), else its planned day. */
function doneDay(row: { day: string; completed_at: Date | null }): string {
  return row.completed_at ? businessToday(new Date(row.completed_at)) : row.day;
}

/** Whether a visit is listed: still to do, or done in the last 30 days (the query reads a few more). */
function listed(row: { day: string; completed_at: Date | null; status: VisitStatus }, today: string): boolean {
  return row.status !== 'done' || doneDay(row) >= addDays(today, -RECENT_DONE_DAYS);
}

/** An instant before the earliest a visit listed as done can have been marked done (a day to spare). */
function recentlyDone(today: string): Date {
  return new Date(`${addDays(today, -RECENT_DONE_DAYS - 1)}T00:00:00Z`);
}

/** A requested visit's standing proposal, in the account's words (docs/product/visits.md#proposed-times), or null. */
function proposalWhen(row: { day: string; status: VisitStatus; proposed_start: string | null }): string | null {
  return row.status === 'requested' && row.proposed_start
    ? `Proposed: ${formatDay(row.day)} at ${formatClock(row.proposed_start)}, please confirm`
    : null;
}

/** When a booking's visit is, in the account's words: requested, proposed, confirmed or done. */
function bookingWhen(row: {
  day: string;
  time_window: VisitWindow;
  start_time: string | null;
  proposed_start: string | null;
  status: VisitStatus;
  completed_at: Date | null;
}) {
  if (row.status === 'done') return `Done: ${formatDay(doneDay(row))}`;
  if (row.status === 'confirmed' && row.start_time) {
    return `Confirmed: ${formatDay(row.day)} at ${formatClock(row.start_time)}`;
  }
  return (
    proposalWhen(row) ?? `Requested: ${describeVisitTime(row.day, row.time_window)}; we will send you a proposed time`
  );
}

/** A plan visit as the account lists it. */
interface PlanVisitRow {
  id: string;
  plan_visit_no: number;
  service: string;
  day: string;
  due_date: string;
  start_time: string | null;
  proposed_start: string | null;
  status: VisitStatus;
  completed_at: Date | null;
  street: string;
  city: string;
  zip: string;
}

/** When a plan's visit is, in the account's words (docs/product/accounts.md#account-page). */
function planVisitWhen(row: PlanVisitRow): string {
  if (row.status === 'done') return `Done: ${formatDay(doneDay(row))}`;
  if (row.status === 'confirmed' && row.start_time) {
    return `Confirmed: ${formatDay(row.day)} at ${formatClock(row.start_time)}`;
  }
  const proposed = proposalWhen(row);
  if (proposed) return proposed;
  return row.plan_visit_no === 1
    ? `First visit due ${formatDay(row.due_date)}: we call you within 24 hours of signing up to set the day`
    : `Due ${formatDay(row.due_date)}: we will call to set the day and time`;
}

/** The plan's visits still to do and those done in the last 30 days, as records (docs/product/visits.md#plan-visits). */
async function planVisits(db: Db, subscriptionId: string, orderNumber: string | null, today: string) {
  const rows = await db.query<PlanVisitRow>(
    `select id, plan_visit_no, service, day, due_date, start_time, proposed_start, status, completed_at,
            street, city, zip from visits
     where subscription_id = $1 and plan_visit_no is not null
       and (${holdsPlaceSql()} or (status = 'done' and (day >= $2 or completed_at >= $3)))
     order by plan_visit_no`,
    [subscriptionId, addDays(today, -RECENT_DONE_DAYS), recentlyDone(today)],
  );
  return rows
    .filter((row) => listed(row, today))
    .map((row): AccountVisit => ({
      orderNumber,
      description: `${isPlanType(row.service) ? getPlan(row.service).name : 'Autopilot'} quarterly visit`,
      when: planVisitWhen(row),
      address: row.street ? visitAddress(row) : null,
      status: row.status,
      id: row.id,
      day: row.day,
    }));
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
  // Bookings' visits to come, and those done in the last 30 days (docs/product/accounts.md#account-page).
  const today = businessToday(now);
  const bookings = await db.query<{
    id: string;
    order_number: string;
    kind: 'service';
    item: string;
    options: Record<string, unknown>;
    day: string;
    time_window: VisitWindow;
    start_time: string | null;
    proposed_start: string | null;
    status: VisitStatus;
    completed_at: Date | null;
    street: string;
    city: string;
    zip: string;
  }>(
    `select v.id, o.order_number, o.kind, o.item, o.options, v.day, v.time_window, v.start_time, v.proposed_start,
            v.status, v.completed_at, v.street, v.city, v.zip
     from visits v join orders o on o.id = v.order_id
     where v.user_id = $1 and (
       (${holdsPlaceSql('v')} and v.day >= $2)
       or (v.status = 'done' and (v.day >= $3 or v.completed_at >= $4))
     )
     order by v.day, v.start_time nulls last, v.id`,
    [user.id, today, addDays(today, -RECENT_DONE_DAYS), recentlyDone(today)],
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
    texts: textsConfigured(),
    visits: [
      ...(plan ? await planVisits(db, plan.id, planOrder?.order_number ?? null, today) : []),
      ...bookings
        .filter((row) => listed(row, today))
        .map((row) => ({
          orderNumber: row.order_number,
          description: orderDescription(row),
          when: bookingWhen(row),
          address: visitAddress({ street: row.street, city: row.city, zip: row.zip }),
          status: row.status,
          id: row.id,
          day: row.day,
        })),
    ],
    lastReport: plan ? await lastPlanVisitReport(db, plan.id) : null,
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
