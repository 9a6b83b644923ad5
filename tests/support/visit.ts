/**
 * A valid visit for a booking request (docs/product.md#visit-details): a Springfield address inside
 * the service area, on the first weekday morning bookable from today that is not a holiday
 * (docs/product.md#capacity-and-closed-days). For the suites that call
 * /api/create-payment-checkout directly.
 */
import { bookableDays, type BookableDay, type Visit } from '../../src/features/booking/visit.ts';
import { holidayOn } from '../../src/features/visits/closed-days.server.ts';
import { businessToday } from '../../src/lib/dates.ts';

/** The weekdays with a morning bookable from today, holidays left out, soonest first. */
export function bookableWeekdays(): BookableDay[] {
  return bookableDays(businessToday()).filter((d) => d.windows.includes('morning') && !holidayOn(d.date));
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
