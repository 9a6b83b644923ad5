/**
 * The days the business takes no visits (docs/product/visits.md#capacity-and-closed-days): the US federal
 * holidays and their observed days, the day after Thanksgiving and Christmas Eve, from the
 * `date-holidays` library; the owner's own closed days are added by the caller. Server only: the
 * holiday data is large, so the browser learns closed days from /api/availability.
 */
import Holidays from 'date-holidays';
import { addDays } from '../../lib/dates.ts';

/** The holidays beyond the federal ones that close the business, by the library's English names. */
const ALSO_CLOSED: ReadonlySet<string> = new Set(['Day after Thanksgiving Day', 'Christmas Eve']);

let holidays: Holidays | undefined;

/** The holidays of `year`, as `YYYY-MM-DD` to their name. */
function holidaysOf(year: number): Map<string, string> {
  holidays ??= new Holidays('US');
  const days = new Map<string, string>();
  for (const holiday of holidays.getHolidays(year, 'en-us')) {
    if (holiday.type !== 'public' && !ALSO_CLOSED.has(holiday.name)) continue;
    const date = holiday.date.slice(0, 10);
    if (!days.has(date)) days.set(date, holiday.name);
  }
  return days;
}

/** The holidays that close the business from `from` to `to` (`YYYY-MM-DD`, both included), by date. */
export function holidaysBetween(from: string, to: string): Map<string, string> {
  const closed = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [date, name] of holidaysOf(year)) if (date >= from && date <= to) closed.set(date, name);
  }
  return closed;
}

/** The holiday that closes `date`, or null. */
export function holidayOn(date: string): string | null {
  return holidaysBetween(date, date).get(date) ?? null;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}
