/**
 * A plan's visits as records (docs/product/visits.md#plan-visits): each whole period paid is recorded
 * once, and the visits the paid months buy are made one at a time, each with its number in the
 * plan (unique, so a retry, a replay or two runs at once make nothing twice) and a due date, for
 * the subscriber's preferred time and visit details. A plan set to cancel loses its visits past the
 * period's end (back if it is kept); a second plan loses all of its; a change of plan changes what
 * the visits still to do cover. Runs inside the caller's transaction.
 */
import type Stripe from 'stripe';
import { windowsOn, type VisitWindow } from '../../../src/features/visits/windows.ts';
import {
  DAYS_PAST_DUE,
  mayMakeNext,
  monthsOf,
  nextDueDate,
  proposeDay,
  visitsOwed,
  windowFor,
  type DayFit,
  type PreviousPlanVisit,
} from '../../../src/features/visits/plan-schedule.ts';
import { addDays, businessToday } from '../../../src/lib/dates.ts';
import { now } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { NO_VISIT_DETAILS } from './details.ts';
import { LIVE_STATUSES } from './subscription-status.ts';
import { bookingProblem, closedDays, lockWindow, placesTaken, visitsPerWindow } from '../visits/capacity.ts';
import { holdsPlaceSql, insertVisit, VISIT_COLUMNS, type VisitRow } from '../visits/store.ts';
import { transition, type Actor } from '../visits/transition.ts';

/** The plan's own changes to its visits are the site's. */
const SITE: Actor = { by: 'site' };

/**
 * The whole period an invoice pays for, from its lines that are not prorations (the first payment,
 * a renewal, a change to another period); null for an invoice of prorations only.
 */
export function paidPeriod(invoice: Stripe.Invoice): { start: number; end: number } | null {
  const periods = (invoice.lines?.data ?? [])
    .filter((line) => line.parent?.subscription_item_details?.proration !== true)
    .map((line) => line.period)
    .filter((p): p is { start: number; end: number } => typeof p?.start === 'number' && typeof p.end === 'number');
  if (periods.length === 0) return null;
  const period = { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
  return monthsOf(period) > 0 ? period : null;
}

/** Records a whole period paid of a plan, once per plan and period start. */
export async function recordPaidPeriod(
  tx: Db,
  subscriptionId: string,
  invoiceId: string,
  period: { start: number; end: number },
): Promise<void> {
  await tx.query(
    `insert into plan_periods (subscription_id, period_start, period_end, months, invoice_id)
     values ($1, $2, $3, $4, $5) on conflict (subscription_id, period_start) do nothing`,
    [subscriptionId, period.start, period.end, monthsOf(period), invoiceId],
  );
}

interface PlanRow {
  user_id: string;
  tier: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
  duplicate_of: string | null;
}

/** The day (Springfield) after which a plan makes no visit: its period's end once it is set to cancel or ended. */
function lastDay(plan: PlanRow): string | null {
  if (!plan.current_period_end) return null;
  const ending = plan.cancel_at_period_end || !LIVE_STATUSES.has(plan.status);
  return ending ? businessToday(new Date(plan.current_period_end)) : null;
}

/**
 * Brings a plan's visits in line with the plan (docs/product/visits.md#plan-visits): a second plan's
 * visits cancelled; visits past the end of a plan set to cancel cancelled, or requested again once
 * it is kept; the visits still to do on the plan's tier; then the visits owed made, one at a time.
 */
export async function syncPlanVisits(tx: Db, subscriptionId: string): Promise<void> {
  // One plan's visits are worked on one transaction at a time, so two events never both make visit n.
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`plan-visits:${subscriptionId}`]);
  const [plan] = await tx.query<PlanRow>(
    `select user_id, tier, status, cancel_at_period_end, current_period_end, duplicate_of from subscriptions
     where id = $1`,
    [subscriptionId],
  );
  if (!plan) return;
  if (plan.duplicate_of) {
    await cancelPlanVisits(tx, subscriptionId, null, 'second plan refunded');
    return;
  }
  const end = lastDay(plan);
  if (end) {
    await cancelPlanVisits(tx, subscriptionId, end, 'plan ending');
  } else {
    await restorePlanVisits(tx, subscriptionId);
  }
  // A change of plan keeps the dates: the visits still to do cover the new plan.
  const changing = await planVisitsToDo(tx, subscriptionId, 'and v.service <> $2', [plan.tier]);
  for (const visit of changing) await transition(tx, visit, 'plan changed', SITE, { service: plan.tier });
  await nameUnnamedVisits(tx, subscriptionId, plan.user_id);
  if (LIVE_STATUSES.has(plan.status)) await makeOwedVisits(tx, subscriptionId, plan, end);
}

/**
 * Names the plan's visits still to do that were made before the plan's order was linked to it (its
 * first invoice can be told before the checkout): the account's name, once it is known.
 */
async function nameUnnamedVisits(tx: Db, subscriptionId: string, userId: string): Promise<void> {
  const unnamed = await planVisitsToDo(tx, subscriptionId, "and coalesce(v.customer_name, '') = ''");
  if (unnamed.length === 0) return;
  const { name } = await planContact(tx, subscriptionId, userId);
  if (!name) return;
  for (const visit of unnamed) await transition(tx, visit, 'name added', SITE, { customer_name: name });
}

/** The plan's visits still to do (requested or confirmed) that also meet `where`, locked, in plan order. */
async function planVisitsToDo(
  tx: Db,
  subscriptionId: string,
  where: string,
  params: unknown[] = [],
): Promise<VisitRow[]> {
  return tx.query<VisitRow>(
    `select ${VISIT_COLUMNS} from visits v
     where v.subscription_id = $1 and v.plan_visit_no is not null and ${holdsPlaceSql('v')} ${where}
     order by v.plan_visit_no for update`,
    [subscriptionId, ...params],
  );
}

/** Cancels the plan's visits still to do (those due after `after`, or all), each in its history. */
async function cancelPlanVisits(
  tx: Db,
  subscriptionId: string,
  after: string | null,
  why: 'plan ending' | 'second plan refunded',
): Promise<void> {
  const cancelling = await planVisitsToDo(tx, subscriptionId, 'and ($2::text is null or v.due_date > $2)', [after]);
  for (const visit of cancelling)
    await transition(tx, visit, why, SITE, { status: 'cancelled', plan_ending: after !== null });
}

/** Requests again the visits cancelled because the plan was ending, once it is kept. */
async function restorePlanVisits(tx: Db, subscriptionId: string): Promise<void> {
  const restored = await tx.query<VisitRow>(
    `select ${VISIT_COLUMNS} from visits v
     where v.subscription_id = $1 and v.plan_ending and v.status = 'cancelled' order by v.plan_visit_no for update`,
    [subscriptionId],
  );
  for (const visit of restored) {
    await transition(tx, visit, 'plan kept', SITE, {
      status: 'requested',
      plan_ending: false,
      start_time: null,
      end_time: null,
    });
  }
}

/** Makes the visits the paid months buy, one at a time, none past `end`. */
async function makeOwedVisits(tx: Db, subscriptionId: string, plan: PlanRow, end: string | null): Promise<void> {
  const [paid] = await tx.query<{ started: string | number | null; months: number | null }>(
    'select min(period_start) as started, sum(months)::int as months from plan_periods where subscription_id = $1',
    [subscriptionId],
  );
  if (paid?.started === null || paid?.started === undefined) return;
  const owed = visitsOwed(paid.months ?? 0);
  const startedOn = businessToday(new Date(Number(paid.started) * 1000));
  const today = businessToday(now());
  const made = await tx.query<{ status: PreviousPlanVisit['status']; due_date: string; completed_at: Date | null }>(
    `select status, due_date, completed_at from visits where subscription_id = $1 and plan_visit_no is not null
     order by plan_visit_no`,
    [subscriptionId],
  );
  const visits: PreviousPlanVisit[] = made.map((row) => ({
    status: row.status,
    due: row.due_date,
    doneOn: row.completed_at ? businessToday(new Date(row.completed_at)) : null,
  }));
  while (visits.length < owed) {
    const previous = visits.at(-1) ?? null;
    if (!mayMakeNext(previous, today)) return;
    const due = nextDueDate(startedOn, previous);
    if (end !== null && due > end) return;
    await makePlanVisit(tx, subscriptionId, plan, visits.length + 1, due, today);
    visits.push({ status: 'requested', due, doneOn: null });
  }
}

/** Where and for whom a plan's visit is: the plan's visit details, else the account's name and e-mail. */
async function planContact(tx: Db, subscriptionId: string, userId: string) {
  const [row] = await tx.query<{
    full_name: string | null;
    phone: string | null;
    street: string | null;
    city: string | null;
    zip: string | null;
    preferred_day: string | null;
    instructions: string | null;
    has_details: boolean;
    customer_name: string | null;
    email: string | null;
  }>(
    `select d.full_name, d.phone, d.street, d.city, d.zip, d.preferred_day, d.instructions,
            d.user_id is not null as has_details, o.customer_name,
            coalesce((select email from customers where user_id = $2 limit 1), o.customer_email) as email
     from (select 1) one
     left join plan_details d on d.user_id = $2
     left join lateral (
       select customer_name, customer_email from orders where subscription_id = $1 order by id limit 1
     ) o on true`,
    [subscriptionId, userId],
  );
  return {
    name: row?.full_name || row?.customer_name || null,
    email: row?.email ?? '',
    phone: row?.phone ?? '',
    street: row?.street ?? '',
    city: row?.city ?? '',
    zip: row?.zip ?? '',
    preferred: row?.preferred_day ?? '',
    notes: row?.has_details ? (row.instructions ?? '') : NO_VISIT_DETAILS,
  };
}

/** Whether each day from `from` to `to` is closed, full or has a place in `window`. */
async function dayFits(tx: Db, window: VisitWindow, from: string, to: string): Promise<(day: string) => DayFit> {
  const [closed, taken, capacity] = await Promise.all([
    closedDays(tx, from, to),
    placesTaken(tx, from, to),
    visitsPerWindow(tx),
  ]);
  return (day) => {
    if (closed.has(day) || !windowsOn(day).includes(window)) return 'closed';
    return (taken.get(`${day} ${window}`) ?? 0) >= capacity ? 'full' : 'free';
  };
}

/** Makes visit number `no` of a plan, due on `due`, unless it exists (then nothing). */
async function makePlanVisit(
  tx: Db,
  subscriptionId: string,
  plan: PlanRow,
  no: number,
  due: string,
  today: string,
): Promise<VisitRow | null> {
  const contact = await planContact(tx, subscriptionId, plan.user_id);
  const window = windowFor(contact.preferred);
  const from = addDays(today, 1);
  const fit = await dayFits(tx, window, from, addDays(due > from ? due : from, DAYS_PAST_DUE + 1));
  const proposed = proposeDay(due, today, fit);
  // Counted again under the window's lock, as a booking's payment is: a place taken meanwhile flags it.
  await lockWindow(tx, proposed.day, window);
  const full = proposed.overCapacity || (await bookingProblem(tx, proposed.day, window)) !== null;
  return insertVisit(
    tx,
    {
      subscription_id: subscriptionId,
      plan_visit_no: no,
      due_date: due,
      user_id: plan.user_id,
      customer_name: contact.name,
      customer_email: contact.email,
      phone: contact.phone,
      street: contact.street,
      city: contact.city,
      zip: contact.zip,
      service: plan.tier,
      day: proposed.day,
      time_window: window,
      notes: contact.notes,
      over_capacity: full,
    },
    { due, planVisit: no },
  );
}
