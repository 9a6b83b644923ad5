import { describe, expect, test } from 'vitest';
import { HOME_SIZE, MONTHS } from '@/features/hidden-costs/hidden-cost-model';
import { parseSetting, settingError } from '@/features/hidden-costs/settings';

describe('typed calculator settings (WCAG 2.5.7)', () => {
  test.each([
    ['6', MONTHS, 6],
    [' 24 ', MONTHS, 24],
    ['1', MONTHS, 1],
    ['0', MONTHS, null],
    ['25', MONTHS, null],
    ['6.5', MONTHS, null],
    ['', MONTHS, null],
    ['-3', MONTHS, null],
    ['2000', HOME_SIZE, 2000],
    ['800', HOME_SIZE, 800],
    ['5000', HOME_SIZE, 5000],
    ['2150', HOME_SIZE, null],
    ['700', HOME_SIZE, null],
    ['5100', HOME_SIZE, null],
    ['2,000', HOME_SIZE, null],
  ] as const)('%j -> %s', (raw, range, expected) => {
    expect(parseSetting(raw, range)).toBe(expected);
  });

  test('messages name the limits', () => {
    expect(settingError(MONTHS)).toBe('Enter a whole number from 1 to 24.');
    expect(settingError(HOME_SIZE)).toBe('Enter a number from 800 to 5,000, in steps of 100.');
  });
});
