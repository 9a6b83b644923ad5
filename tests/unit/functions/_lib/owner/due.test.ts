/** The days of the owner's Due list (docs/product/due-again.md#the-owners-list): 1 to 365, default 30; else a 400 naming `within`. */
import { describe, expect, test } from 'vitest';
import { WITHIN_MESSAGE, withinDays } from '../../../../../functions/_lib/owner/due.ts';

describe('within', () => {
  test('absent or empty: 30 days', () => {
    expect(withinDays(null)).toBe(30);
    expect(withinDays('')).toBe(30);
  });

  test('a whole number of days from 1 to 365', () => {
    expect(withinDays('1')).toBe(1);
    expect(withinDays('90')).toBe(90);
    expect(withinDays('365')).toBe(365);
  });

  test('anything else: 400 naming within', () => {
    expect(WITHIN_MESSAGE).toBe('within must be a whole number of days from 1 to 365');
    for (const bad of ['0', '366', '-1', '7.5', '1e2', ' 7', 'abc', '0x10', '1000', '+7']) {
      expect(() => withinDays(bad), bad).toThrow(expect.objectContaining({ status: 400, message: WITHIN_MESSAGE }));
    }
  });
});
