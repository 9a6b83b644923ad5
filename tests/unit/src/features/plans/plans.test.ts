import { describe, expect, test } from 'vitest';
import { PLANS, PLAN_TERMS, planName } from '@/features/plans/plans';

describe('Autopilot plans (docs/product.md#plan-prices)', () => {
  test.each([
    ['lite', 'Autopilot Lite', 39, 117, 420, 48, false],
    ['full', 'Autopilot Full', 59, 177, 630, 78, true],
  ] as const)(
    '%s: %s $%d/month, $%d/visit, $%d/year, saves $%d',
    (type, name, monthly, perVisit, annual, saving, popular) => {
      const plan = PLANS.find((p) => p.type === type);
      expect(plan).toMatchObject({ name, monthly, perVisit, annual, annualSaving: saving, mostPopular: popular });
      // The figures are consistent with each other: a visit is three months, a year is twelve.
      expect(plan?.perVisit).toBe(monthly * 3);
      expect((plan?.annual ?? 0) + saving).toBe(monthly * 12);
    },
  );

  test('quarterly service with 30 days notice', () => {
    expect(PLAN_TERMS).toEqual({ visitsPerYear: 4, cancellationNoticeDays: 30 });
  });

  test('planName maps tiers to display names and rejects unknown tiers', () => {
    expect(planName('lite')).toBe('Autopilot Lite');
    expect(planName('full')).toBe('Autopilot Full');
    expect(() => planName('gold' as never)).toThrow(/Unknown plan type/);
  });
});
