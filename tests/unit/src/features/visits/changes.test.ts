import { describe, expect, test } from 'vitest';
import { changeOpen, movableWindows, visitStart } from '@/features/visits/changes';

// Tuesday, December 1, 2026 (CST, UTC-6): the morning window starts at 8 AM = 14:00 UTC.
const DAY = '2026-12-01';

describe('the 24-hour rule (docs/product/visits.md#changing-a-visit)', () => {
  test("a visit starts at its confirmed time, else at its window's start, Springfield time", () => {
    expect(visitStart(DAY, 'morning').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(visitStart(DAY, 'afternoon').toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(visitStart(DAY, 'morning', '09:30').toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(visitStart('2026-12-05', 'saturday').toISOString()).toBe('2026-12-05T15:00:00.000Z');
  });

  test('open at exactly 24 hours before the start, closed one millisecond later', () => {
    const start = visitStart(DAY, 'morning');
    expect(changeOpen(start, new Date('2026-11-30T14:00:00.000Z'))).toBe(true);
    expect(changeOpen(start, new Date('2026-11-30T13:59:59.999Z'))).toBe(true);
    expect(changeOpen(start, new Date('2026-11-30T14:00:00.001Z'))).toBe(false);
    expect(changeOpen(start, new Date('2026-12-01T13:00:00.000Z'))).toBe(false);
  });

  test('a confirmed time counts, not the window: 9:30 AM confirmed is open until 9:30 AM the day before', () => {
    const start = visitStart(DAY, 'morning', '09:30');
    expect(changeOpen(start, new Date('2026-11-30T15:30:00.000Z'))).toBe(true);
    expect(changeOpen(start, new Date('2026-11-30T15:30:00.001Z'))).toBe(false);
  });
});

describe('the windows a visit may move to', () => {
  const days = [
    { date: '2026-11-30', closed: null, windows: { morning: { full: false }, afternoon: { full: false } } },
    { date: '2026-12-01', closed: null, windows: { morning: { full: false }, afternoon: { full: true } } },
    { date: '2026-12-02', closed: 'Owner away', windows: { morning: { full: false }, afternoon: { full: false } } },
    { date: '2026-12-03', closed: null, windows: { morning: { full: false }, afternoon: { full: false } } },
  ];

  test("open windows starting at least 24 hours ahead, without full, closed or the visit's own", () => {
    // Sunday, Nov 29, 11 AM in Springfield (17:00 UTC): Monday's morning (8 AM) is 21 hours away,
    // its afternoon (noon) 25.
    const now = new Date('2026-11-29T17:00:00.000Z');
    expect(movableWindows(days, now, { date: '2026-12-03', window: 'morning' })).toEqual([
      { date: '2026-11-30', window: 'afternoon' },
      { date: '2026-12-01', window: 'morning' },
      { date: '2026-12-03', window: 'afternoon' },
    ]);
  });
});
