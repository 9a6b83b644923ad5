import { describe, expect, test } from 'vitest';
import { floorDiv, roundDiv, roundDivBig } from '@/lib/exact';

describe('exact integer division', () => {
  test('floorDiv rounds the true quotient down, where a float product would fall short', () => {
    // 90 x 0.7 in doubles is 62.99999999999999; 90 x 70 / 100 is exactly 63.
    expect(Math.floor(90 * 0.7)).toBe(62);
    expect(floorDiv(90 * 70, 100)).toBe(63);
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(-7, 2)).toBe(-4);
    expect(floorDiv(6, 3)).toBe(2);
  });

  test('roundDiv rounds halves up, like Math.round', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(7, 3)).toBe(2);
    expect(roundDiv(-5, 2)).toBe(Math.round(-2.5));
    for (let n = -50; n <= 50; n++) expect(roundDiv(n, 4)).toBe(Math.round(n / 4) + 0); // + 0: no -0
  });

  test('roundDivBig rounds large exact fractions', () => {
    // 500 x 1.2^24 = 39748.42...
    expect(roundDivBig(500n * 6n ** 24n, 5n ** 24n)).toBe(39748);
    expect(roundDivBig(5n, 2n)).toBe(3);
    expect(roundDivBig(-5n, 2n)).toBe(-2);
  });

  test('refuses what it cannot divide exactly', () => {
    expect(() => floorDiv(1.5, 2)).toThrow(/numerator/);
    expect(() => floorDiv(1, 0)).toThrow(/denominator/);
    expect(() => roundDivBig(1n, 0n)).toThrow(/denominator/);
  });
});
