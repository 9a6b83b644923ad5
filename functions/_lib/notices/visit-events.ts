/**
 * What a visit is called, and the owner's events about visits rather than money
 * (docs/product/emails.md#owner-events): `visit.due`, a plan visit still unconfirmed 7 days before it is
 * due, once; `visit.done`, a visit marked done, once; `visit.moved` and `visit.cancelled`, the
 * customer's own change, once per change. Queued in the caller's transaction.
 */
import { describeVisitTime, VISIT_WINDOWS, visitAddress } from '../../../src/features/visits/windows.ts';
import { addDays } from '../../../src/lib/dates.ts';
import type { Db } from '../platform/db.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { markDueTold, VISIT_COLUMNS, type VisitRow } from '../visits/store.ts';

/** How many days before its due date an unconfirmed plan visit is told to the owner. */
export const DUE_NOTICE_DAYS = 7;

/** The fields every visit event carries. */
function eventFields(row: VisitRow, orderNumber: string | null): Record<string, unknown> {
  return {
    visitId: row.id,
    orderNumber: orderNumber ?? '',
    customerName: row.customer_name ?? '',
    email: row.customer_email,
    phone: row.phone,
    address: row.street ? visitAddress(row) : '',
    service: visitService(row),
    requestedDay: row.day,
    requestedWindow: VISIT_WINDOWS[row.time_window].label,
    notes: row.notes,
    ...(row.plan_visit_no !== null && row.subscription_id
      ? { subscriptionId: row.subscription_id, plan: row.service, dueDate: row.due_date ?? '' }
      : {}),
  };
}

/** The order number a visit goes by: its booking's, or for a plan visit the plan's. */
async function orderNumberOf(tx: Db, row: VisitRow): Promise<string | null> {
  const [order] = await tx.query<{ order_number: string }>(
    `select order_number from orders where (id = $1) or ($1::bigint is null and subscription_id = $2)
     order by id limit 1`,
    [row.order_id, row.subscription_id],
  );
  return order?.order_number ?? null;
}

/** The fields every visit event carries, with the visit's order number (the customer's answers to a proposal). */
export async function visitEventFields(tx: Db, row: VisitRow): Promise<Record<string, unknown>> {
  return eventFields(row, await orderNumberOf(tx, row));
}

/** `visit.done`, once per visit: the owner marked it done. */
export async function noticeVisitDone(tx: Db, row: VisitRow): Promise<void> {
  await queueOwnerEvent(tx, `visit-done:${row.id}`, {
    event: 'visit.done',
    ...eventFields(row, await orderNumberOf(tx, row)),
    completionNote: row.completion_note ?? '',
    doneAt: row.completed_at ? new Date(row.completed_at).toISOString() : '',
    // What a plan visit did, as its report tells the customer (docs/product/visits.md#plan-visits).
    ...(row.plan_visit_no !== null
      ? { checklist: row.checklist, filterSizes: row.filter_sizes, detectorsTested: row.detectors_tested }
      : {}),
    timestamp: new Date().toISOString(),
  });
}

/**
 * `visit.moved` or `visit.cancelled`, once per change: the customer moved or cancelled the visit
 * themselves (docs/product/visits.md#changing-a-visit). `before` is the visit as it was, `after` as it is.
 */
export async function noticeCustomerChange(
  tx: Db,
  before: VisitRow,
  after: VisitRow,
  refundedCents: number,
): Promise<void> {
  const fields = { ...eventFields(after, await orderNumberOf(tx, after)), by: 'customer' };
  if (after.status === 'cancelled') {
    await queueOwnerEvent(tx, `visit-cancelled:${after.id}`, {
      event: 'visit.cancelled',
      ...fields,
      requested: describeVisitTime(after.day, after.time_window),
      refundedCents,
      timestamp: new Date().toISOString(),
    });
    return;
  }
  await queueOwnerEvent(tx, `visit-moved:${after.id}:${after.calendar_sequence}`, {
    event: 'visit.moved',
    ...fields,
    requested: describeVisitTime(after.day, after.time_window),
    previousDay: before.day,
    previousWindow: VISIT_WINDOWS[before.time_window].label,
    timestamp: new Date().toISOString(),
  });
}

/** `visit.due`, once per visit, for each plan visit still requested whose due date is at most 7 days after `today`. */
export async function noticeVisitsDue(tx: Db, today: string): Promise<number> {
  const due = await tx.query<VisitRow>(
    `select ${VISIT_COLUMNS} from visits v
     where v.plan_visit_no is not null and v.status = 'requested' and v.due_told_at is null and v.due_date <= $1
     order by v.due_date for update of v`,
    [addDays(today, DUE_NOTICE_DAYS)],
  );
  for (const row of due) {
    await queueOwnerEvent(tx, `visit-due:${row.id}`, {
      event: 'visit.due',
      ...eventFields(row, await orderNumberOf(tx, row)),
      timestamp: new Date().toISOString(),
    });
    await markDueTold(tx, row.id);
  }
  return due.length;
}
