/**
 * The filter finder of docs/product/tools.md#filter-finder: points per answer for the six filter types; highest total wins,
 * ties going to the type earlier in the catalogue's order.
 */
import { FILTER_TYPE_IDS, type FilterTypeId } from '@/features/filters/catalogue';

export const HOME_TYPES = [
  { value: 'apartment', label: 'Apartment or condo' },
  { value: 'house', label: 'House' },
  { value: 'large_house', label: 'Large house' },
] as const;
export const CONCERNS = [
  { value: 'cost', label: 'Keeping costs low' },
  { value: 'general', label: 'General air quality' },
  { value: 'allergies', label: 'Allergies or asthma' },
  { value: 'pets', label: 'Pets' },
] as const;
export const SYSTEM_AGES = [
  { value: 'old', label: 'Older than 15 years' },
  { value: 'medium', label: '5 to 15 years' },
  { value: 'new', label: 'Newer than 5 years' },
] as const;
export const BUDGET = { min: 5, max: 100, step: 5, default: 20 } as const;

export interface FinderInputs {
  homeType: (typeof HOME_TYPES)[number]['value'];
  concern: (typeof CONCERNS)[number]['value'];
  /** Dollars per filter. */
  budget: number;
  systemAge: (typeof SYSTEM_AGES)[number]['value'];
}

type Points = Partial<Record<FilterTypeId, number>>;

const HOME_POINTS: Record<FinderInputs['homeType'], Points> = {
  apartment: { pleated: 2, fiberglass: 1 },
  house: { pleated: 2, high_efficiency: 1 },
  large_house: { high_efficiency: 2, specialized: 1 },
};
const CONCERN_POINTS: Record<FinderInputs['concern'], Points> = {
  cost: { fiberglass: 3, pleated: 1 },
  allergies: { high_efficiency: 3, specialized: 2 },
  pets: { pleated: 2, high_efficiency: 2, electrostatic: 1 },
  general: { pleated: 3, high_efficiency: 1 },
};
const AGE_POINTS: Record<FinderInputs['systemAge'], Points> = {
  old: { fiberglass: 2, pleated: 1 },
  medium: { pleated: 2, high_efficiency: 1 },
  new: { high_efficiency: 2, specialized: 1 },
};

function budgetPoints(budget: number): Points {
  if (budget < 15) return { fiberglass: 2, pleated: 1 };
  if (budget < 30) return { pleated: 3, high_efficiency: 1 };
  return { high_efficiency: 2, specialized: 2, electrostatic: 1 };
}

/** Each filter type's total for the answers. */
export function finderScores(inputs: FinderInputs): Record<FilterTypeId, number> {
  const totals = Object.fromEntries(FILTER_TYPE_IDS.map((id) => [id, 0])) as Record<FilterTypeId, number>;
  for (const points of [
    HOME_POINTS[inputs.homeType],
    CONCERN_POINTS[inputs.concern],
    budgetPoints(inputs.budget),
    AGE_POINTS[inputs.systemAge],
  ]) {
    if (!points) throw new RangeError('Unknown filter finder answer');
    for (const [id, value] of Object.entries(points)) totals[id as FilterTypeId] += value;
  }
  return totals;
}

/** The recommended filter type: the highest total, ties going to the earlier type. */
export function recommendFilter(inputs: FinderInputs): FilterTypeId {
  const totals = finderScores(inputs);
  return FILTER_TYPE_IDS.reduce((best, id) => (totals[id] > totals[best] ? id : best), FILTER_TYPE_IDS[0]);
}
