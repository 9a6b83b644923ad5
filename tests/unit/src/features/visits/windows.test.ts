/** When and where a visit can be (src/features/visits/windows.ts): the windows of a day, and the day and window a visit may move to. */
import { describe, expect, test } from 'vitest';
import { windowProblem, windowsOn } from '@/features/visits/windows';

describe('a day and window a visit may move to (docs/product/desk.md#owner-api)', () => {
  test.each([
    ['2026-12-08', 'morning', '2026-12-07', null],
    ['2026-12-07', 'afternoon', '2026-12-07', null],
    ['2026-12-12', 'saturday', '2026-12-07', null],
    ['2026-12-06', 'morning', '2026-12-07', 'date: Sunday, December 6, 2026 has passed: choose today or a later day'],
    ['2026-12-08', 'saturday', '2026-12-07', 'window: Saturday (9 AM-4 PM) is not open on Tuesday, December 8, 2026'],
    ['2026-12-12', 'morning', '2026-12-07', 'window: Morning (8 AM-12 PM) is not open on Saturday, December 12, 2026'],
    ['2026-12-13', 'afternoon', '2026-12-07', 'window: Afternoon (12-6 PM) is not open on Sunday, December 13, 2026'],
  ] as const)('%s %s from %s -> %s', (date, window, earliest, problem) => {
    expect(windowProblem(date, window, earliest)).toBe(problem);
  });

  test('Sundays have no window; Saturdays one', () => {
    expect(windowsOn('2026-12-13')).toEqual([]);
    expect(windowsOn('2026-12-12')).toEqual(['saturday']);
    expect(windowsOn('2026-12-08')).toEqual(['morning', 'afternoon']);
  });
});
