import { describe, expect, test } from 'vitest';
import type { FinderInputs } from '@/features/filter-finder/finder';
import { budgetFromText, explainRecommendation } from '@/features/filter-finder/recommendation';

describe('filter finder explanation', () => {
  const answers: FinderInputs = { homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'medium' };

  test('a tie (apartment, cost, $10, medium) goes to fiberglass, 6 points each', () => {
    // fiberglass 1 + 3 + 2 + 0 = 6; pleated 2 + 1 + 1 + 2 = 6
    expect(explainRecommendation(answers)).toEqual({
      id: 'fiberglass',
      points: 6,
      runnerUp: { id: 'pleated', points: 6 },
      tie: true,
      overBudget: false,
    });
  });

  test('a clear win: house, general, $25, new -> pleated 8 ahead of high efficiency 5', () => {
    expect(explainRecommendation({ homeType: 'house', concern: 'general', budget: 25, systemAge: 'new' })).toEqual({
      id: 'pleated',
      points: 8,
      runnerUp: { id: 'high_efficiency', points: 5 },
      tie: false,
      overBudget: false,
    });
  });

  test('flags a budget below the usual price of the pick', () => {
    // large house + allergies outweigh a $10 budget: high efficiency (from $15) wins with 5 points
    const pick = explainRecommendation({ homeType: 'large_house', concern: 'allergies', budget: 10, systemAge: 'old' });
    expect(pick).toMatchObject({ id: 'high_efficiency', points: 5, overBudget: true });
    expect(explainRecommendation({ ...answers, budget: 15 }).overBudget).toBe(false);
  });
});

describe('typed budget (the slider alternative, docs/product/tools.md#filter-finder: 5-100 step 5)', () => {
  test.each([
    ['20', 20],
    [' 35 ', 35],
    ['17', 15],
    ['18', 20],
    ['12.5', 15],
    ['3', 5],
    ['0', 5],
    ['-40', 5],
    ['250', 100],
  ])('%j -> %d', (text, budget) => {
    expect(budgetFromText(text)).toBe(budget);
  });

  test.each(['', '  ', 'abc', '1e999'])('%j is not a budget yet', (text) => {
    expect(budgetFromText(text)).toBeNull();
  });
});
