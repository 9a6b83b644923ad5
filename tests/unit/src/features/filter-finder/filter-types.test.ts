import { describe, expect, test } from 'vitest';
import { FILTER_TYPE_IDS, lifespanLabel, mervLabel, priceLabel } from '@/features/filters/catalogue';
import { DEFAULT_FILTER_TAB, FILTER_TABS, FILTER_TYPES, getFilterType } from '@/features/filter-finder/filter-types';
import { nextTabIndex } from '@/features/filter-finder/filter-tabs';

describe('filter types (docs/product/tools.md#filter-types-catalogue)', () => {
  test.each([
    ['fiberglass', { min: 1, max: 4 }, { min: 3, max: 8 }, 'MERV 1-4', '$3-8', '30 days'],
    ['pleated', { min: 5, max: 8 }, { min: 8, max: 20 }, 'MERV 5-8', '$8-20', '60-90 days'],
    ['high_efficiency', { min: 9, max: 12 }, { min: 15, max: 40 }, 'MERV 9-12', '$15-40', '90 days'],
    ['washable', { min: 4, max: 8 }, { min: 30, max: 80 }, 'MERV 4-8', '$30-80', '5+ years'],
    ['electrostatic', { min: 8, max: 12 }, { min: 20, max: 50 }, 'MERV 8-12', '$20-50', '90 days'],
    ['specialized', { min: 11, max: 16 }, { min: 25, max: 100 }, 'MERV 11-16', '$25-100+', '90-365 days'],
  ] as const)('%s: %s, %s, %s', (id, merv, price, mervText, priceText, lifespanText) => {
    const type = getFilterType(id);
    expect(type.merv).toMatchObject(merv);
    expect(type.price).toMatchObject(price);
    expect(mervLabel(type)).toBe(mervText);
    expect(priceLabel(type)).toBe(priceText);
    expect(lifespanLabel(type)).toBe(lifespanText);
  });

  test('the six types of docs/product/tools.md#filter-types-catalogue, in the finder order, each fully described', () => {
    expect(FILTER_TYPES.map((t) => t.id)).toEqual([...FILTER_TYPE_IDS]);
    for (const type of FILTER_TYPES) {
      expect(type.pros.length, type.id).toBeGreaterThanOrEqual(2);
      expect(type.cons.length, type.id).toBeGreaterThanOrEqual(2);
      for (const text of [type.name, type.description, type.bestFor, type.environmentalImpact])
        expect(text.length, type.id).toBeGreaterThan(3);
    }
  });

  test('rejects an unknown id', () => {
    expect(() => getFilterType('hepa' as never)).toThrow(RangeError);
  });
});

describe('filter tabs (docs/product/tools.md#filter-types-catalogue)', () => {
  test('labels and the types behind each tab', () => {
    expect(FILTER_TABS.map((t) => [t.label, [...t.types]])).toEqual([
      ['All Types', [...FILTER_TYPE_IDS]],
      ['Basic', ['fiberglass']],
      ['Pleated', ['pleated']],
      ['High-Eff', ['high_efficiency']],
      ['Washable', ['washable']],
      ['Premium', ['electrostatic', 'specialized']],
    ]);
  });

  test("defaults to All Types ('all')", () => {
    expect(DEFAULT_FILTER_TAB).toBe('all');
  });

  test.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 5, 0],
    ['ArrowLeft', 0, 5],
    ['ArrowLeft', 3, 2],
    ['Home', 4, 0],
    ['End', 1, 5],
  ])('%s from tab %d goes to tab %d', (key, from, to) => {
    expect(nextTabIndex(key, from, 6)).toBe(to);
  });

  test('other keys leave the tabs alone', () => {
    expect(nextTabIndex('Enter', 2, 6)).toBeNull();
    expect(nextTabIndex('ArrowDown', 2, 6)).toBeNull();
  });
});
