/**
 * A valid visit for a booking request (docs/product/services.md#visit-details): a Springfield address inside
 * the service area, on the first weekday morning bookable from the day after tomorrow that is not a
 * holiday (docs/product/visits.md#capacity-and-closed-days). For the suites that call
 * /api/create-payment-checkout directly.
 */
import { type Visit } from '../../src/features/booking/visit.ts';
import { bookableDays, type BookableDay } from '../../src/features/visits/windows.ts';
import { holidayOn } from '../../src/features/visits/closed-days.server.ts';
import { addDays, businessToday } from '../../src/lib/dates.ts';

/**
 * The weekdays with a morning bookable, holidays left out, soonest first, from the day after
 * tomorrow: a suite computes them once, and a run that crosses midnight in Springfield would find
 * tomorrow become today, no longer bookable.
 */
export function bookableWeekdays(): BookableDay[] {
  const today = businessToday();
  return bookableDays(today).filter(
    (d) => d.date >= addDays(today, 2) && d.windows.includes('morning') && !holidayOn(d.date),
  );
}

/** The visit a test booking carries. */
export function bookingVisit(): Visit {
  const day = bookableWeekdays()[0];
  if (!day) throw new Error('No weekday ahead');
  return {
    street: '1 Test Street',
    city: 'Springfield',
    zip: '65804',
    phone: '(417) 555-0100',
    date: day.date,
    window: 'morning',
    notes: '',
  };
}
