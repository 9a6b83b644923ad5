import { describe, expect, test } from 'vitest';
import { finderScores, recommendFilter } from '@/features/filter-finder/finder';

describe('filter finder (docs/product/tools.md#filter-finder)', () => {
  test('scores add up per answer', () => {
    // apartment: pleated 2, fiberglass 1; cost: fiberglass 3, pleated 1; budget 10: fiberglass 2, pleated 1; old: fiberglass 2, pleated 1
    expect(finderScores({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'old' })).toEqual({
      fiberglass: 8,
      pleated: 5,
      high_efficiency: 0,
      washable: 0,
      electrostatic: 0,
      specialized: 0,
    });
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'old' })).toBe(
      'fiberglass',
    );
  });

  test.each([
    [{ homeType: 'house', concern: 'general', budget: 20, systemAge: 'medium' }, 'pleated'],
    [{ homeType: 'large_house', concern: 'allergies', budget: 50, systemAge: 'new' }, 'high_efficiency'],
    [{ homeType: 'house', concern: 'pets', budget: 15, systemAge: 'medium' }, 'pleated'],
  ] as const)('%o -> %s', (inputs, expected) => {
    expect(recommendFilter(inputs)).toBe(expected);
  });

  test('budget boundaries: under 15, 15 to 29, 30 and up', () => {
    const at = (budget: number) => finderScores({ homeType: 'apartment', concern: 'cost', budget, systemAge: 'old' });
    expect(at(14).fiberglass - at(15).fiberglass).toBe(2);
    expect(at(29).pleated).toBe(at(15).pleated);
    expect(at(30).specialized).toBe(2);
    expect(at(30).electrostatic).toBe(1);
  });

  test('ties go to the earlier type in the order of docs/product/tools.md#filter-finder', () => {
    // large_house: high_eff 2, specialized 1; allergies: high_eff 3, specialized 2; budget 30: high_eff 2, specialized 2, electrostatic 1;
    // old: fiberglass 2, pleated 1 -> high_eff 7, specialized 5
    expect(recommendFilter({ homeType: 'large_house', concern: 'allergies', budget: 30, systemAge: 'old' })).toBe(
      'high_efficiency',
    );
    // apartment(pleated 2, fiberglass 1) + cost(fiberglass 3, pleated 1) + budget 20 (pleated 3, high 1) + old(fiberglass 2, pleated 1):
    // fiberglass 6, pleated 7 -> pleated
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 20, systemAge: 'old' })).toBe('pleated');
    // apartment + cost + budget 10 + medium(pleated 2, high 1): fiberglass 6, pleated 6 -> tie -> fiberglass first
    expect(finderScores({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'medium' })).toMatchObject({
      fiberglass: 6,
      pleated: 6,
    });
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'medium' })).toBe(
      'fiberglass',
    );
    // house(pleated 2, high 1) + pets(pleated 2, high 2, electro 1) + budget 30(high 2, spec 2, electro 1) + medium(pleated 2, high 1):
    // pleated 6, high 6 -> tie -> pleated
    expect(recommendFilter({ homeType: 'house', concern: 'pets', budget: 30, systemAge: 'medium' })).toBe('pleated');
  });
});
