/**
 * The air filter reminder: its default date (docs/product/tools.md#reminder: 90 days ahead) and an
 * iCalendar event. The reader's own reminder, so "today" is the reader's local day.
 */
import { addDays } from '@/lib/dates';

export const DEFAULT_REMINDER_DAYS = 90;

/** `YYYY-MM-DD` for a date in local time, as <input type="date"> uses it. */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The reminder date a picker starts on: 90 days after `today`. */
export function defaultReminderDate(today: Date): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + DEFAULT_REMINDER_DAYS);
  return toDateInputValue(date);
}

/** Escapes text for an iCalendar TEXT value (RFC 5545 §3.3.11). */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * An all-day iCalendar event on `date` (`YYYY-MM-DD`) with a reminder at 9 AM that day.
 * `now` and `uid` are passed in so the output is reproducible.
 */
export function reminderIcs(options: {
  date: string;
  title: string;
  description: string;
  url: string;
  now: Date;
  uid: string;
}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date) || Number.isNaN(Date.parse(options.date))) {
    throw new RangeError('date must be YYYY-MM-DD');
  }
  const day = options.date.replace(/-/g, '');
  const end = addDays(options.date, 1).replace(/-/g, '');
  const stamp = options.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Springfield Home Maintenance//Filter Reminder//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${options.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${day}`,
    `DTEND;VALUE=DATE:${end}`,
    `SUMMARY:${escapeText(options.title)}`,
    `DESCRIPTION:${escapeText(options.description)}`,
    `URL:${options.url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(options.title)}`,
    'TRIGGER;RELATED=START:PT9H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
