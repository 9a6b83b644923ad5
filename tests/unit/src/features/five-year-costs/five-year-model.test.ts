import { describe, expect, test } from 'vitest';
import { DIY, PROFESSIONAL, YEARS, routineTotal } from '@/features/five-year-costs/five-year-model';

describe('DIY versus professional over five years (SPEC §9 "Other figures")', () => {
  test('the comparison covers five years', () => {
    expect(YEARS).toBe(5);
  });

  test.each([
    ['DIY', DIY, 258, 1290, 2090],
    ['professional', PROFESSIONAL, 220, 1100, 1700],
  ] as const)('%s: $%d a year, $%d routine, $%d in five years', (_name, approach, annual, routine, total) => {
    expect(approach.annual).toBe(annual);
    expect(routineTotal(approach)).toBe(routine);
    expect(approach.total).toBe(total);
  });

  test('the professional service costs $390 less over five years', () => {
    expect(DIY.total - PROFESSIONAL.total).toBe(390);
  });
});
