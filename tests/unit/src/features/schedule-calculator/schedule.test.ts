import { describe, expect, test } from 'vitest';
import {
  ALLERGY_LEVELS,
  FILTER_CHOICES,
  HOUSEHOLD_SIZES,
  PET_COUNTS,
  changesPerYear,
  recommendedDays,
  scheduleMessage,
  type ScheduleInputs,
} from '@/features/schedule-calculator/schedule';

/** The product's table as tenths, so the reference below is integer arithmetic throughout. */
const BASE_DAYS = { fiberglass: 30n, pleated: 75n, high_efficiency: 90n, hepa: 180n } as const;
const TENTHS = {
  '1-2': 10n,
  '3-4': 8n,
  '5+': 6n,
  none: 10n,
  one: 7n,
  'two-plus': 5n,
  mild: 8n,
  severe: 6n,
} as const;

/** docs/product/tools.md#schedule-calculator in BigInt: each step rounded down exactly, floor 15. */
function reference(inputs: ScheduleInputs): number {
  let days = BASE_DAYS[inputs.filterType];
  const allergy = inputs.allergies === 'none' ? 10n : TENTHS[inputs.allergies];
  for (const tenths of [TENTHS[inputs.householdSize], TENTHS[inputs.pets], allergy]) days = (days * tenths) / 10n;
  return Math.max(15, Number(days));
}

describe('schedule calculator (docs/product/tools.md#schedule-calculator)', () => {
  const base: ScheduleInputs = { filterType: 'pleated', householdSize: '1-2', pets: 'none', allergies: 'none' };

  test.each([
    ['fiberglass', 30],
    ['pleated', 75],
    ['high_efficiency', 90],
    ['hepa', 180],
  ] as const)('base days: %s -> %d', (filterType, days) => {
    expect(recommendedDays({ ...base, filterType })).toBe(days);
  });

  test.each([
    // household: 75 x 0.8 = 60; 75 x 0.6 = 45
    [{ householdSize: '3-4' }, 60],
    [{ householdSize: '5+' }, 45],
    // pets: floor(75 x 0.7) = 52; 75 x 0.5 = 37.5 -> 37
    [{ pets: 'one' }, 52],
    [{ pets: 'two-plus' }, 37],
    // allergies: 75 x 0.8 = 60; 75 x 0.6 = 45
    [{ allergies: 'mild' }, 60],
    [{ allergies: 'severe' }, 45],
    // each step rounds down: 90 x 0.8 = 72 -> x 0.7 = 50.4 -> 50 -> x 0.8 = 40
    [{ filterType: 'high_efficiency', householdSize: '3-4', pets: 'one', allergies: 'mild' }, 40],
    // 180 x 0.6 = 108 -> x 0.5 = 54 -> x 0.6 = 32.4 -> 32
    [{ filterType: 'hepa', householdSize: '5+', pets: 'two-plus', allergies: 'severe' }, 32],
    // 75 x 0.6 = 45 -> x 0.7 = 31.5 -> 31 -> x 0.6 = 18.6 -> 18
    [{ householdSize: '5+', pets: 'one', allergies: 'severe' }, 18],
  ] as const)('%o -> %d days', (change, days) => {
    expect(recommendedDays({ ...base, ...change })).toBe(days);
  });

  test('never below the 15-day floor', () => {
    // 30 x 0.6 = 18 -> x 0.5 = 9 -> x 0.6 = 5.4 -> 5, floored to 15
    expect(
      recommendedDays({ filterType: 'fiberglass', householdSize: '5+', pets: 'two-plus', allergies: 'severe' }),
    ).toBe(15);
    // 30 x 0.8 = 24 -> x 0.7 = 16.8 -> 16 -> x 1 = 16: just above the floor
    expect(recommendedDays({ filterType: 'fiberglass', householdSize: '3-4', pets: 'one', allergies: 'none' })).toBe(
      16,
    );
  });

  const combinations = FILTER_CHOICES.flatMap(({ value: filterType }) =>
    HOUSEHOLD_SIZES.flatMap(({ value: householdSize }) =>
      PET_COUNTS.flatMap(({ value: pets }) =>
        ALLERGY_LEVELS.map(({ value: allergies }): ScheduleInputs => ({ filterType, householdSize, pets, allergies })),
      ),
    ),
  );

  test('all 108 combinations match integer arithmetic', () => {
    expect(combinations).toHaveLength(108);
    for (const inputs of combinations) expect(recommendedDays(inputs), JSON.stringify(inputs)).toBe(reference(inputs));
  });

  test.each([
    // Floating point made these 62, 49 and 125: 90 x 0.7 = 62.99..., then 63 x 0.8 = 50.4 from 62 gave 49.6,
    // and 180 x 0.7 = 125.99...
    [{ filterType: 'high_efficiency', pets: 'one' }, 63],
    [{ filterType: 'high_efficiency', pets: 'one', allergies: 'mild' }, 50],
    [{ filterType: 'hepa', pets: 'one' }, 126],
  ] as const)('the three float-rounding cases: %o -> %d', (change, days) => {
    expect(recommendedDays({ ...base, ...change })).toBe(days);
  });

  test('rejects answers it does not know', () => {
    expect(() => recommendedDays({ ...base, filterType: 'paper' as never })).toThrow(RangeError);
  });

  test.each([
    [75, 4],
    [52, 7], // 365 / 52 is 7.02: seven changes, not eight
    [37, 9],
    [90, 4],
    [30, 12],
    [15, 24],
    [180, 2],
    [365, 1],
  ])('every %d days is %d changes a year', (days, changes) => {
    expect(changesPerYear(days)).toBe(changes);
  });

  test('the exact message', () => {
    expect(scheduleMessage(60)).toBe(
      "Based on your home's specific conditions, we recommend changing your air filter every 60 days.",
    );
  });
});
