import { describe, expect, test } from 'vitest';
import { PREVENTION_COST_PER_YEAR } from '@/features/hidden-costs/hidden-cost-model';
import { getScenario, SCENARIOS, scenarioCosts } from '@/features/hidden-costs/scenarios';
import { getPlan } from '@/features/plans/plans';

describe('hidden-costs scenarios (docs/product/tools.md#real-world-scenarios)', () => {
  test.each([
    // 8 months, 1,500 sq ft: 720 energy + 2,150 repair + 1,600 health = 4,470
    ['hidden-return', 48, 4470, 4422],
    // 6 months, 2,400 sq ft: 864 + 1,493 + 1,200 = 3,557
    ['two-dogs', 72, 3557, 3485],
    // 12 months, 3,000 sq ft: 1,800 (impact capped at 50%) + 4,458 + 2,400 = 8,658
    ['allergy-upgrade', 144, 8658, 8514],
  ] as const)('%s: $%d a year in filters, $%d of neglect, saves $%d', (id, prevention, total, savings) => {
    const costs = scenarioCosts(getScenario(id));
    expect(costs.preventionCost).toBe(prevention);
    expect(costs.neglect.total).toBe(total);
    expect(costs.savings).toBe(savings);
  });

  test('the three prevention figures of the content ($48, $72, $144, fixed) are a year of filters', () => {
    expect(SCENARIOS.map((s) => s.filterPrice * scenarioCosts(s).changesPerYear)).toEqual([48, 72, 144]);
  });

  test('each home changes its filter as often as the schedule calculator says, e.g. two dogs every 37 days, 9 a year', () => {
    expect(SCENARIOS.map((s) => [s.id, scenarioCosts(s).days, scenarioCosts(s).changesPerYear])).toEqual([
      ['hidden-return', 75, 4],
      ['two-dogs', 37, 9],
      ['allergy-upgrade', 90, 4],
    ]);
  });

  test('every scenario saves its neglect total minus its own prevention cost', () => {
    for (const scenario of SCENARIOS) {
      const { neglect, preventionCost, savings } = scenarioCosts(scenario);
      expect(savings).toBe(neglect.total - preventionCost);
      expect(neglect.total).toBe(neglect.energyCost + neglect.repairRisk + neglect.healthImpact);
    }
  });

  test('rejects an unknown scenario', () => {
    expect(() => getScenario('mansion')).toThrow(/Unknown scenario/);
  });

  test("the calculator's prevention cost is a year of Autopilot Lite paid in advance", () => {
    expect(PREVENTION_COST_PER_YEAR).toBe(getPlan('lite').annual);
  });
});
