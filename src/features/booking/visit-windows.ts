/**
 * A visit's time windows and its address in words (docs/product.md#visit-details): what the
 * booking card, the e-mails and the owner's desk show of a visit, apart from the booking schema
 * (visit.ts, which re-exports them) so the desk loads no schema to draw a day. Shared core:
 * relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { weekdayOf } from '../../lib/dates.ts';

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
