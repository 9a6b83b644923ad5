import { describe, expect, test } from 'vitest';
import {
  compareCosts,
  DIY,
  DIY_DEFAULTS,
  diyCost,
  normalizeDiy,
  PROFESSIONAL,
  professionalCost,
  routineTotal,
  YEARS,
  type DiyInputs,
} from '@/features/five-year-costs/five-year-model';

describe('DIY versus professional over five years (docs/product/tools.md#five-year-costs)', () => {
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

describe('five-year cost comparison (docs/product/tools.md#five-year-costs)', () => {
  test('DIY defaults: $258 a year, $2,090 over five years', () => {
    const diy = diyCost();
    expect(diy.annual).toBe(258);
    expect(diy.total).toBe(2090);
    // filters 6 x $18 = $108 and 3 late changes x $50 = $150 every year; cleaning in year 3, repair in year 4
    expect(diy.byYear).toEqual([258, 258, 458, 858, 258]);
    expect(diy.parts).toEqual({ filters: 540, energy: 750, cleaning: 200, repair: 600 });
  });

  test('professional: $220 a year, $1,700 over five years', () => {
    const pro = professionalCost();
    expect(pro.annual).toBe(220);
    expect(pro.total).toBe(1700);
    expect(pro.byYear).toEqual([220, 220, 220, 820, 220]);
    expect(pro.parts).toEqual({ service: 1100, repair: 600 });
  });

  test('the parts always add up to the total and the years', () => {
    for (const input of [DIY_DEFAULTS, { filterPrice: 40, filtersPerYear: 4, lateChangesPerYear: 1 }]) {
      const diy = diyCost(input);
      const parts = Object.values(diy.parts).reduce((a, b) => a + b, 0);
      expect(parts).toBe(diy.total);
      expect(diy.byYear.reduce((a, b) => a + b, 0)).toBe(diy.total);
    }
  });

  test.each([
    // never late: no lost energy and no cleaning, 6 x $18 x 5 + $600 = $1,140
    [{ lateChangesPerYear: 0 }, 1140, -560],
    // basic fiberglass every month, never late: 12 x $5 x 5 + $600 = $900
    [{ filterPrice: 5, filtersPerYear: 12, lateChangesPerYear: 0 }, 900, -800],
    // defaults: the service costs $390 less
    [{}, 2090, 390],
  ] as const)('%o -> DIY $%d, difference %d', (change, total, difference) => {
    const result = compareCosts({ ...DIY_DEFAULTS, ...change });
    expect(result.diy.total).toBe(total);
    expect(result.professional.total).toBe(1700);
    expect(result.difference).toBe(difference);
  });

  test('inputs are whole numbers within range; late changes never exceed changes', () => {
    expect(normalizeDiy({ filterPrice: 1, filtersPerYear: 40, lateChangesPerYear: -2 })).toEqual<DiyInputs>({
      filterPrice: 3,
      filtersPerYear: 12,
      lateChangesPerYear: 0,
    });
    expect(normalizeDiy({ filterPrice: 17.6, filtersPerYear: 2, lateChangesPerYear: 5 })).toEqual<DiyInputs>({
      filterPrice: 18,
      filtersPerYear: 2,
      lateChangesPerYear: 2,
    });
    expect(normalizeDiy({ filterPrice: Number.NaN })).toEqual(normalizeDiy({ filterPrice: 3 }));
    expect(normalizeDiy({})).toEqual(DIY_DEFAULTS);
  });
});

describe('every DIY input in range, in integer arithmetic (docs/product/tools.md#five-year-costs)', () => {
  test('totals and years match a BigInt reference of the table', () => {
    for (let price = 3; price <= 100; price++) {
      for (let filters = 1; filters <= 12; filters++) {
        for (let late = 0; late <= filters; late++) {
          const routine = BigInt(price) * BigInt(filters) + 50n * BigInt(late);
          const total = routine * 5n + (late > 0 ? 200n : 0n) + 600n;
          const cost = diyCost({ filterPrice: price, filtersPerYear: filters, lateChangesPerYear: late });
          expect(cost.total, `${price} x ${filters}, ${late} late`).toBe(Number(total));
          expect(cost.byYear.reduce((sum, year) => sum + year, 0)).toBe(Number(total));
        }
      }
    }
    expect(professionalCost().total).toBe(220 * 5 + 600);
  });
});
