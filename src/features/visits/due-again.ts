/**
 * When a one-off service is due again (docs/product/due-again.md#when-a-service-is-due-again): the
 * interval of each service, counted from the day its visit was done, and when the reminder and the
 * follow-up go (docs/product/due-again.md#the-reminder-and-the-follow-up). The air filter's is the
 * schedule calculator's interval for the grade bought (its filter type's base days for a household
 * of 1-2, no pets, no allergies). Pure. Shared core: relative imports with the extension only.
 */
import { FILTERS, type FilterFacts, type FilterId } from '../filters/catalogue.ts';
import { addDays } from '../../lib/dates.ts';

/** The calculator's filter type for each air filter grade sold (docs/product/services.md#one-time-services). */
const GRADE_FILTER: Readonly<Record<string, FilterId>> = {
  standard: 'fiberglass',
  premium: 'pleated',
  super_premium: 'high_efficiency',
  // MERV 13-16: the calculator's nearest type.
  ultra_premium: 'high_efficiency',
};

/** Days until a service is due again; none for a service that does not repeat. */
const SERVICE_DAYS: Readonly<Record<string, number | 'by filter grade'>> = {
  'air-filter-replacement': 'by filter grade',
  'refrigerator-filters': 182,
  'smoke-detector-batteries': 365,
  'dryer-vent-cleaning': 365,
};

/** The days after which a visit of `service` with `options` is due again, or null when it does not repeat. */
export function dueAgainDays(service: string, options: Record<string, unknown>): number | null {
  const rule = SERVICE_DAYS[service];
  if (rule === undefined) return null;
  if (typeof rule === 'number') return rule;
  const grade = typeof options['filterQuality'] === 'string' ? options['filterQuality'] : 'standard';
  const filter = GRADE_FILTER[grade] ?? GRADE_FILTER['standard']!;
  const facts: FilterFacts = FILTERS[filter];
  return facts.baseDays ?? null;
}

/** The day a visit done on `doneDay` (`YYYY-MM-DD`) is due again, or null. */
export function dueAgainDay(service: string, options: Record<string, unknown>, doneDay: string): string | null {
  const days = dueAgainDays(service, options);
  return days === null ? null : addDays(doneDay, days);
}

/** The reminder goes this many days before the due day, at this Springfield time. */
export const REMINDER_DAYS_BEFORE = 7;
export const REMINDER_TIME = '10:00';
/** A schedule that runs late still sends a reminder this many days after its time. */
export const REMINDER_LATEST_DAYS = 7;
/** The one follow-up goes this many days after the reminder, if nothing was booked. */
export const FOLLOW_UP_AFTER_DAYS = 14;
/** A Book again link works this many days after the due day. */
export const BOOK_AGAIN_LINK_DAYS = 60;
/** The desk's Due list: due within this many days, or overdue (docs/product/due-again.md#the-owners-list). */
export const DUE_WITHIN_DEFAULT = 30;
export const DUE_WITHIN_MAX = 365;
