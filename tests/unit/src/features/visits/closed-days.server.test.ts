/** The days the business takes no visits (docs/product/visits.md#capacity-and-closed-days). */
import { describe, expect, test } from 'vitest';
import { datesBetween, holidayOn, holidaysBetween } from '@/features/visits/closed-days.server';

describe('closed days from the holiday library', () => {
  test('the federal holidays, the day after Thanksgiving and Christmas Eve of 2026', () => {
    expect(Object.fromEntries(holidaysBetween('2026-11-01', '2026-12-31'))).toEqual({
      '2026-11-11': 'Veterans Day',
      '2026-11-26': 'Thanksgiving Day',
      '2026-11-27': 'Day after Thanksgiving Day',
      '2026-12-24': 'Christmas Eve',
      '2026-12-25': 'Christmas Day',
    });
  });

  test('an observed day is closed as well as the holiday itself', () => {
    // Independence Day 2026 is a Saturday: observed on Friday, July 3.
    expect(holidayOn('2026-07-03')).toBe('Independence Day (substitute day)');
    expect(holidayOn('2026-07-04')).toBe('Independence Day');
  });

  test('in American English, as customers and the owner read them', () => {
    expect(holidayOn('2027-09-06')).toBe('Labor Day');
  });

  test('observances are not closed days', () => {
    expect(holidayOn('2026-02-14')).toBeNull();
    expect(holidayOn('2026-12-31')).toBeNull();
    expect(holidayOn('2026-12-01')).toBeNull();
  });

  test('across a new year', () => {
    expect([...holidaysBetween('2026-12-30', '2027-01-02').keys()]).toEqual(['2027-01-01']);
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});
