/** Dates in the business's time zone (src/lib/dates.ts): the same answer on any server and in any browser. */
import { describe, expect, test } from 'vitest';
import {
  accountDate,
  addDays,
  dayProblem,
  daysBetween,
  isCalendarDay,
  businessTimeToUtc,
  businessToday,
  formatContentDate,
  formatClock,
  formatDay,
  longDate,
  weekdayOf,
} from '@/lib/dates';

describe('the business day', () => {
  test("today is Springfield's date", () => {
    // 03:00 UTC on the 26th is still the evening of the 25th in Springfield.
    expect(businessToday(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-25');
    expect(businessToday(new Date('2026-11-26T07:00:00Z'))).toBe('2026-11-26');
  });
  test("days count across months and years, and the weekday is the day's own", () => {
    expect(addDays('2026-11-25', 1)).toBe('2026-11-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });
});

describe('dates in words', () => {
  test('a calendar day, long and short', () => {
    expect(formatDay('2026-12-01')).toBe('Tuesday, December 1, 2026');
    expect(formatDay('2026-12-01', 'short')).toBe('Tue, Dec 1');
  });
  test('a Springfield wall-clock time', () => {
    expect(formatClock('09:30')).toBe('9:30 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('00:05')).toBe('12:05 AM');
    expect(formatClock('17:45')).toBe('5:45 PM');
  });
  test('a content date is its UTC day', () => {
    expect(formatContentDate(new Date('2026-05-01T00:00:00Z'))).toBe('May 1, 2026');
  });
  test("an instant is the day it is in Springfield, whatever the runtime's zone", () => {
    // 04:30 UTC on December 2 is 10:30 PM on December 1 in Springfield.
    expect(longDate(new Date('2026-12-02T04:30:00Z'))).toBe('Tuesday, December 1, 2026');
    expect(longDate(new Date('2026-12-02T04:30:00Z'), { weekday: false })).toBe('December 1, 2026');
    expect(accountDate('2026-12-02T04:30:00Z')).toBe('December 1, 2026');
    expect(accountDate(null)).toBe('Not yet');
  });
});

describe('Springfield wall-clock time to UTC', () => {
  test('Central Standard and Daylight Time', () => {
    expect(businessTimeToUtc('2026-11-30', '08:00').toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(businessTimeToUtc('2026-07-01', '08:00').toISOString()).toBe('2026-07-01T13:00:00.000Z');
  });
});

describe('the one parser of a day given to the site (docs/product/messages.md#validation)', () => {
  test.each([
    ['2027-03-01', null],
    ['2028-02-29', null],
    ['1900-01-01', null],
    ['9999-12-31', null],
    ['2027-02-30', 'from: 2027-02-30 is not a day of the calendar'],
    ['2027-02-29', 'from: 2027-02-29 is not a day of the calendar'],
    ['2027-04-31', 'from: 2027-04-31 is not a day of the calendar'],
    ['2027-13-01', 'from: 2027-13-01 is not a day of the calendar'],
    ['2027-00-10', 'from: 2027-00-10 is not a day of the calendar'],
    ['0000-01-01', 'from: the year must be from 1900 to 9999'],
    ['1899-12-31', 'from: the year must be from 1900 to 9999'],
    // Past 9999: the year is what is wrong, whatever its digits (275760-09-13 is the last day a JS Date holds).
    ['10000-01-01', 'from: the year must be from 1900 to 9999'],
    ['99999-01-01', 'from: the year must be from 1900 to 9999'],
    ['275760-09-13', 'from: the year must be from 1900 to 9999'],
    ['275760-09-14', 'from: the year must be from 1900 to 9999'],
    ['1000000000000000000000000000000-01-01', 'from: the year must be from 1900 to 9999'],
    ['+275760-09-13', 'from must be YYYY-MM-DD'],
    ['27-03-01', 'from must be YYYY-MM-DD'],
    ['2027-3-1', 'from must be YYYY-MM-DD'],
    ['2027-03-01T00:00', 'from must be YYYY-MM-DD'],
    ['', 'from must be YYYY-MM-DD'],
  ])('%s -> %s', (value, problem) => {
    expect(dayProblem('from', value)).toBe(problem);
    expect(isCalendarDay(value)).toBe(problem === null);
  });
});

describe('days between two days the parser took', () => {
  test.each([
    ['2026-11-25', '2026-11-25', 0],
    ['2026-11-25', '2027-01-26', 62],
    ['2027-01-26', '2026-11-25', -62],
    // Across a DST change and a leap day, whole days all the same.
    ['2028-02-28', '2028-03-13', 14],
    // At the top of the range, where a day after 9999-12-31 is no longer YYYY-MM-DD.
    ['9999-11-15', '9999-12-31', 46],
    ['1900-01-01', '9999-12-31', 2_958_463],
  ])('%s to %s: %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});
