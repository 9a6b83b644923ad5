/** The schedule of a plan's visits (docs/product/visits.md#plan-visits), with the numbers. */
import { describe, expect, test } from 'vitest';
import {
  addMonths,
  mayMakeNext,
  monthsOf,
  nextDueDate,
  proposeDay,
  visitsOwed,
  windowFor,
  type DayFit,
} from '@/features/visits/plan-schedule';

const DAY = 86_400;
const at = (date: string) => Date.parse(`${date}T18:00:00Z`) / 1000;

describe('what a payment buys', () => {
  test('a paid period counts its months: a month, three months, a year', () => {
    expect(monthsOf({ start: at('2026-02-01'), end: at('2026-03-01') })).toBe(1); // 28 days
    expect(monthsOf({ start: at('2026-01-31'), end: at('2026-03-03') })).toBe(1); // 31 days
    expect(monthsOf({ start: at('2026-11-30'), end: at('2027-02-28') })).toBe(3);
    expect(monthsOf({ start: at('2026-11-30'), end: at('2027-11-30') })).toBe(12);
    expect(monthsOf({ start: at('2028-01-01'), end: at('2029-01-01') })).toBe(12); // a leap year
    // A prorated sliver of a period pays for no month.
    expect(monthsOf({ start: at('2026-11-30'), end: at('2026-11-30') + 5 * DAY })).toBe(0);
  });

  test('monthly billing buys a visit with the 1st, 4th, 7th and 10th payment: one per three paid months', () => {
    const owed = Array.from({ length: 12 }, (_, paid) => visitsOwed(paid + 1));
    expect(owed).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
  });

  test('quarterly billing buys one visit per payment; annual four per year', () => {
    expect([3, 6, 9, 12].map(visitsOwed)).toEqual([1, 2, 3, 4]);
    expect([12, 24].map(visitsOwed)).toEqual([4, 8]);
    expect(visitsOwed(0)).toBe(0);
    // Monthly for two months, then annual (a change of period): 14 months paid, five visits.
    expect(visitsOwed(2 + 12)).toBe(5);
  });
});

describe('due dates', () => {
  test('the first visit is due 7 days after the start', () => {
    expect(nextDueDate('2026-11-30', null)).toBe('2026-12-07');
  });

  test('the next is due 3 months after the previous was done, or after its due date if not done', () => {
    expect(nextDueDate('2026-11-30', { status: 'done', due: '2026-12-07', doneOn: '2026-12-03' })).toBe('2027-03-03');
    expect(nextDueDate('2026-11-30', { status: 'no-show', due: '2026-12-07', doneOn: null })).toBe('2027-03-07');
    expect(nextDueDate('2026-11-30', { status: 'requested', due: '2026-12-07', doneOn: null })).toBe('2027-03-07');
  });

  test('three months on from the 30th of November is the last day of February', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-12-07', 3)).toBe('2027-03-07');
    expect(addMonths('2026-10-15', 12)).toBe('2027-10-15');
  });

  test('one at a time: the next is made once the previous is done, over, or due', () => {
    expect(mayMakeNext(null, '2026-11-30')).toBe(true);
    const open = { status: 'confirmed', due: '2027-03-07', doneOn: null } as const;
    expect(mayMakeNext(open, '2027-03-06')).toBe(false);
    expect(mayMakeNext(open, '2027-03-07')).toBe(true);
    expect(mayMakeNext({ ...open, status: 'done', doneOn: '2027-03-01' }, '2027-03-01')).toBe(true);
    expect(mayMakeNext({ ...open, status: 'cancelled' }, '2027-01-01')).toBe(true);
  });
});

describe('the day and window asked for', () => {
  test('the preferred time picks the window', () => {
    expect(windowFor('')).toBe('morning');
    expect(windowFor('weekdays')).toBe('morning');
    expect(windowFor('evenings')).toBe('afternoon');
    expect(windowFor('weekends')).toBe('saturday');
  });

  // Today Monday 2026-11-30; due Monday 2026-12-07.
  const weekdays = (day: string): DayFit =>
    [0, 6].includes(new Date(`${day}T12:00Z`).getUTCDay()) ? 'closed' : 'free';

  test('the latest free day on or before the due date', () => {
    expect(proposeDay('2026-12-07', '2026-11-30', weekdays)).toEqual({ day: '2026-12-07', overCapacity: false });
    // Due on a Sunday: the Friday before.
    expect(proposeDay('2026-12-06', '2026-11-30', weekdays)).toEqual({ day: '2026-12-04', overCapacity: false });
  });

  test('the first free day after it when none before is free; never today or earlier', () => {
    const fit = (day: string): DayFit => (day <= '2026-12-07' ? 'full' : weekdays(day));
    expect(proposeDay('2026-12-07', '2026-11-30', fit)).toEqual({ day: '2026-12-08', overCapacity: false });
    // Overdue: from tomorrow on.
    expect(proposeDay('2026-11-20', '2026-11-30', weekdays)).toEqual({ day: '2026-12-01', overCapacity: false });
  });

  test('every open day full: the first open one, flagged over capacity', () => {
    const full = (day: string): DayFit => (weekdays(day) === 'free' ? 'full' : 'closed');
    expect(proposeDay('2026-12-06', '2026-11-30', full)).toEqual({ day: '2026-12-04', overCapacity: true });
    expect(proposeDay('2026-12-06', '2026-11-30', () => 'closed')).toEqual({ day: '2026-12-06', overCapacity: true });
  });
});
