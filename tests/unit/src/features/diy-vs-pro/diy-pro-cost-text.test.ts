import { describe, expect, test } from 'vitest';
import {
  compareCosts,
  DIY_DEFAULTS,
  diyCost,
  normalizeDiy,
  professionalCost,
  type DiyInputs,
} from '@/features/five-year-costs/five-year-model';
import { costTexts, summarySentence } from '@/features/diy-vs-pro/diy-pro-cost-text';
import { DEFAULT_FOCUS, FOCUS_OPTIONS, showsSide } from '@/features/diy-vs-pro/focus';
import { RESULTS } from '@/features/diy-quiz/results';

describe('five-year cost comparison (SPEC §9 "Other figures")', () => {
  test('DIY defaults: $258 a year, $2,090 over five years', () => {
    const diy = diyCost();
    expect(diy.annual).toBe(258);
    expect(diy.total).toBe(2090);
    // filters 6 x $18 = $108 and 3 late changes x $50 = $150 every year; cleaning in year 3, repair in year 4
    expect(diy.byYear).toEqual([258, 258, 458, 858, 258]);
    expect(diy.parts).toEqual({ filters: 540, energy: 750, cleaning: 200, repair: 600 });
  });

  test('professional: $220 a year, $1,700 over five years', () => {
    const pro = professionalCost();
    expect(pro.annual).toBe(220);
    expect(pro.total).toBe(1700);
    expect(pro.byYear).toEqual([220, 220, 220, 820, 220]);
    expect(pro.parts).toEqual({ service: 1100, repair: 600 });
  });

  test('the parts always add up to the total and the years', () => {
    for (const input of [DIY_DEFAULTS, { filterPrice: 40, filtersPerYear: 4, lateChangesPerYear: 1 }]) {
      const diy = diyCost(input);
      const parts = Object.values(diy.parts).reduce((a, b) => a + b, 0);
      expect(parts).toBe(diy.total);
      expect(diy.byYear.reduce((a, b) => a + b, 0)).toBe(diy.total);
    }
  });

  test.each([
    // never late: no lost energy and no cleaning, 6 x $18 x 5 + $600 = $1,140
    [{ lateChangesPerYear: 0 }, 1140, -560],
    // basic fiberglass every month, never late: 12 x $5 x 5 + $600 = $900
    [{ filterPrice: 5, filtersPerYear: 12, lateChangesPerYear: 0 }, 900, -800],
    // defaults: the service costs $390 less
    [{}, 2090, 390],
  ] as const)('%o -> DIY $%d, difference %d', (change, total, difference) => {
    const result = compareCosts({ ...DIY_DEFAULTS, ...change });
    expect(result.diy.total).toBe(total);
    expect(result.professional.total).toBe(1700);
    expect(result.difference).toBe(difference);
  });

  test('inputs are whole numbers within range; late changes never exceed changes', () => {
    expect(normalizeDiy({ filterPrice: 1, filtersPerYear: 40, lateChangesPerYear: -2 })).toEqual<DiyInputs>({
      filterPrice: 3,
      filtersPerYear: 12,
      lateChangesPerYear: 0,
    });
    expect(normalizeDiy({ filterPrice: 17.6, filtersPerYear: 2, lateChangesPerYear: 5 })).toEqual<DiyInputs>({
      filterPrice: 18,
      filtersPerYear: 2,
      lateChangesPerYear: 2,
    });
    expect(normalizeDiy({ filterPrice: Number.NaN })).toEqual(normalizeDiy({ filterPrice: 3 }));
    expect(normalizeDiy({})).toEqual(DIY_DEFAULTS);
  });
});

describe('calculator texts', () => {
  test('defaults show the SPEC figures', () => {
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

describe('focus toggle (SPEC §4: defaults to Compare Both)', () => {
  test.each([
    ['both', true, true],
    ['diy', true, false],
    ['professional', false, true],
  ] as const)('%s shows DIY %s, professional %s', (focus, diy, professional) => {
    expect(showsSide(focus, 'diy')).toBe(diy);
    expect(showsSide(focus, 'professional')).toBe(professional);
  });

  test('the labels of SPEC §2, Compare Both first chosen', () => {
    expect(FOCUS_OPTIONS.map((o) => o.label)).toEqual(['DIY Focus', 'Compare Both', 'Professional Focus']);
    expect(DEFAULT_FOCUS).toBe('both');
  });
});

describe('quiz results (SPEC §2: recommendation links)', () => {
  test.each([
    ['diy', ['/blog/how-to-change-air-filter']],
    ['professional', ['/services/autopilot-plans']],
    ['hybrid', ['/blog/how-to-change-air-filter', '/services/autopilot-plans']],
  ] as const)('%s links to %o', (recommendation, hrefs) => {
    expect(RESULTS[recommendation].links.map((l) => l.href)).toEqual(hrefs);
  });
});
