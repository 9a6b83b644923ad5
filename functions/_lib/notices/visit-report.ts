/**
 * A plan visit's report (docs/product/emails.md#e-mails, docs/product/accounts.md#account-page): what the visit did,
 * as the owner marked it done, and what comes next: the plan's next visit still to do, else the
 * plan's end when it is set to cancel or has ended, else about 3 months on, once it renews.
 */
import type { PricedExtra } from '../../../src/features/extras/extras.ts';
import { isPlanType, visitChecklist } from '../../../src/features/plans/plans.ts';
import { nextVisitLine, type VisitReport } from '../../../src/features/visits/visit-report.ts';
import { businessToday } from '../../../src/lib/dates.ts';
import type { Db } from '../platform/db.ts';
import { LIVE_STATUSES } from '../plans/subscription-status.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { holdsPlaceSql, VISIT_COLUMNS, type VisitRow } from '../visits/store.ts';

/** The extras line's items, left out when none was charged. */
function extrasOf(items: PricedExtra[]): { extras?: PricedExtra[] } {
  return items.length > 0 ? { extras: items } : {};
}

/** The report of a plan visit done; null for a booking's visit or one not done. */
export async function planVisitReport(db: Db, row: VisitRow): Promise<VisitReport | null> {
  if (row.status !== 'done' || row.plan_visit_no === null || !row.subscription_id || !isPlanType(row.service)) {
    return null;
  }
  const [[next], [plan], charged] = await Promise.all([
    db.query<{ due_date: string }>(
      `select due_date from visits where subscription_id = $1 and plan_visit_no > $2
       and ${holdsPlaceSql()} order by plan_visit_no limit 1`,
      [row.subscription_id, row.plan_visit_no],
    ),
    db.query<{ status: string; cancel_at_period_end: boolean; current_period_end: Date | null }>(
      'select status, cancel_at_period_end, current_period_end from subscriptions where id = $1',
      [row.subscription_id],
    ),
    // The extras charged on the visit (docs/product/extras.md#where-customers-read-it), a withdrawn request apart.
    db.query<{ items: PricedExtra[] }>(
      `select items from pay_requests where visit_id = $1 and status <> 'cancelled' order by created_at`,
      [row.id],
    ),
  ]);
  const ending = plan && (plan.cancel_at_period_end || !LIVE_STATUSES.has(plan.status));
  const day = businessToday(row.completed_at ? new Date(row.completed_at) : new Date(row.updated_at));
  return {
    day,
    service: visitService(row),
    items: visitChecklist(row.service).map((item) => ({ item, done: row.checklist.includes(item) })),
    filterSizes: row.filter_sizes,
    detectorsTested: row.detectors_tested,
    note: row.completion_note,
    ...extrasOf(charged.flatMap((request) => request.items)),
    next: nextVisitLine(day, {
      nextDue: next?.due_date ?? null,
      planEnds: ending && plan.current_period_end ? businessToday(new Date(plan.current_period_end)) : null,
    }),
  };
}

/** The report of a plan's latest visit done, or null when none is done yet. */
export async function lastPlanVisitReport(db: Db, subscriptionId: string): Promise<VisitReport | null> {
  const [row] = await db.query<VisitRow>(
    `select ${VISIT_COLUMNS} from visits v where v.subscription_id = $1 and v.plan_visit_no is not null
     and v.status = 'done' order by v.plan_visit_no desc limit 1`,
    [subscriptionId],
  );
  return row ? planVisitReport(db, row) : null;
}
