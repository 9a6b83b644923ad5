/**
 * Visits as records (docs/product.md#visits): made from a paid booking inside the payment's
 * transaction, counted against the window's capacity under a lock, and every change written to the
 * visit's history. The closed days and the capacity the checkout and the booking card are held to
 * (docs/product.md#capacity-and-closed-days).
 */
import { holidaysBetween } from '../../src/features/visits/closed-days.server.ts';
import {
  DEFAULT_VISITS_PER_WINDOW,
  isVisitsPerWindow,
  closedDayMessage,
  WINDOW_FULL_MESSAGE,
} from '../../src/features/visits/capacity.ts';
import type { VisitStatus } from '../../src/features/visits/visit-status.ts';
import type { Visit, VisitWindow } from '../../src/features/booking/visit.ts';
import type { Db } from './db.ts';
import { HttpError } from './http-error.ts';

/** A visit as the visits table holds it. */
export interface VisitRow {
  id: string;
  order_id: number | null;
  subscription_id: string | null;
  user_id: string;
  customer_name: string | null;
  customer_email: string;
  phone: string;
  street: string;
  city: string;
  zip: string;
  service: string;
  options: Record<string, unknown>;
  day: string;
  time_window: VisitWindow;
  start_time: string | null;
  end_time: string | null;
  status: VisitStatus;
  notes: string;
  tech_notes: string;
  completion_note: string | null;
  completed_at: Date | null;
  over_capacity: boolean;
  calendar_sequence: number;
  /** A plan visit's number in its plan and due date (docs/product.md#plan-visits); null for a booking's. */
  plan_visit_no: number | null;
  due_date: string | null;
  /** What the visit did, once done (docs/product.md#plan-visits). */
  checklist: string[];
  filter_sizes: string[];
  detectors_tested: number | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a visit, for `select`. */
export const VISIT_COLUMNS =
  'v.id, v.order_id, v.subscription_id, v.user_id, v.customer_name, v.customer_email, v.phone, v.street, v.city, ' +
  'v.zip, v.service, v.options, v.day, v.time_window, v.start_time, v.end_time, v.status, v.notes, v.tech_notes, ' +
  'v.completion_note, v.completed_at, v.over_capacity, v.calendar_sequence, v.plan_visit_no, v.due_date, v.checklist, ' +
  'v.filter_sizes, v.detectors_tested, v.created_at, ' +
  'v.updated_at';

/** The setting's key in owner_settings. */
const VISITS_PER_WINDOW_KEY = 'visits_per_window';

/** VISITS_PER_WINDOW, when set to an allowed number (config-check.ts refuses another at start). */
function configuredVisitsPerWindow(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env['VISITS_PER_WINDOW'];
  if (!raw) return null;
  const value = Number(raw);
  return isVisitsPerWindow(value) ? value : null;
}

/** Visits a window takes: the owner's setting, else VISITS_PER_WINDOW, else 3. */
export async function visitsPerWindow(db: Db): Promise<number> {
  const [row] = await db.query<{ value: unknown }>('select value from owner_settings where key = $1', [
    VISITS_PER_WINDOW_KEY,
  ]);
  if (isVisitsPerWindow(row?.value)) return row.value;
  return configuredVisitsPerWindow() ?? DEFAULT_VISITS_PER_WINDOW;
}

/** Sets the visits a window takes (the owner's desk). */
export async function setVisitsPerWindow(db: Db, value: number): Promise<void> {
  await db.query(
    `insert into owner_settings (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [VISITS_PER_WINDOW_KEY, JSON.stringify(value)],
  );
}

/** The closed days from `from` to `to`: the holidays, then the owner's, by date, with their reason and source. */
export async function closedDays(
  db: Db,
  from: string,
  to: string,
): Promise<Map<string, { reason: string; source: 'holiday' | 'owner' }>> {
  const closed = new Map<string, { reason: string; source: 'holiday' | 'owner' }>();
  for (const [date, name] of holidaysBetween(from, to)) closed.set(date, { reason: name, source: 'holiday' });
  const owned = await db.query<{ day: string; reason: string }>(
    'select day, reason from closed_days where day >= $1 and day <= $2',
    [from, to],
  );
  for (const { day, reason } of owned) if (!closed.has(day)) closed.set(day, { reason, source: 'owner' });
  return closed;
}

/** The visits holding a place (requested or confirmed), by `day window`, from `from` to `to`. */
export async function placesTaken(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.query<{ day: string; time_window: string; taken: number }>(
    `select day, time_window, count(*)::int as taken from visits
     where day >= $1 and day <= $2 and status in ('requested', 'confirmed') group by day, time_window`,
    [from, to],
  );
  return new Map(rows.map((row) => [`${row.day} ${row.time_window}`, row.taken]));
}

/**
 * Why a visit cannot be booked for `day` and `window` (closed, or full), or null. `except` leaves
 * one visit out of the count (the one being moved).
 */
export async function bookingProblem(
  db: Db,
  day: string,
  window: VisitWindow,
  except: string | null = null,
): Promise<string | null> {
  const closed = (await closedDays(db, day, day)).get(day);
  if (closed) return closedDayMessage(day, closed.reason);
  const [row] = await db.query<{ taken: number }>(
    `select count(*)::int as taken from visits
     where day = $1 and time_window = $2 and status in ('requested', 'confirmed') and id is distinct from $3`,
    [day, window, except],
  );
  return (row?.taken ?? 0) >= (await visitsPerWindow(db)) ? WINDOW_FULL_MESSAGE : null;
}

/** Refuses a day and window a visit cannot take: 409 with the customer's message. */
export async function requireBookable(db: Db, day: string, window: VisitWindow, except: string | null = null) {
  const problem = await bookingProblem(db, day, window, except);
  if (problem) throw new HttpError(409, problem);
}

/**
 * Holds the window for the rest of the transaction, so two payments for its last place are counted
 * one after the other (PostgreSQL's transaction-level advisory lock; PGlite runs one transaction at
 * a time anyway).
 */
export async function lockWindow(tx: Db, day: string, window: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`visit-window ${day} ${window}`]);
}

/** Writes one change to a visit's history. */
export async function recordVisitEvent(
  tx: Db,
  visitId: string,
  actor: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await tx.query(
    'insert into visit_events (visit_id, actor, action, before, after) values ($1, $2, $3, $4::jsonb, $5::jsonb)',
    [visitId, actor, action, before ? JSON.stringify(before) : null, after ? JSON.stringify(after) : null],
  );
}

/**
 * The visit of a paid booking, made once (per order) in the payment's transaction: requested for
 * the day and window asked for, flagged over capacity when the window filled meanwhile, never
 * refused: the customer has paid. Null when the order is not a paid booking with a visit.
 */
export async function createBookingVisit(tx: Db, sessionId: string): Promise<VisitRow | null> {
  const [order] = await tx.query<{
    id: number;
    user_id: string;
    item: string;
    options: Record<string, unknown>;
    visit: Visit | null;
    customer_name: string | null;
    email: string | null;
  }>(
    `select o.id, o.user_id, o.item, o.options, o.visit, o.customer_name, coalesce(o.customer_email, c.email) as email
     from orders o left join customers c on c.user_id = o.user_id
     where o.checkout_session_id = $1 and o.kind = 'service' and o.status = 'paid'`,
    [sessionId],
  );
  const visit = order?.visit;
  if (!order || !visit) return null;
  await lockWindow(tx, visit.date, visit.window);
  const [existing] = await tx.query<VisitRow>(`select ${VISIT_COLUMNS} from visits v where v.order_id = $1`, [
    order.id,
  ]);
  if (existing) return existing;
  const full = (await bookingProblem(tx, visit.date, visit.window)) !== null;
  const [created] = await tx.query<VisitRow>(
    `insert into visits as v (order_id, user_id, customer_name, customer_email, phone, street, city, zip, service,
                           options, day, time_window, notes, over_capacity)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14)
     returning ${VISIT_COLUMNS}`,
    [
      order.id,
      order.user_id,
      order.customer_name,
      order.email ?? '',
      visit.phone,
      visit.street,
      visit.city,
      visit.zip,
      order.item,
      JSON.stringify(order.options),
      visit.date,
      visit.window,
      visit.notes,
      full,
    ],
  );
  if (!created) throw new Error(`The visit of order ${order.id} was not stored`);
  await recordVisitEvent(tx, created.id, 'site', 'created', null, {
    status: created.status,
    day: created.day,
    window: created.time_window,
    ...(full ? { overCapacity: true } : {}),
  });
  return created;
}
