import { describe, expect, test } from 'vitest';
import {
  HOME_SIZE,
  hiddenCosts,
  lowMonthsReading,
  MONTHS,
  WITHIN_FILTER_LIFE_MONTHS,
} from '@/features/hidden-costs/hidden-cost-model';

describe('hidden-costs calculator (docs/product/tools.md#hidden-costs-calculator)', () => {
  test('defaults: 6 months, 2000 sq ft', () => {
    // impact 30%; energy round(200 x 0.3 x 12) = 720; repair round(500 x 1.2^6) = round(1492.99) = 1493; health 1200
    expect(hiddenCosts(6, 2000)).toEqual({
      impactPercent: 30,
      energyCost: 720,
      repairRisk: 1493,
      healthImpact: 1200,
      total: 3413,
      preventionCost: 420,
      savings: 2993,
    });
  });

  test('one month in a small home', () => {
    // impact 5%; energy round(80 x 0.05 x 12) = 48; repair 600; health 200; total 848
    expect(hiddenCosts(1, 800)).toMatchObject({
      impactPercent: 5,
      energyCost: 48,
      repairRisk: 600,
      healthImpact: 200,
      total: 848,
      savings: 428,
    });
  });

  test.each([
    [10, 50],
    [11, 50],
    [24, 50],
    [9, 45],
  ])('impact caps at 50%%: %d months -> %d%%', (months, impact) => {
    expect(hiddenCosts(months, 2000).impactPercent).toBe(impact);
  });

  test('ten months in a 5000 sq ft home', () => {
    // energy round(500 x 0.5 x 12) = 3000; repair round(500 x 1.2^10) = round(3095.87) = 3096; health 2000
    expect(hiddenCosts(10, 5000)).toMatchObject({
      energyCost: 3000,
      repairRisk: 3096,
      healthImpact: 2000,
      total: 8096,
      savings: 7676,
    });
  });

  test('24 months', () => {
    // repair round(500 x 1.2^24) = round(39748.42) = 39748
    expect(hiddenCosts(24, 2000)).toMatchObject({
      energyCost: 1200,
      repairRisk: 39748,
      healthImpact: 4800,
      total: 45748,
    });
  });
});

describe('low-month readings (docs/product/tools.md#hidden-costs-calculator)', () => {
  test('a pleated filter lasts up to 90 days, so 1 to 3 months read as a worst case only', () => {
    expect(WITHIN_FILTER_LIFE_MONTHS).toBe(3);
    expect(lowMonthsReading(1)).toBe(
      "A filter changed 1 month ago is usually still within its life. These figures are the model's worst case, as if it were already clogged, not what your home is losing now.",
    );
    expect(lowMonthsReading(3)).toMatch(/^A filter changed 3 months ago/);
    expect(lowMonthsReading(4)).toBeNull();
  });

  test('the formula stays: one month, 2,000 sq ft still totals $920', () => {
    expect(hiddenCosts(1, 2000).total).toBe(920);
  });
});

describe('exact arithmetic (docs/product/tools.md#hidden-costs-calculator)', () => {
  /** The formulas over rationals in BigInt, rounded half up once: round(p / q) = floor((2p + q) / 2q). */
  const round = (p: bigint, q: bigint) => Number((2n * p + q) / (2n * q));

  test('every month and every home size the sliders allow matches integer arithmetic', () => {
    for (let months = MONTHS.min; months <= MONTHS.max; months++) {
      for (let size = HOME_SIZE.min; size <= HOME_SIZE.max; size += HOME_SIZE.step) {
        const impact = BigInt(Math.min(months * 5, 50));
        const m = BigInt(months);
        const energy = round(BigInt(size) * 100n * impact * 12n, 1000n * 100n);
        const repair = round(500n * 6n ** m, 5n ** m);
        const costs = hiddenCosts(months, size);
        expect([costs.energyCost, costs.repairRisk], `${months} months, ${size} sq ft`).toEqual([energy, repair]);
        expect(costs.total).toBe(energy + repair + months * 200);
      }
    }
  });
});
