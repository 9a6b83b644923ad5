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

/** Noon UTC of a `YYYY-MM-DD` day: the same day in every time zone the site writes dates in. */
function noonOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
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
