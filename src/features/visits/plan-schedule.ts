/**
 * The schedule of a plan's visits (docs/product/visits.md#plan-visits): how many visits the months paid
 * buy, when the next one may be made and when it is due, and the day and window asked for from the
 * subscriber's preferred time. Framework-free; the functions make the records from it. Shared core:
 * relative imports with the extension only.
 */
import { addDays } from '../../lib/dates.ts';

/** The first visit is due this many days after the plan started. */
export const FIRST_VISIT_DAYS = 7;

/** Each next visit is due this many months after the previous one. */
export const MONTHS_BETWEEN_VISITS = 3;

/** A day is looked for this many days past the due date, when none is free before it. */
export const DAYS_PAST_DUE = 21;

/** The average month in seconds (365.2425 days / 12), to count a paid period's months. */
const MONTH_SECONDS = (365.2425 / 12) * 86_400;

/** The whole months a paid period covers (1, 3 or 12 for the plan's periods; 0 for a sliver). */
export function monthsOf(period: { start: number; end: number }): number {
  return Math.max(0, Math.round((period.end - period.start) / MONTH_SECONDS));
}

/** The visits `paidMonths` months buy: one per three months, the first with the first month. */
export function visitsOwed(paidMonths: number): number {
  return paidMonths <= 0 ? 0 : Math.ceil(paidMonths / MONTHS_BETWEEN_VISITS);
}

/** `date` (`YYYY-MM-DD`) `months` months later, on the month's last day when it has no such day. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  const y = String(Math.floor(index / 12)).padStart(4, '0');
  const m = String((index % 12) + 1).padStart(2, '0');
  return `${y}-${m}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** A plan's previous visit, as its schedule reads it. */
export interface PreviousPlanVisit {
  status: 'requested' | 'confirmed' | 'done' | 'no-show' | 'cancelled';
  /** Its due date, `YYYY-MM-DD`. */
  due: string;
  /** The day it was done (Springfield), or null. */
  doneOn: string | null;
}

/**
 * Whether the next visit may be made today: the first at once; then once the previous one is done,
 * a no-show or cancelled, or its due date has come (so an annual year's visits come one quarter at
 * a time).
 */
export function mayMakeNext(previous: PreviousPlanVisit | null, today: string): boolean {
  if (!previous) return true;
  if (previous.status === 'requested' || previous.status === 'confirmed') return today >= previous.due;
  return true;
}

/**
 * The next visit's due date: 7 days after the plan started for the first; then 3 months after the
 * day the previous one was done, or after its due date when it was not done.
 */
export function nextDueDate(startedOn: string, previous: PreviousPlanVisit | null): string {
  if (!previous) return addDays(startedOn, FIRST_VISIT_DAYS);
  const from = previous.status === 'done' && previous.doneOn ? previous.doneOn : previous.due;
  return addMonths(from, MONTHS_BETWEEN_VISITS);
}

/** The window a preferred time ('', weekdays, evenings, weekends) asks for: evenings the afternoon (our latest), weekends Saturday, else the morning. */
export function windowFor(preferred: string): 'morning' | 'afternoon' | 'saturday' {
  if (preferred === 'evenings') return 'afternoon';
  if (preferred === 'weekends') return 'saturday';
  return 'morning';
}

/** What a day offers the window asked for: a place, only full places, or nothing (closed, no such window). */
export type DayFit = 'free' | 'full' | 'closed';

/**
 * The day to ask for: the latest day from tomorrow to the due date with a place in the window, else
 * the first one after it (within 21 days); when every open day is full, the first open one in that
 * same order, flagged over capacity; with no open day at all, the due date itself, flagged.
 */
export function proposeDay(
  due: string,
  today: string,
  fit: (day: string) => DayFit,
): { day: string; overCapacity: boolean } {
  const first = addDays(today, 1);
  const candidates: string[] = [];
  for (let day = due >= first ? due : first; day >= first; day = addDays(day, -1)) candidates.push(day);
  const after = due >= first ? addDays(due, 1) : addDays(first, 1);
  for (let ahead = 0; ahead < DAYS_PAST_DUE; ahead++) candidates.push(addDays(after, ahead));
  const fits = candidates.map((day) => ({ day, fit: fit(day) }));
  const free = fits.find((c) => c.fit === 'free');
  if (free) return { day: free.day, overCapacity: false };
  const open = fits.find((c) => c.fit === 'full');
  return { day: open?.day ?? (due >= first ? due : first), overCapacity: true };
}
