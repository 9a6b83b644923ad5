import { describe, expect, test } from 'vitest';
import { dueDay } from '../../../../../functions/_lib/notices/morning-list.ts';

describe('when the morning list is due (docs/product/emails.md#morning-list)', () => {
  test.each([
    ['2026-11-27T12:30:00Z', '2026-11-27', 'standard time: the 12:30 UTC firing is 6:30'],
    ['2026-11-27T11:30:00Z', null, 'standard time: the 11:30 UTC firing is 5:30, too early'],
    ['2026-07-15T11:30:00Z', '2026-07-15', 'daylight time: the 11:30 UTC firing is 6:30'],
    [
      '2026-07-15T12:30:00Z',
      '2026-07-15',
      'daylight time: the 12:30 UTC firing is 7:30, the same day (sent once by its key)',
    ],
    ['2026-11-27T15:00:00Z', '2026-11-27', 'a server started at 9 still sends it'],
    ['2026-11-27T18:00:00Z', null, 'noon: skipped'],
    ['2026-11-28T05:00:00Z', null, 'late evening the day before'],
  ] as const)('%s -> %s (%s)', (at, day, _why) => {
    expect(dueDay(new Date(at))).toBe(day);
  });
});
