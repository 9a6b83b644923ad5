/**
 * Dates as the business keeps them, on the server and in the browser alike: "today" and every
 * instant written for a customer are in Springfield's time zone (BUSINESS_TIME_ZONE), never the
 * runtime's; a calendar day (`YYYY-MM-DD`: a visit's day, a content date) is written as that day,
 * whatever the zone. Shared core: Node loads it directly from functions/, so relative imports with
 * the extension only.
 */

/** The time zone of the business, Springfield's: "today", the visit windows and every date written. */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

/** Today's date in Springfield, `YYYY-MM-DD`. */
export function businessToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** The years a day the site is given may fall in: older or later ones are typing mistakes, and beyond 9999 a date stops being `YYYY-MM-DD`. */
export const DAY_YEARS = { min: 1900, max: 9999 } as const;

/**
 * Why `value` is not a calendar day the site takes, in words after the field's name, or null when
 * it is one: `YYYY-MM-DD`, a day that exists (it round-trips: no February 30) in years 1900-9999.
 * A year of more digits (99999-01-01) is refused for its year, before any Date is made of it.
 * The one parser of every date a form, a query or a body gives (docs/product/messages.md#validation).
 */
export function dayProblem(name: string, value: string): string | null {
  const parts = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return `${name} must be YYYY-MM-DD`;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < DAY_YEARS.min || year > DAY_YEARS.max) {
    return `${name}: the year must be from ${DAY_YEARS.min} to ${DAY_YEARS.max}`;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? null : `${name}: ${value} is not a day of the calendar`;
}

/** Whether `value` is a calendar day the site takes (dayProblem finds nothing). */
export function isCalendarDay(value: string): boolean {
  return dayProblem('day', value) === null;
}

/** Noon UTC of a `YYYY-MM-DD` day: the same day in every time zone the site writes dates in. */
function noonOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/**
 * Whole days from `from` to `to` (both days dayProblem takes; negative when `to` is earlier). A
 * range is measured with it rather than by comparing `addDays(from, n)` with `to`: past 9999-12-31
 * that day is no longer `YYYY-MM-DD`, and the comparison of strings goes wrong.
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((noonOf(to).getTime() - noonOf(from).getTime()) / 86_400_000);
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const day = noonOf(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The day of the week of a `YYYY-MM-DD` day: 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: string): number {
  return noonOf(date).getUTCDay();
}

/** "Tuesday, December 1, 2026" (long) or "Tue, Dec 1" (short) for a `YYYY-MM-DD` day. */
export function formatDay(date: string, style: 'long' | 'short' = 'long'): string {
  return noonOf(date).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    ...(style === 'long'
      ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
      : { weekday: 'short', month: 'short', day: 'numeric' }),
  });
}

/** "May 1, 2026" for a content date (a day, stored as midnight UTC). */
export function formatContentDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * "Tuesday, December 1, 2026" for an instant, as the day it is in Springfield; "December 1, 2026"
 * without the weekday.
 */
export function longDate(instant: Date, { weekday = true }: { weekday?: boolean } = {}): string {
  return instant.toLocaleDateString('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    ...(weekday ? { weekday: 'long' } : {}),
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "9:30 AM" for a Springfield wall-clock time `HH:MM`. */
export function formatClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** An instant as the account page writes it ("March 4, 2025", the day in Springfield), or 'Not yet' when there is none. */
export function accountDate(iso: string | null | undefined): string {
  return iso ? longDate(new Date(iso), { weekday: false }) : 'Not yet';
}

/** The UTC instant of a wall-clock time (`HH:MM`) in Springfield on a `YYYY-MM-DD` day. */
export function businessTimeToUtc(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
  );
  return new Date(guess.getTime() - (shown - guess.getTime()));
}
