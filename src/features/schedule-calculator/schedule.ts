/**
 * The air filter schedule calculator of docs/product.md#schedule-calculator: base days by filter type (from the filter
 * catalogue), then the household, pet and allergy multipliers, each step rounded down, with a
 * floor of 15 days.
 */
import { FILTERS } from '@/features/filters/catalogue';

/** The filter types the calculator offers, in its order, with their names and base days. */
export const FILTER_CHOICES = (['fiberglass', 'pleated', 'high_efficiency', 'hepa'] as const).map((value) => ({
  value,
  label: FILTERS[value].label,
  baseDays: FILTERS[value].baseDays,
}));

export const HOUSEHOLD_SIZES = [
  { value: '1-2', label: '1-2 people', multiplier: 1 },
  { value: '3-4', label: '3-4 people', multiplier: 0.8 },
  { value: '5+', label: '5 or more people', multiplier: 0.6 },
] as const;

export const PET_COUNTS = [
  { value: 'none', label: 'No pets', multiplier: 1 },
  { value: 'one', label: 'One pet', multiplier: 0.7 },
  { value: 'two-plus', label: 'Two or more pets', multiplier: 0.5 },
] as const;

export const ALLERGY_LEVELS = [
  { value: 'none', label: 'No allergies', multiplier: 1 },
  { value: 'mild', label: 'Mild allergies', multiplier: 0.8 },
  { value: 'severe', label: 'Severe allergies or asthma', multiplier: 0.6 },
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

/** Days between filter changes for a home's conditions. */
export function recommendedDays(inputs: ScheduleInputs): number {
  let days: number = pick(FILTER_CHOICES, inputs.filterType, 'filterType').baseDays;
  for (const multiplier of [
    pick(HOUSEHOLD_SIZES, inputs.householdSize, 'householdSize').multiplier,
    pick(PET_COUNTS, inputs.pets, 'pets').multiplier,
    pick(ALLERGY_LEVELS, inputs.allergies, 'allergies').multiplier,
  ]) {
    days = Math.floor(days * multiplier);
  }
  return Math.max(MIN_DAYS, days);
}

/** The calculator's result sentence, exactly as docs/product.md#schedule-calculator words it. */
export function scheduleMessage(days: number): string {
  return `Based on your home's specific conditions, we recommend changing your air filter every ${days} days.`;
}
