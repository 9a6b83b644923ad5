/**
 * Quiet hours (docs/product/texts.md#quiet-hours): nothing but 'On my way' and the answers to a
 * keyword is sent between 9 PM and 8 AM Springfield time; a text made then waits until 8 AM.
 * Pure, and shared core: relative imports with the extension only.
 */
import { addDays, BUSINESS_TIME_ZONE, businessTimeToUtc, businessToday } from '../../lib/dates.ts';

/** Quiet hours start at 9 PM and end at 8 AM, Springfield time (hours of the 24-hour clock). */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

/** The hour of the day (0-23) in Springfield at `now`. */
function businessHour(now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23', hour: '2-digit' })
    .formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour);
}

/** Whether `now` falls in quiet hours: from 9:00 PM to 7:59 AM in Springfield. */
export function isQuietHours(now: Date): boolean {
  const hour = businessHour(now);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/**
 * When a text made at `now` may be sent: at once, or in quiet hours the next 8:00 AM in
 * Springfield (the same night's morning, whichever side of midnight `now` is on; daylight saving
 * time included).
 */
export function textSendAt(now: Date): Date {
  if (!isQuietHours(now)) return now;
  const today = businessToday(now);
  const day = businessHour(now) >= QUIET_HOURS.from ? addDays(today, 1) : today;
  return businessTimeToUtc(day, `${String(QUIET_HOURS.until).padStart(2, '0')}:00`);
}
