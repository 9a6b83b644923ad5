/**
 * The article's three real-world scenarios. Neglect is priced with the calculator's own model
 * (costs.ts), so the two agree. Prevention here is what the homeowner spends on filters in a
 * year (price x changes a year), not the Autopilot Lite price the calculator states: both
 * readings appear in the article (SPEC §9), each labelled with what it pays for.
 */
import { hiddenCosts, type HiddenCosts } from './costs';

export interface Scenario {
  readonly id: 'hidden-return' | 'two-dogs' | 'allergy-upgrade';
  /** Floor area in square feet. */
  readonly homeSize: number;
  /** How long the filter went unchanged. */
  readonly monthsNeglected: number;
  /** The filter this home should use, e.g. "pleated MERV 8". */
  readonly filter: string;
  /** Price of one filter, in whole dollars. */
  readonly filterPrice: number;
  /** How many times a year this home should change it. */
  readonly changesPerYear: number;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'hidden-return',
    homeSize: 1500,
    monthsNeglected: 8,
    filter: 'pleated MERV 8',
    filterPrice: 12,
    changesPerYear: 4,
  },
  {
    id: 'two-dogs',
    homeSize: 2400,
    monthsNeglected: 6,
    filter: 'pleated MERV 8',
    filterPrice: 12,
    changesPerYear: 6,
  },
  {
    id: 'allergy-upgrade',
    homeSize: 3000,
    monthsNeglected: 12,
    filter: 'high-efficiency MERV 11',
    filterPrice: 36,
    changesPerYear: 4,
  },
];

export interface ScenarioCosts {
  /** The calculator's estimate for this home and this much neglect. */
  neglect: HiddenCosts;
  /** A year of filters for this home: filterPrice x changesPerYear. */
  preventionCost: number;
  /** What keeping up with filters saves: neglect.total minus preventionCost. */
  savings: number;
}

/** The costs of one scenario, computed from its own numbers. */
export function scenarioCosts(scenario: Scenario): ScenarioCosts {
  const neglect = hiddenCosts(scenario.monthsNeglected, scenario.homeSize);
  const preventionCost = scenario.filterPrice * scenario.changesPerYear;
  return { neglect, preventionCost, savings: neglect.total - preventionCost };
}

/** The scenario with this id; throws for one that does not exist. */
export function getScenario(id: string): Scenario {
  const scenario = SCENARIOS.find((s) => s.id === id);
  if (!scenario) throw new Error(`Unknown scenario: ${id}`);
  return scenario;
}
