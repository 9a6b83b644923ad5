/** The hidden-costs calculator (docs/product.md#hidden-costs-calculator): m months since a change, s sq ft. */
import { getPlan } from '@/features/plans/plans';

export const MONTHS = { min: 1, max: 24, step: 1, default: 6 } as const;
export const HOME_SIZE = { min: 800, max: 5000, step: 100, default: 2000 } as const;
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

/** Every output of the calculator for m months and s square feet. */
export function hiddenCosts(months: number, homeSize: number): HiddenCosts {
  const impactPercent = Math.min(months * 5, 50);
  const energyCost = Math.round((((homeSize / 1000) * 100 * impactPercent) / 100) * 12);
  const repairRisk = Math.round(500 * 1.2 ** months);
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
