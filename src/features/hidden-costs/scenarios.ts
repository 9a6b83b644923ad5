/**
 * The article's three real-world scenarios. Neglect is priced with the calculator's own model
 * (hidden-cost-model.ts), so the two agree, and each home changes its filter as often as the
 * schedule calculator says for it, so the story and the price count the same filters. Prevention here is what the homeowner spends on filters in a
 * year (price x changes a year), not the Autopilot Lite price the calculator states: both
 * readings appear in the article (docs/product/tools.md#real-world-scenarios), each labelled with what it pays for.
 */
import type { FilterTypeId } from '@/features/filters/catalogue';
import { changesPerYear, recommendedDays, type ScheduleInputs } from '@/features/schedule-calculator/schedule';
import { hiddenCosts, type HiddenCosts } from './hidden-cost-model';

export interface Scenario {
  readonly id: 'hidden-return' | 'two-dogs' | 'allergy-upgrade';
  /** Floor area in square feet. */
  readonly homeSize: number;
  /** How long the filter went unchanged. */
  readonly monthsNeglected: number;
  /** The catalogue type of the filter this home should use (one the schedule calculator offers). */
  readonly filterType: Extract<FilterTypeId, ScheduleInputs['filterType']>;
  /** The home as the schedule calculator asks about it: people, pets, allergies. */
  readonly home: Omit<ScheduleInputs, 'filterType'>;
  /** That filter as the scenario words it, e.g. "pleated MERV 8" (a unit test holds it to the catalogue). */
  readonly filter: string;
  /** Price of one filter, in whole dollars (within the catalogue's price range for its type). */
  readonly filterPrice: number;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'hidden-return',
    homeSize: 1500,
    monthsNeglected: 8,
    filterType: 'pleated',
    home: { householdSize: '1-2', pets: 'none', allergies: 'none' },
    filter: 'pleated MERV 8',
    filterPrice: 12,
  },
  {
    id: 'two-dogs',
    homeSize: 2400,
    monthsNeglected: 6,
    filterType: 'pleated',
    home: { householdSize: '1-2', pets: 'two-plus', allergies: 'none' },
    filter: 'pleated MERV 8',
    filterPrice: 8,
  },
  {
    id: 'allergy-upgrade',
    homeSize: 3000,
    monthsNeglected: 12,
    filterType: 'high_efficiency',
    home: { householdSize: '1-2', pets: 'none', allergies: 'none' },
    filter: 'high-efficiency MERV 11',
    filterPrice: 36,
  },
];

export interface ScenarioCosts {
  /** The calculator's estimate for this home and this much neglect. */
  neglect: HiddenCosts;
  /** Days between changes, from the schedule calculator. */
  days: number;
  /** Changes a year at that interval. */
  changesPerYear: number;
  /** A year of filters for this home: filterPrice x changesPerYear. */
  preventionCost: number;
  /** What keeping up with filters saves: neglect.total minus preventionCost. */
  savings: number;
}

/** The costs of one scenario, computed from its own numbers. */
export function scenarioCosts(scenario: Scenario): ScenarioCosts {
  const neglect = hiddenCosts(scenario.monthsNeglected, scenario.homeSize);
  const days = recommendedDays({ filterType: scenario.filterType, ...scenario.home });
  const changes = changesPerYear(days);
  const preventionCost = scenario.filterPrice * changes;
  return { neglect, days, changesPerYear: changes, preventionCost, savings: neglect.total - preventionCost };
}

/** The scenario with this id; throws for one that does not exist. */
export function getScenario(id: string): Scenario {
  const scenario = SCENARIOS.find((s) => s.id === id);
  if (!scenario) throw new Error(`Unknown scenario: ${id}`);
  return scenario;
}
