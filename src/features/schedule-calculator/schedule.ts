/**
 * The air filter schedule calculator of docs/product/tools.md#schedule-calculator: base days by filter type (from the filter
 * catalogue), then the household, pet and allergy multipliers, each step rounded down, with a
 * floor of 15 days.
 */
import { FILTERS } from '@/features/filters/catalogue';
import { floorDiv } from '@/lib/exact';

/** The filter types the calculator offers, in its order, with their names and base days. */
export const FILTER_CHOICES = (['fiberglass', 'pleated', 'high_efficiency', 'hepa'] as const).map((value) => ({
  value,
  label: FILTERS[value].label,
  baseDays: FILTERS[value].baseDays,
}));

export const HOUSEHOLD_SIZES = [
  { value: '1-2', label: '1-2 people', percent: 100 },
  { value: '3-4', label: '3-4 people', percent: 80 },
  { value: '5+', label: '5 or more people', percent: 60 },
] as const;

export const PET_COUNTS = [
  { value: 'none', label: 'No pets', percent: 100 },
  { value: 'one', label: 'One pet', percent: 70 },
  { value: 'two-plus', label: 'Two or more pets', percent: 50 },
] as const;

export const ALLERGY_LEVELS = [
  { value: 'none', label: 'No allergies', percent: 100 },
  { value: 'mild', label: 'Mild allergies', percent: 80 },
  { value: 'severe', label: 'Severe allergies or asthma', percent: 60 },
] as const;

/** The shortest interval the calculator ever recommends. */
export const MIN_DAYS = 15;

export interface ScheduleInputs {
  filterType: (typeof FILTER_CHOICES)[number]['value'];
  householdSize: (typeof HOUSEHOLD_SIZES)[number]['value'];
  pets: (typeof PET_COUNTS)[number]['value'];
  allergies: (typeof ALLERGY_LEVELS)[number]['value'];
}

function pick<T extends { value: string }>(list: readonly T[], value: string, field: string): T {
  const found = list.find((item) => item.value === value);
  if (!found) throw new RangeError(`Unknown ${field}: ${value}`);
  return found;
}

/**
 * Days between filter changes for a home's conditions. The factors are whole percentages so each
 * step rounds the exact product down: in floating point 90 × 0.7 is 62.99…, a day short of 63.
 */
export function recommendedDays(inputs: ScheduleInputs): number {
  let days: number = pick(FILTER_CHOICES, inputs.filterType, 'filterType').baseDays;
  for (const percent of [
    pick(HOUSEHOLD_SIZES, inputs.householdSize, 'householdSize').percent,
    pick(PET_COUNTS, inputs.pets, 'pets').percent,
    pick(ALLERGY_LEVELS, inputs.allergies, 'allergies').percent,
  ]) {
    days = floorDiv(days * percent, 100);
  }
  return Math.max(MIN_DAYS, days);
}

/**
 * How many times a year a filter changed every `days` days is changed: the whole intervals that fit
 * in 365 days, the filter fitted as the year starts not counted (docs/product/tools.md#schedule-calculator).
 * Every 52 days is 7 changes, not 8.
 */
export function changesPerYear(days: number): number {
  return Math.floor(365 / days);
}

/** The calculator's result sentence, exactly as docs/product/tools.md#schedule-calculator words it. */
export function scheduleMessage(days: number): string {
  return `Based on your home's specific conditions, we recommend changing your air filter every ${days} days.`;
}
