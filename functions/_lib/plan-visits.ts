/**
 * A plan's visits as records (docs/product.md#plan-visits): each whole period paid is recorded
 * once, and the visits the paid months buy are made one at a time, each with its number in the
 * plan (unique, so a retry, a replay or two runs at once make nothing twice) and a due date, for
 * the subscriber's preferred time and visit details. A plan set to cancel loses its visits past the
 * period's end (back if it is kept); a second plan loses all of its; a change of plan changes what
 * the visits still to do cover. Runs inside the caller's transaction.
 */
import type Stripe from 'stripe';
import { windowsOn, type VisitWindow } from '../../src/features/booking/visit.ts';
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
} from '../../src/features/visits/plan-schedule.ts';
import { addDays, businessToday } from '../../src/lib/dates.ts';
import { now } from './clock.ts';
import type { Db } from './db.ts';
import { NO_VISIT_DETAILS } from './order-notices.ts';
import { announceLeadsStored } from './leads.ts';
import { LIVE_STATUSES } from './subscription-status.ts';
import { noticeVisitsDue } from './visit-events.ts';
import {
  bookingProblem,
  closedDays,
  lockWindow,
  placesTaken,
  recordVisitEvent,
  VISIT_COLUMNS,
  visitsPerWindow,
  type VisitRow,
} from './visits.ts';
import { sendReviewRequests } from './review-requests.ts';

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
 * Brings a plan's visits in line with the plan (docs/product.md#plan-visits): a second plan's
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
  const changing = await tx.query<{ id: string; service: string }>(
    `select id, service from visits
     where subscription_id = $1 and plan_visit_no is not null and status in ('requested', 'confirmed') and service <> $2`,
    [subscriptionId, plan.tier],
  );
  for (const visit of changing) {
    await tx.query('update visits set service = $2, updated_at = now() where id = $1', [visit.id, plan.tier]);
    await recordVisitEvent(tx, visit.id, 'site', 'plan changed', { service: visit.service }, { service: plan.tier });
  }
  await nameUnnamedVisits(tx, subscriptionId, plan.user_id);
  if (LIVE_STATUSES.has(plan.status)) await makeOwedVisits(tx, subscriptionId, plan, end);
}

/**
 * Names the plan's visits still to do that were made before the plan's order was linked to it (its
 * first invoice can be told before the checkout): the account's name, once it is known.
 */
async function nameUnnamedVisits(tx: Db, subscriptionId: string, userId: string): Promise<void> {
  const unnamed = await tx.query<{ id: string }>(
    `select id from visits where subscription_id = $1 and plan_visit_no is not null
     and status in ('requested', 'confirmed') and coalesce(customer_name, '') = ''`,
    [subscriptionId],
  );
  if (unnamed.length === 0) return;
  const { name } = await planContact(tx, subscriptionId, userId);
  if (!name) return;
  for (const { id } of unnamed) {
    await tx.query('update visits set customer_name = $2, updated_at = now() where id = $1', [id, name]);
    await recordVisitEvent(tx, id, 'site', 'name added', { customerName: null }, { customerName: name });
  }
}

/** Cancels the plan's visits still to do (those due after `after`, or all), each in its history. */
async function cancelPlanVisits(tx: Db, subscriptionId: string, after: string | null, why: string): Promise<void> {
  const cancelling = await tx.query<{ id: string; status: string }>(
    `select id, status from visits
     where subscription_id = $1 and plan_visit_no is not null and status in ('requested', 'confirmed')
       and ($2::text is null or due_date > $2)`,
    [subscriptionId, after],
  );
  for (const visit of cancelling) {
    await tx.query(
      `update visits set status = 'cancelled', plan_ending = $2, calendar_sequence = calendar_sequence + 1,
         updated_at = now() where id = $1`,
      [visit.id, after !== null],
    );
    await recordVisitEvent(tx, visit.id, 'site', why, { status: visit.status }, { status: 'cancelled' });
  }
}

/** Requests again the visits cancelled because the plan was ending, once it is kept. */
async function restorePlanVisits(tx: Db, subscriptionId: string): Promise<void> {
  const restored = await tx.query<{ id: string }>(
    `update visits set status = 'requested', plan_ending = false, start_time = null, end_time = null,
       calendar_sequence = calendar_sequence + 1, updated_at = now()
     where subscription_id = $1 and plan_ending and status = 'cancelled'
     returning id`,
    [subscriptionId],
  );
  for (const { id } of restored) {
    await recordVisitEvent(tx, id, 'site', 'plan kept', { status: 'cancelled' }, { status: 'requested' });
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
  const [created] = await tx.query<VisitRow>(
    `insert into visits as v (subscription_id, plan_visit_no, due_date, user_id, customer_name, customer_email, phone,
                              street, city, zip, service, day, time_window, notes, over_capacity)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (subscription_id, plan_visit_no) do nothing
     returning ${VISIT_COLUMNS}`,
    [
      subscriptionId,
      no,
      due,
      plan.user_id,
      contact.name,
      contact.email,
      contact.phone,
      contact.street,
      contact.city,
      contact.zip,
      plan.tier,
      proposed.day,
      window,
      contact.notes,
      full,
    ],
  );
  if (!created) return null;
  await recordVisitEvent(tx, created.id, 'site', 'created', null, {
    status: created.status,
    day: created.day,
    window: created.time_window,
    due,
    planVisit: no,
    ...(full ? { overCapacity: true } : {}),
  });
  return created;
}

/** How often the Node server runs the visit schedule (Netlify runs functions/visit-schedule.ts hourly). */
export const VISIT_SCHEDULE_MS = 3_600_000;

/**
 * The site's schedule for visits (every hour, and in the embedded default at each advance of the
 * clock): each live plan makes the visits that became owed as their predecessors came due, and the
 * owner is told of the plan visits due within 7 days that are still unconfirmed (visit.due); then
 * the review requests due (docs/product.md#review-requests).
 */
export async function runVisitSchedule(db: Db): Promise<void> {
  const plans = await db.query<{ subscription_id: string }>(
    `select distinct p.subscription_id from plan_periods p join subscriptions s on s.id = p.subscription_id
     where s.status = any($1::text[]) and s.duplicate_of is null`,
    [[...LIVE_STATUSES]],
  );
  for (const { subscription_id } of plans) {
    await db.transaction((tx) => syncPlanVisits(tx, subscription_id));
  }
  // The owner is told once of each plan visit still unconfirmed 7 days before it is due.
  const told = await db.transaction((tx) => noticeVisitsDue(tx, businessToday(now())));
  if (told > 0) announceLeadsStored();
  // The review requests due (docs/product.md#review-requests).
  await sendReviewRequests(db);
}

/** Runs the visit schedule every hour, and whenever `run` is called, one run at a time, until stopped. */
export function startVisitSchedule(db: Db, everyMs = VISIT_SCHEDULE_MS) {
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= runVisitSchedule(db)
      .catch((error: unknown) => console.error('The visit schedule failed:', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
