import { describe, expect, test } from 'vitest';
import {
  FILTER_TYPE_IDS,
  FILTERS,
  lifespanLabel,
  mervLabel,
  PROFESSIONAL_CHECK_AFTER_MONTHS,
  type Range,
} from '@/features/filters/catalogue';
import { FILTER_CHOICES } from '@/features/schedule-calculator/schedule';
import { FILTER_TABLE } from '@/features/schedule-calculator/filter-table';
import { bandTypesText, RATING_BANDS } from '@/features/filter-finder/rating-scales';
import { SCENARIOS } from '@/features/hidden-costs/scenarios';
import { DIY, DIY_DEFAULTS, DIY_LIMITS, PROFESSIONAL } from '@/features/five-year-costs/five-year-model';

const within = (value: number, { min, max, orMore }: Range) =>
  value >= min && (orMore || max === undefined || value <= max);
const overlaps = (a: Required<Pick<Range, 'min' | 'max'>>, b: Range) => a.min <= (b.max ?? b.min) && b.min <= a.max;

describe('the filter catalogue (docs/product/tools.md#filter-types-catalogue)', () => {
  test('the calculator offers four types with their base days (docs/product/tools.md#schedule-calculator)', () => {
    expect(FILTER_CHOICES.map((c) => [c.value, c.label, c.baseDays])).toEqual([
      ['fiberglass', 'Basic fiberglass', 30],
      ['pleated', 'Pleated', 75],
      ['high_efficiency', 'High-efficiency pleated', 90],
      ['hepa', 'HEPA', 180],
    ]);
  });

  test("the guide's table lists 30 days, 60-90, 90 and 6-12 months (docs/product/tools.md#filter-type-table)", () => {
    expect(FILTER_TABLE.map((r) => [r.type, r.merv, r.frequency, r.costTier, r.costLabel, r.efficiency])).toEqual([
      ['Basic fiberglass', 'MERV 1-4', '30 days', '$', 'Lowest', 'Low'],
      ['Pleated', 'MERV 5-8', '60-90 days', '$$', 'Moderate', 'Moderate'],
      ['High-efficiency pleated', 'MERV 9-12', '90 days', '$$$', 'Higher', 'High'],
      ['HEPA', 'Beyond MERV 16', '6-12 months', '$$$$', 'Highest', 'Highest'],
    ]);
  });

  test('HEPA is in the catalogue but is not one of the six filter types of the guide', () => {
    expect(Object.keys(FILTERS)).toEqual([...FILTER_TYPE_IDS, 'hepa']);
    expect([mervLabel(FILTERS.hepa), lifespanLabel(FILTERS.hepa)]).toEqual(['Beyond MERV 16', '6-12 months']);
  });

  test('a professional check is advised after 6 months of neglect', () => {
    expect(PROFESSIONAL_CHECK_AFTER_MONTHS).toBe(6);
  });
});

describe('pages that restate catalogue facts', () => {
  test('each ratings band names the types rated within it', () => {
    expect(RATING_BANDS.map(bandTypesText)).toEqual([
      'Fiberglass, basic washable',
      'Pleated, most washable',
      'High-efficiency pleated, electrostatic',
      'Specialized',
    ]);
    for (const band of RATING_BANDS) {
      for (const { id } of band.types)
        expect(overlaps(band.merv, FILTERS[id].merv), `${id} in ${band.merv.min}`).toBe(true);
    }
  });

  test("each hidden-costs scenario's filter fits its catalogue type", () => {
    for (const scenario of SCENARIOS) {
      const type = FILTERS[scenario.filterType];
      const merv = Number(/MERV (\d+)/.exec(scenario.filter)?.[1]);
      expect(within(merv, type.merv), scenario.id).toBe(true);
      expect(within(scenario.filterPrice, type.price), scenario.id).toBe(true);
      expect(scenario.filter.startsWith(type.label.toLowerCase().split(' ')[0]!), scenario.id).toBe(true);
    }
  });

  test("the cost calculator's example and limits come from the catalogue", () => {
    expect(DIY_LIMITS.filterPrice).toEqual({ min: 3, max: 100 });
    expect(within(DIY_DEFAULTS.filterPrice, FILTERS.pleated.price)).toBe(true);
  });

  test('the five-year repairs reconcile the two former models: $800 DIY, $600 professional', () => {
    expect([DIY.repairs, PROFESSIONAL.repairs]).toEqual([800, 600]);
  });
});
