import { describe, expect, test } from 'vitest';
import { reminderDay } from '../../../../../functions/_lib/notices/visit-reminders.ts';

describe('when the reminders go (docs/product/emails.md#visit-reminder)', () => {
  test("from 5 PM Springfield time until midnight, for the next day's visits", () => {
    // Monday, November 30, 2026 in Springfield (CST, UTC-6): 5 PM is 23:00 UTC.
    expect(reminderDay(new Date('2026-11-30T22:59:59.999Z'))).toBeNull();
    expect(reminderDay(new Date('2026-11-30T23:00:00.000Z'))).toBe('2026-12-01');
    expect(reminderDay(new Date('2026-12-01T05:59:59.999Z'))).toBe('2026-12-01');
    // Midnight: the new day, whose reminders wait for its own 5 PM.
    expect(reminderDay(new Date('2026-12-01T06:00:00.000Z'))).toBeNull();
  });

  test('in daylight time 5 PM is 22:00 UTC, the first of the two Netlify firings', () => {
    expect(reminderDay(new Date('2026-06-01T21:59:00.000Z'))).toBeNull();
    expect(reminderDay(new Date('2026-06-01T22:00:00.000Z'))).toBe('2026-06-02');
  });
});
