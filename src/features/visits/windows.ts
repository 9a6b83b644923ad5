/**
 * When and where a visit can be (docs/product/services.md#visit-details): the time windows of each day, the
 * days a visit can be asked for, and a visit's time and address in words. What the booking card,
 * the customer's changes, the plan visits, the e-mails and the owner's desk share; the desk loads
 * no schema to draw a day. Shared core: relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { addDays, formatDay, weekdayOf } from '../../lib/dates.ts';

/** The time windows a visit can be asked for. */
export const VISIT_WINDOWS = {
  morning: { label: 'Morning (8 AM-12 PM)', phrase: 'morning (8 AM-12 PM)', start: '08:00', end: '12:00' },
  afternoon: { label: 'Afternoon (12-6 PM)', phrase: 'afternoon (12-6 PM)', start: '12:00', end: '18:00' },
  saturday: { label: 'Saturday (9 AM-4 PM)', phrase: '9 AM-4 PM', start: '09:00', end: '16:00' },
} as const;
/** A time window's key. */
export type VisitWindow = keyof typeof VISIT_WINDOWS;

/** The windows of a date: none on Sunday, Saturday's one window, else morning and afternoon. */
export function windowsOn(date: string): readonly VisitWindow[] {
  const weekday = weekdayOf(date);
  if (weekday === 0) return [];
  return weekday === 6 ? ['saturday'] : ['morning', 'afternoon'];
}

/** "12 Elm St, Nixa, MO 65714". */
export function visitAddress(visit: { street: string; city: string; zip: string }): string {
  return `${visit.street}, ${visit.city}, ${SITE.area.region} ${visit.zip}`;
}

/** How many days ahead a visit can be asked for, counting from tomorrow. */
export const BOOKING_DAYS_AHEAD = 21;

/** One day a visit can be asked for, with its windows. */
export interface BookableDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** "Tue, Dec 1". */
  label: string;
  windows: readonly VisitWindow[];
}

/** The days a visit can be asked for: tomorrow through 21 days ahead, Sundays left out. */
export function bookableDays(today: string): BookableDay[] {
  const days: BookableDay[] = [];
  for (let ahead = 1; ahead <= BOOKING_DAYS_AHEAD; ahead++) {
    const date = addDays(today, ahead);
    const windows = windowsOn(date);
    if (windows.length > 0) days.push({ date, label: formatDay(date, 'short'), windows });
  }
  return days;
}

/** "Tuesday, December 1, 2026, morning (8 AM-12 PM)"; "Saturday, December 5, 2026, 9 AM-4 PM". */
export function describeVisitTime(date: string, window: VisitWindow): string {
  return `${formatDay(date)}, ${VISIT_WINDOWS[window].phrase}`;
}

/**
 * Why a visit cannot be on `date` in `window`, or null: a day before `earliest` (the owner's moves:
 * today), or a window the day does not have (none on Sundays). The day and window check shared by
 * the owner's moves and the customer's (docs/product/desk.md#owner-api); capacity and closed days
 * are counted on the server after it.
 */
export function windowProblem(date: string, window: VisitWindow, earliest: string): string | null {
  if (date < earliest) return `date: ${formatDay(date)} has passed: choose today or a later day`;
  if (!windowsOn(date).includes(window))
    return `window: ${VISIT_WINDOWS[window].label} is not open on ${formatDay(date)}`;
  return null;
}
