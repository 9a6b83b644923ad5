/**
 * Where and when a booked service is done (docs/product/services.md#visit-details): the service address,
 * inside the service area, a phone number, a preferred day within the next 21 days and a time
 * window the business works in that day, notes, and the texts' consent box
 * (docs/product/texts.md#consent). One schema for the booking card and the
 * payment function; the day rules need today's date in Springfield (lib/dates.ts) and the area
 * list, so the schema is made from both. Shared core: Node loads it directly from functions/, so relative
 * imports with the extension only.
 */
import * as z from 'zod/mini';
import { SITE } from '../../site.ts';
import { weekdayOf } from '../../lib/dates.ts';
import { BOOKING_DAYS_AHEAD, bookableDays, VISIT_WINDOWS, type VisitWindow } from '../visits/windows.ts';
import { FIELD_LIMITS, optionalText, requiredPhone, requiredText } from '../../lib/validation.ts';
import { OUTSIDE_AREA_MESSAGE, zipInArea, zipOf, type AreaList } from '../service-area/area.ts';

/** The message for a Sunday: the business opens on Sundays for emergencies only. */
export const SUNDAY_MESSAGE = `Sundays are for emergencies only: please call ${SITE.phone.display}`;

/** The ZIP field of an address that must lie in the area. */
/* @__NO_SIDE_EFFECTS__ */
export function areaZip(area: AreaList) {
  return z.pipe(
    requiredText('Please enter the ZIP code'),
    z.string().check(
      z.refine((zip) => zipOf(zip) !== null, { message: 'A ZIP code has five digits, e.g. 65804', abort: true }),
      z.refine((zip) => zipInArea(zip, area), OUTSIDE_AREA_MESSAGE),
    ),
  );
}

/** Whether a `YYYY-MM-DD` date is a Sunday. */
function isSunday(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && weekdayOf(date) === 0;
}

/**
 * The visit of a booking, checked against `area` and the days bookable from `today`: a message
 * per field, and the window checked against the day (Saturday has its own, Sunday none).
 */
/* @__NO_SIDE_EFFECTS__ */
export function visitSchema(area: AreaList, today: string) {
  const days = new Map(bookableDays(today).map((day) => [day.date, day.windows]));
  return z
    .object({
      street: requiredText('Please enter the street address'),
      city: requiredText('Please enter the city'),
      zip: areaZip(area),
      phone: requiredPhone('Please enter your phone number'),
      date: z.string('Please choose a day').check(
        z.refine((date) => date !== '', { message: 'Please choose a day', abort: true }),
        z.refine((date) => !isSunday(date), { message: SUNDAY_MESSAGE, abort: true }),
        z.refine((date) => days.has(date), `Please choose a day in the next ${BOOKING_DAYS_AHEAD} days`),
      ),
      window: z.enum(Object.keys(VISIT_WINDOWS) as [VisitWindow, ...VisitWindow[]], 'Please choose a time window'),
      notes: optionalText(FIELD_LIMITS.instructions, 'Notes must be text', 'the notes'),
      // The consent box under the phone (docs/product/texts.md#consent): ticked or not; missing is not.
      textConsent: z.optional(z.boolean('textConsent must be true or false')),
    })
    .check(
      z.refine((visit) => !days.has(visit.date) || (days.get(visit.date) ?? []).includes(visit.window), {
        message: 'Please choose a window open that day: mornings or afternoons on weekdays, 9 AM-4 PM on Saturdays',
        path: ['window'],
      }),
    );
}

/** A visit as the booking card holds it before validation. */
export interface VisitInput {
  street: string;
  city: string;
  zip: string;
  phone: string;
  date: string;
  window: string;
  notes: string;
  /** The consent box, ticked or not (missing: not ticked). */
  textConsent?: boolean;
}

/** A visit that passed validation. */
export type Visit = z.output<ReturnType<typeof visitSchema>>;

/** A blank visit: nothing typed or chosen. */
export const EMPTY_VISIT: VisitInput = { street: '', city: '', zip: '', phone: '', date: '', window: '', notes: '' };

/** Field name to its first message, for showing beside each field (none when valid). */
export function visitErrors(input: unknown, area: AreaList, today: string): Partial<Record<keyof VisitInput, string>> {
  const result = visitSchema(area, today).safeParse(input);
  const errors: Partial<Record<keyof VisitInput, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof VisitInput | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
