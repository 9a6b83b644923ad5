/** The booking card's closed days and full windows (docs/product/visits.md#capacity-and-closed-days). */
import { describe, expect, test } from 'vitest';
import { availabilityErrors, availabilityOf, dayUnavailable, windowFull } from '@/features/booking/availability';

const AVAILABILITY = availabilityOf({
  capacity: 3,
  texts: false,
  days: [
    {
      date: '2026-12-01',
      closed: null,
      windows: { morning: { booked: 3, full: true }, afternoon: { booked: 1, full: false } },
    },
    {
      date: '2026-12-02',
      closed: null,
      windows: { morning: { booked: 3, full: true }, afternoon: { booked: 3, full: true } },
    },
    {
      date: '2026-12-24',
      closed: 'Christmas Eve',
      windows: { morning: { booked: 0, full: false }, afternoon: { booked: 0, full: false } },
    },
  ],
});
const day = (date: string) => ({ date, label: date, windows: ['morning', 'afternoon'] as const });

describe('availability on the booking card', () => {
  test('a closed day and a day with every window full are unavailable', () => {
    expect(dayUnavailable(AVAILABILITY, day('2026-12-24'))).toBe('Closed: Christmas Eve');
    expect(dayUnavailable(AVAILABILITY, day('2026-12-02'))).toBe('Full');
    expect(dayUnavailable(AVAILABILITY, day('2026-12-01'))).toBeNull();
    expect(dayUnavailable(new Map(), day('2026-12-24'))).toBeNull();
  });

  test('a full window, and the messages for a choice that cannot be booked', () => {
    expect(windowFull(AVAILABILITY, '2026-12-01', 'morning')).toBe(true);
    expect(windowFull(AVAILABILITY, '2026-12-01', 'afternoon')).toBe(false);
    expect(availabilityErrors({ date: '2026-12-01', window: 'morning' }, AVAILABILITY)).toEqual({
      window: 'That window is full. Please choose another day or window.',
    });
    expect(availabilityErrors({ date: '2026-12-24', window: 'morning' }, AVAILABILITY)).toEqual({
      date: 'We are closed on Thursday, December 24, 2026 (Christmas Eve). Please choose another day.',
    });
    expect(availabilityErrors({ date: '2026-12-01', window: 'afternoon' }, AVAILABILITY)).toEqual({});
  });
});
