import { describe, expect, test } from 'vitest';
import { SUNDAY_MESSAGE, visitErrors, visitSchema } from '@/features/booking/visit';
import { bookableDays, describeVisitTime, visitAddress, windowsOn } from '@/features/visits/windows';
import { AREA, TODAY, VISIT } from './visit-fixtures';

describe('the days and windows a visit can be asked for', () => {
  test('tomorrow through 21 days ahead, Sundays left out', () => {
    const days = bookableDays(TODAY);
    expect(days[0]?.date).toBe('2026-11-26');
    expect(days.at(-1)?.date).toBe('2026-12-16');
    expect(days.some((d) => d.date === '2026-11-29')).toBe(false);
    expect(days).toHaveLength(18);
  });
  test('weekdays have morning 8-12 and afternoon 12-6; Saturday 9-4; Sunday none', () => {
    expect(windowsOn('2026-11-30')).toEqual(['morning', 'afternoon']);
    expect(windowsOn('2026-11-28')).toEqual(['saturday']);
    expect(windowsOn('2026-11-29')).toEqual([]);
  });
  test('in words', () => {
    expect(describeVisitTime('2026-11-30', 'morning')).toBe('Monday, November 30, 2026, morning (8 AM-12 PM)');
    expect(describeVisitTime('2026-11-28', 'saturday')).toBe('Saturday, November 28, 2026, 9 AM-4 PM');
    expect(visitAddress(VISIT)).toBe('12 Elm St, Nixa, MO 65714');
  });
});

describe('the visit schema', () => {
  test('a complete visit inside the area passes, trimmed', () => {
    expect(visitSchema(AREA, TODAY).parse({ ...VISIT, street: ' 12 Elm St ' })).toEqual(VISIT);
  });
  test('a message per missing field', () => {
    expect(visitErrors({}, AREA, TODAY)).toEqual({
      street: 'Please enter the street address',
      city: 'Please enter the city',
      zip: 'Please enter the ZIP code',
      phone: 'Please enter your phone number',
      date: 'Please choose a day',
      window: 'Please choose a time window',
    });
  });
  test('a ZIP code outside the area, a bad phone, a Sunday, a day too far', () => {
    expect(visitErrors({ ...VISIT, zip: '64101' }, AREA, TODAY).zip).toMatch(/outside our 25-mile service area/);
    expect(visitErrors({ ...VISIT, zip: '657' }, AREA, TODAY).zip).toBe('A ZIP code has five digits, e.g. 65804');
    expect(visitErrors({ ...VISIT, phone: '555-0100' }, AREA, TODAY).phone).toMatch(/10-digit phone number/);
    expect(visitErrors({ ...VISIT, date: '2026-11-29' }, AREA, TODAY).date).toBe(SUNDAY_MESSAGE);
    expect(visitErrors({ ...VISIT, date: '2026-12-21' }, AREA, TODAY).date).toBe(
      'Please choose a day in the next 21 days',
    );
    expect(visitErrors({ ...VISIT, date: TODAY }, AREA, TODAY).date).toBe('Please choose a day in the next 21 days');
    expect(visitErrors({ ...VISIT, date: 'soon' }, AREA, TODAY).date).toBe('Please choose a day in the next 21 days');
  });
  test('the window must be open that day: Saturday has its own', () => {
    expect(visitErrors({ ...VISIT, date: '2026-11-28', window: 'morning' }, AREA, TODAY).window).toMatch(
      /^Please choose a window open that day/,
    );
    expect(visitErrors({ ...VISIT, date: '2026-11-28', window: 'saturday' }, AREA, TODAY)).toEqual({});
    expect(visitErrors({ ...VISIT, window: 'saturday' }, AREA, TODAY).window).toMatch(/^Please choose a window/);
    expect(visitErrors({ ...VISIT, window: 'night' }, AREA, TODAY).window).toBe('Please choose a time window');
  });
  test('notes are optional, limited like special instructions', () => {
    expect(visitErrors({ ...VISIT, notes: 'x'.repeat(2001) }, AREA, TODAY).notes).toBe(
      'Please keep the notes under 2,000 characters',
    );
  });
});
