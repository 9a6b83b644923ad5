import { describe, expect, test } from 'vitest';
import { dueAgainDay, dueAgainDays } from '@/features/visits/due-again';

describe('when a service is due again (docs/product/due-again.md#when-a-service-is-due-again)', () => {
  test("air filters: the calculator's base days for the grade bought", () => {
    expect(dueAgainDays('air-filter-replacement', {})).toBe(30);
    expect(dueAgainDays('air-filter-replacement', { filterQuality: 'standard' })).toBe(30);
    expect(dueAgainDays('air-filter-replacement', { filterQuality: 'premium' })).toBe(75);
    expect(dueAgainDays('air-filter-replacement', { filterQuality: 'super_premium' })).toBe(90);
    expect(dueAgainDays('air-filter-replacement', { filterQuality: 'ultra_premium' })).toBe(90);
    // A grade the site does not sell counts as the standard one.
    expect(dueAgainDays('air-filter-replacement', { filterQuality: 'gold' })).toBe(30);
  });

  test('refrigerator filters about 6 months, batteries and dryer vents a year, bulbs and vacuums never', () => {
    expect(dueAgainDays('refrigerator-filters', {})).toBe(182);
    expect(dueAgainDays('smoke-detector-batteries', { additionalDetectors: 3 })).toBe(365);
    expect(dueAgainDays('dryer-vent-cleaning', {})).toBe(365);
    expect(dueAgainDays('light-bulb-replacement', {})).toBeNull();
    expect(dueAgainDays('vacuum-cleanout', { ventCount: 4 })).toBeNull();
    // A plan visit's service is its tier: the plan schedules its own visits.
    expect(dueAgainDays('lite', {})).toBeNull();
  });

  test('counted from the day done, across a month and a year', () => {
    expect(dueAgainDay('air-filter-replacement', { filterQuality: 'premium' }, '2026-12-07')).toBe('2027-02-20');
    expect(dueAgainDay('dryer-vent-cleaning', {}, '2027-02-28')).toBe('2028-02-28');
    expect(dueAgainDay('light-bulb-replacement', {}, '2026-12-07')).toBeNull();
  });
});
