import { describe, expect, test } from 'vitest';
import { availabilityOf } from '@/features/booking/availability';
import { testVisit } from '@/features/owner/webhook-test';

// Wednesday 2026-11-25: the first bookable day is Thursday 26, Thanksgiving, which the server refuses.
const TODAY = '2026-11-25';
const open = (date: string) => ({
  date,
  closed: null,
  windows: { morning: { booked: 0, full: false }, afternoon: { booked: 0, full: false } },
});

describe('the webhook test visit (docs/product/checkout.md#webhook-test-page)', () => {
  test('without availability, the first bookable day and its first window', () => {
    expect(testVisit(TODAY)).toMatchObject({ date: '2026-11-26', window: 'morning' });
  });

  test('a closed day is passed over, then a full window', () => {
    const availability = availabilityOf({
      capacity: 3,
      texts: false,
      days: [
        { date: '2026-11-26', closed: 'Thanksgiving Day', windows: {} },
        {
          ...open('2026-11-27'),
          windows: { morning: { booked: 3, full: true }, afternoon: { booked: 1, full: false } },
        },
      ],
    });
    expect(testVisit(TODAY, availability)).toMatchObject({
      date: '2026-11-27',
      window: 'afternoon',
      notes: 'Webhook test order: no visit needed.',
    });
  });

  test('a day with every window full is passed over for the next open one', () => {
    const full = { booked: 3, full: true };
    const availability = availabilityOf({
      capacity: 3,
      texts: false,
      days: [{ date: '2026-11-26', closed: null, windows: { morning: full, afternoon: full } }, open('2026-11-27')],
    });
    expect(testVisit(TODAY, availability)).toMatchObject({ date: '2026-11-27', window: 'morning' });
  });
});
