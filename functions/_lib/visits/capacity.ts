/**
 * The places a window takes and the days that take none (docs/product/visits.md#capacity-and-closed-days):
 * what the checkout, the booking card, the customer's and the owner's moves and the plan visits are
 * held to, counted under a lock per window so two payments for its last place are counted one
 * after the other.
 */
import { holidaysBetween } from '../../../src/features/visits/closed-days.server.ts';
import {
  DEFAULT_VISITS_PER_WINDOW,
  isVisitsPerWindow,
  closedDayMessage,
  WINDOW_FULL_MESSAGE,
} from '../../../src/features/visits/capacity.ts';
import type { VisitWindow } from '../../../src/features/visits/windows.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { holdsPlaceSql } from './store.ts';

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
     where day >= $1 and day <= $2 and ${holdsPlaceSql()} group by day, time_window`,
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
     where day = $1 and time_window = $2 and ${holdsPlaceSql()} and id is distinct from $3`,
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
