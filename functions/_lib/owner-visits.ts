/**
 * The owner's work on visits (docs/product.md#owners-desk, docs/product.md#owner-api): the visits of
 * a range in route order, one visit with its history, and the actions: confirm a time, move, mark
 * done, no-show, notes, cancel with or without a full refund. Every change is written to the
 * visit's history under the owner's e-mail, and the customer is told of a confirmation, a move and
 * a cancellation by e-mail, once per change.
 */
import type Stripe from 'stripe';
import { SITE } from '../../src/site.ts';
import { formatCents } from '../../src/lib/format.ts';
import { VISIT_WINDOWS, visitAddress, type VisitWindow } from '../../src/features/booking/visit.ts';
import { SERVICE_NAMES, type ServiceType } from '../../src/features/booking/pricing.ts';
import { isPlanType, visitChecklist } from '../../src/features/plans/plans.ts';
import { zipCentre } from '../../src/features/service-area/area-list.server.ts';
import type { OwnerVisit, VisitActionRequest, VisitHistoryEntry } from '../../src/features/visits/owner-api.ts';
import { routeOrder } from '../../src/features/visits/route.ts';
import type { GeoPoint } from '../../src/features/service-area/area.ts';
import { allows, refusal } from '../../src/features/visits/visit-status.ts';
import {
  visitCancelledMail,
  visitConfirmedMail,
  visitMovedMail,
  visitReportMail,
  type VisitFacts,
} from '../../src/features/mail/visit-messages.ts';
import { now } from './clock.ts';
import type { Db } from './db.ts';
import { HttpError } from './http-error.ts';
import { queueOwnerEvent } from './leads.ts';
import { queueMail } from './mail.ts';
import { publicOrigin } from './order-notices.ts';
import { syncPlanVisits } from './plan-visits.ts';
import { noticeCustomerChange, noticeVisitDone, visitService } from './visit-events.ts';
import { visitLinks } from './visit-links.ts';
import { providerFailure } from './stripe.ts';
import { planVisitReport } from './visit-report.ts';
import { lockWindow, recordVisitEvent, requireBookable, VISIT_COLUMNS, type VisitRow } from './visits.ts';

/** A visit with what its order adds. */
export type VisitWithOrder = VisitRow & {
  /** The plan's tier and the home's filter sizes as last found, for a plan visit. */
  plan_tier: string | null;
  plan_filter_sizes: string[] | null;
  order_number: string | null;
  amount_cents: number | null;
  refunded_cents: number | null;
  checkout_session_id: string | null;
};

// A plan visit has no order of its own: it shows the plan's (the order that started it).
export const SELECT_VISITS = `select ${VISIT_COLUMNS},
    coalesce(o.order_number, (select po.order_number from orders po where po.subscription_id = v.subscription_id
                              and v.order_id is null order by po.id limit 1)) as order_number,
    o.amount_cents, o.refunded_cents, o.checkout_session_id,
    case when v.plan_visit_no is not null then v.service end as plan_tier, ps.filter_sizes as plan_filter_sizes
  from visits v left join orders o on o.id = v.order_id
  left join subscriptions ps on ps.id = v.subscription_id and v.plan_visit_no is not null`;

/** The windows in the order a day is worked. */
const WINDOW_ORDER: readonly VisitWindow[] = ['morning', 'saturday', 'afternoon'];

/** The visit as the desk shows it. */
function ownerVisit(row: VisitWithOrder, route: number | null): OwnerVisit {
  return {
    id: row.id,
    status: row.status,
    date: row.day,
    window: row.time_window,
    start: row.start_time,
    end: row.end_time,
    service: visitService(row),
    options: row.options,
    amountCents: row.amount_cents ?? 0,
    orderNumber: row.order_number,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.phone },
    address: { street: row.street, city: row.city, zip: row.zip },
    notes: row.notes,
    techNotes: row.tech_notes,
    completionNote: row.completion_note,
    overCapacity: row.over_capacity,
    route,
    requestedAt: new Date(row.created_at).toISOString(),
    dueDate: row.due_date,
    planVisit: row.plan_visit_no,
    checklist: row.checklist,
    filterSizes: row.filter_sizes,
    detectorsTested: row.detectors_tested,
    planFilterSizes: row.plan_filter_sizes ?? [],
    checklistItems: isPlanType(row.plan_tier) ? visitChecklist(row.plan_tier) : [],
  };
}

/**
 * Each visit's place in its day's route: window by window, nearest neighbour from the business
 * (then from the last visit of the window before) through the visits' ZIP centres.
 */
export function routePlaces(rows: readonly Pick<VisitRow, 'id' | 'day' | 'time_window' | 'zip' | 'status'>[]) {
  const places = new Map<string, number>();
  const days = new Map<string, typeof rows>();
  for (const row of rows) {
    if (row.status === 'cancelled') continue;
    days.set(row.day, [...(days.get(row.day) ?? []), row]);
  }
  for (const visits of days.values()) {
    let here: GeoPoint = SITE.address.geo;
    let place = 0;
    for (const window of WINDOW_ORDER) {
      const stops = visits.filter((v) => v.time_window === window).map((v) => ({ id: v.id, place: zipCentre(v.zip) }));
      for (const id of routeOrder(here, stops)) {
        place += 1;
        const stop = stops.find((s) => s.id === id);
        if (stop?.place) {
          places.set(id, place);
          here = stop.place;
        }
      }
    }
  }
  return places;
}

/** The visits from `from` to `to` (and of one status, when given), by day, window and route. */
export async function listVisits(db: Db, from: string, to: string, status: string | null): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.day >= $1 and v.day <= $2 and ($3::text is null or v.status = $3)
     order by v.day, v.time_window, v.created_at`,
    [from, to, status],
  );
  const places = routePlaces(rows);
  const order = (v: OwnerVisit) => [v.date, WINDOW_ORDER.indexOf(v.window), v.route ?? Number.MAX_SAFE_INTEGER];
  return rows
    .map((row) => ownerVisit(row, places.get(row.id) ?? null))
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : Number(x[1]) - Number(y[1]) || Number(x[2]) - Number(y[2]);
    });
}

/** Plan visits still to do due on or before `dueBy`, soonest due first (the desk's Plan visits due). */
export async function planVisitsDue(db: Db, dueBy: string): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.plan_visit_no is not null and v.status in ('requested', 'confirmed') and v.due_date <= $1
     order by v.due_date, v.day, v.created_at limit 500`,
    [dueBy],
  );
  return rows.map((row) => ownerVisit(row, null));
}

/** Requested visits, oldest first (the desk's To confirm). */
export async function visitsToConfirm(db: Db): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.status = 'requested' order by v.created_at limit 200`,
  );
  return rows.map((row) => ownerVisit(row, null));
}

/** One visit with its history; 404 for an unknown id. */
export async function visitWithHistory(db: Db, id: string): Promise<OwnerVisit & { history: VisitHistoryEntry[] }> {
  const row = await findVisit(db, id);
  const [places, history] = await Promise.all([
    db.query<VisitRow>(`select ${VISIT_COLUMNS} from visits v where v.day = $1`, [row.day]),
    db.query<{ at: Date; actor: string; action: string; before: unknown; after: unknown }>(
      'select at, actor, action, before, after from visit_events where visit_id = $1 order by at, id',
      [id],
    ),
  ]);
  return {
    ...ownerVisit(row, routePlaces(places).get(id) ?? null),
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      actor: h.actor,
      action: h.action,
      before: (h.before as Record<string, unknown> | null) ?? null,
      after: (h.after as Record<string, unknown> | null) ?? null,
    })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findVisit(db: Db, id: string, lock = false): Promise<VisitWithOrder> {
  if (!UUID.test(id)) throw new HttpError(404, 'No such visit.');
  const [row] = await db.query<VisitWithOrder>(`${SELECT_VISITS} where v.id = $1${lock ? ' for update of v' : ''}`, [
    id,
  ]);
  if (!row) throw new HttpError(404, 'No such visit.');
  return row;
}

/** The minutes of `HH:MM`. */
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** A visit lasts an hour, cut at its window's end (docs/product.md#owners-desk). */
const VISIT_MINUTES = 60;

/** The confirmed start and end in `window`, or a 409 when the start is outside it. */
function confirmedTime(window: VisitWindow, start: string): { start: string; end: string } {
  const bounds = VISIT_WINDOWS[window];
  if (minutes(start) < minutes(bounds.start) || minutes(start) >= minutes(bounds.end)) {
    throw new HttpError(409, `The start must be within the window: ${bounds.label}.`);
  }
  return { start, end: clock(Math.min(minutes(start) + VISIT_MINUTES, minutes(bounds.end))) };
}

/** What changed, for the history: the fields of `after` that differ from `before`. */
function changed(before: VisitRow, after: Partial<Record<keyof VisitRow, unknown>>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (before[key as keyof VisitRow] === value) continue;
    was[key] = before[key as keyof VisitRow];
    now[key] = value;
  }
  return { was, now };
}

/** The facts a visit's e-mails name, after a change, with its links as they are after it. */
export function factsOf(row: VisitWithOrder, next: Partial<VisitRow>): VisitFacts {
  const merged = { ...row, ...next };
  return {
    name: merged.customer_name,
    orderNumber: merged.order_number ?? merged.id.slice(0, 8).toUpperCase(),
    service: Object.hasOwn(SERVICE_NAMES, merged.service)
      ? SERVICE_NAMES[merged.service as ServiceType]
      : visitService(merged),
    address: visitAddress(merged),
    date: merged.day,
    window: merged.time_window,
    confirmed: merged.start_time && merged.end_time ? { start: merged.start_time, end: merged.end_time } : null,
    sequence: merged.calendar_sequence,
    siteUrl: publicOrigin(),
    links: visitLinks(merged),
  };
}

/** Where the card provider refunds a booking: its checkout's payment. */
async function paymentOf(stripe: Stripe, sessionId: string): Promise<string> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = session.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (!id) throw new HttpError(409, 'This order has no card payment to refund.');
  return id;
}

/**
 * Refunds what is left of a visit's order in full, once: the provider's idempotency key is the
 * visit's, so two presses (or a retry after a lost answer) refund once. Returns the cents refunded.
 */
async function refundVisit(stripe: () => Stripe, row: VisitWithOrder): Promise<number> {
  const left = (row.amount_cents ?? 0) - (row.refunded_cents ?? 0);
  if (!row.checkout_session_id || left <= 0) return 0;
  try {
    const client = stripe();
    await client.refunds.create(
      {
        payment_intent: await paymentOf(client, row.checkout_session_id),
        amount: left,
        metadata: { visit_id: row.id, order_number: row.order_number ?? '' },
      },
      { idempotencyKey: `visit-cancel-refund:${row.id}` },
    );
  } catch (error) {
    throw providerFailure('refund a cancelled visit', error);
  }
  return left;
}

/** Who changes a visit, and what else the change must meet. */
export interface VisitActor {
  /** For the history: `owner:<e-mail>` or `customer:<e-mail>`. */
  actor: string;
  /** The customer's own change (docs/product.md#changing-a-visit): the owner is told of it. */
  customer?: boolean;
  /** Refuses the visit as found (before the refund, and again under the lock), e.g. a link's version. */
  guard?: (row: VisitWithOrder) => void;
}

/** Applies one action to a visit, the owner's or the customer's. */
export async function applyVisitAction(
  db: Db,
  id: string,
  request: VisitActionRequest,
  { actor, customer = false, guard }: VisitActor,
  stripe: () => Stripe,
): Promise<void> {
  const current = await findVisit(db, id);
  guard?.(current);
  if (!allows(current.status, request.action)) {
    throw new HttpError(409, refusal(current.status, request.action));
  }
  // The refund goes first, outside the transaction: if the provider fails, the visit is unchanged.
  // The order notes it is on its way, so the provider's event for it tells no one (refunds.ts).
  const refunding = request.action === 'cancel' && request.refund && current.order_id !== null;
  if (refunding) await db.query('update orders set refund_pending = true where id = $1', [current.order_id]);
  if (refunding) {
    try {
      await refundVisit(stripe, current);
    } catch (error) {
      await db.query('update orders set refund_pending = false where id = $1', [current.order_id]);
      throw error;
    }
  }
  await db.transaction(async (tx) => {
    const row = await findVisit(tx, id, true);
    // A second press that raced the first: the visit is already what the first made it.
    if (!allows(row.status, request.action)) {
      if (refunding) await tx.query('update orders set refund_pending = false where id = $1', [row.order_id]);
      return;
    }
    guard?.(row);
    const next = await nextState(tx, row, request);
    const { was, now } = changed(row, next);
    const sets = Object.keys(next).map((key, i) => `${key} = $${i + 2}`);
    // Lists (a done visit's checklist and filter sizes) are jsonb.
    await tx.query(`update visits set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, [
      id,
      ...Object.values(next).map((value) => (Array.isArray(value) ? JSON.stringify(value) : value)),
    ]);
    await recordVisitEvent(tx, id, actor, request.action, was, now);
    // What was refunded before this refund, as read before it: the provider's event for it may have
    // recorded it on the order since (refunds.ts), and the owner hears what this cancellation refunded.
    await tell(tx, row, next, request, refunding, current.refunded_cents ?? 0);
    if (customer) await noticeCustomerChange(tx, row, { ...row, ...next }, refunding ? (row.amount_cents ?? 0) : 0);
    if (request.action === 'done') {
      await noticeVisitDone(tx, { ...row, ...next });
      // The home's filter sizes, as last found, kept on the plan for its next visits.
      if (row.subscription_id && row.plan_visit_no !== null && next.filter_sizes?.length) {
        await tx.query('update subscriptions set filter_sizes = $2 where id = $1', [
          row.subscription_id,
          JSON.stringify(next.filter_sizes),
        ]);
      }
      // A plan visit done may let the plan's next one be made, dated from today (docs/product.md#plan-visits).
      if (row.subscription_id && row.plan_visit_no !== null) await syncPlanVisits(tx, row.subscription_id);
      await sendVisitReport(tx, id);
    }
  });
}

/**
 * A plan visit done: its report to the customer (docs/product.md#e-mails), once per visit, after the
 * plan's next visit may have been made so it can say when that is due.
 */
async function sendVisitReport(tx: Db, id: string): Promise<void> {
  const row = await findVisit(tx, id);
  const report = await planVisitReport(tx, row);
  if (!report || !row.customer_email) return;
  const facts = factsOf(row, {});
  await queueMail(tx, `visit-report:${row.id}`, 'visit-report', {
    to: row.customer_email,
    ...visitReportMail(facts, report),
  });
}

/** The fields an action sets. */
async function nextState(tx: Db, row: VisitRow, request: VisitActionRequest): Promise<Partial<VisitRow>> {
  switch (request.action) {
    case 'confirm':
    case 'reschedule': {
      const day = request.date ?? row.day;
      const window = request.window ?? row.time_window;
      if (!VISIT_WINDOWS[window]) throw new HttpError(400, 'window must be morning, afternoon or saturday');
      if (day !== row.day || window !== row.time_window) {
        await lockWindow(tx, day, window);
        await requireBookable(tx, day, window, row.id);
      }
      const time = request.start ? confirmedTime(window, request.start) : null;
      return {
        day,
        time_window: window,
        start_time: time?.start ?? null,
        end_time: time?.end ?? null,
        status: time ? 'confirmed' : 'requested',
        over_capacity: false,
        calendar_sequence: row.calendar_sequence + 1,
      };
    }
    case 'done':
      return {
        status: 'done',
        completion_note: request.note?.trim() || null,
        completed_at: now(),
        ...didOf(row, request),
      };
    case 'no-show':
      return { status: 'no-show' };
    case 'cancel':
      return { status: 'cancelled', calendar_sequence: row.calendar_sequence + 1 };
    case 'notes':
      return { tech_notes: request.techNotes.trim() };
  }
}

/**
 * What a plan visit did (docs/product.md#plan-visits): the checklist items ticked (each one of its
 * tier's, in the checklist's order), the filter sizes found and the detectors tested; 400 naming the
 * field for an item not on the checklist, or for any of them on a booking's visit.
 */
function didOf(
  row: VisitRow,
  request: Extract<VisitActionRequest, { action: 'done' }>,
): Pick<VisitRow, 'checklist' | 'filter_sizes' | 'detectors_tested'> {
  const { checklist = [], filterSizes = [], detectorsTested } = request;
  const tier = row.plan_visit_no !== null && isPlanType(row.service) ? row.service : null;
  if (!tier) {
    if (checklist.length || filterSizes.length || detectorsTested !== undefined) {
      throw new HttpError(400, 'checklist, filterSizes and detectorsTested are for plan visits only');
    }
    return { checklist: [], filter_sizes: [], detectors_tested: null };
  }
  const items = visitChecklist(tier);
  const unknown = checklist.find((item) => !items.includes(item));
  if (unknown !== undefined) throw new HttpError(400, `checklist: "${unknown}" is not on this plan's checklist`);
  return {
    checklist: items.filter((item) => checklist.includes(item)),
    filter_sizes: [...new Set(filterSizes)],
    detectors_tested: detectorsTested ?? null,
  };
}

/** Tells the customer (and, for a refund, the owner's feed) of the change, once per change. */
async function tell(
  tx: Db,
  row: VisitWithOrder,
  next: Partial<VisitRow>,
  request: VisitActionRequest,
  refunding: boolean,
  refundedBefore: number,
): Promise<void> {
  const to = row.customer_email;
  const facts = factsOf(row, next);
  if ((request.action === 'confirm' || request.action === 'reschedule') && to) {
    const moved = facts.date !== row.day || facts.window !== row.time_window;
    const kind = request.action === 'confirm' && !moved ? 'visit-confirmed' : 'visit-moved';
    const mail = kind === 'visit-confirmed' ? visitConfirmedMail(facts) : visitMovedMail(facts);
    await queueMail(tx, `${kind}:${row.id}:${facts.sequence}`, kind, { to, ...mail });
  }
  if (request.action !== 'cancel') return;
  // A refund refunds the whole booking: what was paid, whoever refunded part of it before.
  const total = refunding ? (row.amount_cents ?? 0) : null;
  if (to) {
    await queueMail(tx, `visit-cancelled:${row.id}`, 'visit-cancelled', {
      to,
      ...visitCancelledMail(facts, total, request.reason?.trim() ?? ''),
    });
  }
  if (total === null || row.order_id === null) return;
  await tx.query(
    `update orders set refunded_cents = $2, status = 'refunded', refund_pending = false, updated_at = now()
     where id = $1`,
    [row.order_id, total],
  );
  await queueOwnerEvent(tx, `order-refunded:${row.order_id}:${total}`, {
    event: 'order.refunded',
    visitId: row.id,
    orderNumber: row.order_number ?? '',
    customerName: row.customer_name ?? '',
    email: to,
    phone: row.phone,
    address: visitAddress(row),
    service: visitService(row),
    amount: formatCents(total - refundedBefore),
    amountCents: total - refundedBefore,
    refundedCents: total,
    full: true,
    reason: request.reason?.trim() ?? '',
    timestamp: new Date().toISOString(),
  });
}
