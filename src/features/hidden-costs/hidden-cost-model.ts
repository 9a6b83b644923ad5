/** The hidden-costs calculator (docs/product/tools.md#hidden-costs-calculator): m months since a change, s sq ft. */
import { FILTERS } from '@/features/filters/catalogue';
import { getPlan } from '@/features/plans/plans';
import { roundDiv, roundDivBig } from '@/lib/exact';

export const MONTHS = { min: 1, max: 24, step: 1, default: 6 } as const;
export const HOME_SIZE = { min: 800, max: 5000, step: 100, default: 2000 } as const;
/**
 * Up to this many months since the change, a typical 1-inch pleated filter is still within its life
 * (the catalogue's longest pleated interval, 90 days): the figures then read as a worst case only.
 */
export const WITHIN_FILTER_LIFE_MONTHS = Math.floor(
  (FILTERS.pleated.lifespan.max ?? FILTERS.pleated.lifespan.min) / 30,
);

/**
 * What the figures mean for a filter changed this recently (docs/product/tools.md#hidden-costs-calculator):
 * a sentence for the months a filter is usually still fine, null after that.
 */
export function lowMonthsReading(months: number): string | null {
  if (months > WITHIN_FILTER_LIFE_MONTHS) return null;
  const since = months === 1 ? '1 month' : `${months} months`;
  return `A filter changed ${since} ago is usually still within its life. These figures are the model's worst case, as if it were already clogged, not what your home is losing now.`;
}

/** What a year of prevention costs, as the calculator states it (the Autopilot Lite annual price). */
export const PREVENTION_COST_PER_YEAR = getPlan('lite').annual;

export interface HiddenCosts {
  /** Efficiency lost, in percent: the smaller of m x 5 and 50. */
  impactPercent: number;
  /** Extra energy cost per year, in dollars. */
  energyCost: number;
  /** Repair risk, in dollars. */
  repairRisk: number;
  /** Health impact, in dollars. */
  healthImpact: number;
  total: number;
  preventionCost: number;
  /** What prevention saves: total minus the prevention cost (negative when it would not pay). */
  savings: number;
}

/**
 * Every output of the calculator for m months and s square feet, in exact integer arithmetic:
 * energy s/1000 × 100 × impact/100 × 12 is s × impact × 12 / 1000, and 500 × 1.2^m is
 * 500 × 6^m / 5^m (in BigInt: 6^24 is past the doubles' exact range), each rounded once at the end.
 */
export function hiddenCosts(months: number, homeSize: number): HiddenCosts {
  const impactPercent = Math.min(months * 5, 50);
  const energyCost = roundDiv(homeSize * impactPercent * 12, 1000);
  const repairRisk = roundDivBig(500n * 6n ** BigInt(months), 5n ** BigInt(months));
  const healthImpact = months * 200;
  const total = energyCost + repairRisk + healthImpact;
  return {
    impactPercent,
    energyCost,
    repairRisk,
    healthImpact,
    total,
    preventionCost: PREVENTION_COST_PER_YEAR,
    savings: total - PREVENTION_COST_PER_YEAR,
  };
}
