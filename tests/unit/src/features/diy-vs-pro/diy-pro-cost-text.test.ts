import { describe, expect, test } from 'vitest';
import { costTexts, summarySentence } from '@/features/diy-vs-pro/diy-pro-cost-text';
import { DIY_DEFAULTS } from '@/features/five-year-costs/five-year-model';

describe('calculator texts', () => {
  test('defaults show the figures of docs/product/tools.md#five-year-costs', () => {
    const texts = costTexts(DIY_DEFAULTS);
    expect(texts['diy-total']).toBe('$2,090');
    expect(texts['pro-total']).toBe('$1,700');
    expect(texts['diy-annual']).toBe('$258');
    expect(texts['pro-annual']).toBe('$220');
    expect(texts['diy-year-4']).toBe('$858');
    expect(texts['pro-year-4']).toBe('$820');
    expect(texts['diy-filters-detail']).toBe('6 filters a year at $18');
    expect(texts['diy-energy-detail']).toBe('3 late changes a year at $50');
    expect(texts.summary).toBe(
      'Doing it yourself comes to $2,090 over five years and a professional service to $1,700, so the professional service costs $390 less.',
    );
  });

  test('singular wording and each direction of the summary', () => {
    expect(costTexts({ filtersPerYear: 1, lateChangesPerYear: 1 })['diy-energy-detail']).toBe(
      '1 late change a year at $50',
    );
    expect(summarySentence(1140, 1700)).toMatch(/so doing it yourself costs \$560 less\.$/);
    expect(summarySentence(1700, 1700)).toMatch(/: the same\.$/);
  });
});
