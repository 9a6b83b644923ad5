import { describe, expect, test } from 'vitest';
import { answerWindows, changeOpen, movableWindows, visitStart } from '@/features/visits/changes';

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

describe('the windows offered when asking for another time (docs/product/visits.md#proposed-times)', () => {
  const days = [
    { date: '2026-11-30', closed: null, windows: { morning: { full: false }, afternoon: { full: false } } },
    { date: '2026-12-01', closed: null, windows: { morning: { full: true }, afternoon: { full: false } } },
    { date: '2026-12-02', closed: 'Owner away', windows: { morning: { full: false }, afternoon: { full: false } } },
    { date: '2026-12-05', closed: null, windows: { saturday: { full: false } } },
  ];

  test("the visit's own window first, then every open window starting after now: no 24-hour rule", () => {
    // Monday, Nov 30, 11 AM in Springfield (17:00 UTC): Monday's morning has started, its afternoon
    // starts in an hour, which a move could not take.
    const now = new Date('2026-11-30T17:00:00.000Z');
    expect(answerWindows(days, now, { date: '2026-12-01', window: 'morning' })).toEqual([
      { date: '2026-12-01', window: 'morning', same: true },
      { date: '2026-11-30', window: 'afternoon', same: false },
      { date: '2026-12-01', window: 'afternoon', same: false },
      { date: '2026-12-05', window: 'saturday', same: false },
    ]);
  });

  test("the visit's own window is offered even when full (the visit holds one of its places), never twice", () => {
    const now = new Date('2026-11-29T17:00:00.000Z');
    const windows = answerWindows(days, now, { date: '2026-11-30', window: 'afternoon' });
    expect(windows[0]).toEqual({ date: '2026-11-30', window: 'afternoon', same: true });
    expect(windows.filter((w) => w.date === '2026-11-30' && w.window === 'afternoon')).toHaveLength(1);
    expect(windows.some((w) => w.date === '2026-12-01' && w.window === 'morning')).toBe(false);
    expect(windows.some((w) => w.date === '2026-12-02')).toBe(false);
  });

  test('a window starting exactly now is not offered, one a millisecond later is', () => {
    // Monday's afternoon starts at noon in Springfield, 18:00 UTC.
    const monday = [days[0]!];
    const current = { date: '2026-12-05', window: 'saturday' } as const;
    expect(answerWindows(monday, new Date('2026-11-30T18:00:00.000Z'), current)).not.toContainEqual({
      date: '2026-11-30',
      window: 'afternoon',
      same: false,
    });
    expect(answerWindows(monday, new Date('2026-11-30T17:59:59.999Z'), current)).toContainEqual({
      date: '2026-11-30',
      window: 'afternoon',
      same: false,
    });
  });

  test("once the visit's own window has started it is left out, and with no days only it is offered", () => {
    const current = { date: '2026-11-30', window: 'morning' } as const;
    expect(answerWindows([], new Date('2026-11-30T14:00:00.000Z'), current)).toEqual([]);
    expect(answerWindows([], new Date('2026-11-30T13:59:59.999Z'), current)).toEqual([{ ...current, same: true }]);
  });
});
