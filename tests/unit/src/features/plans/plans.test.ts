import { describe, expect, test } from 'vitest';
import {
  PERIOD_TERMS,
  PLANS,
  PLAN_TERMS,
  getPlan,
  periodPrice,
  planName,
  visitChecklist,
} from '@/features/plans/plans';

describe('Autopilot plans (docs/product/plans.md#plan-prices)', () => {
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

describe('billing periods (docs/product/plans.md#billing-periods)', () => {
  test.each([
    ['lite', 'monthly', 39],
    ['lite', 'quarterly', 117],
    ['lite', 'annual', 420],
    ['full', 'monthly', 59],
    ['full', 'quarterly', 177],
    ['full', 'annual', 630],
  ] as const)('%s paid %s costs $%d a period', (type, period, dollars) => {
    expect(periodPrice(getPlan(type), period)).toBe(dollars);
  });

  test('how each period bills and how cancelling ends it (docs/product/plans.md#cancellation-and-plan-changes)', () => {
    expect(PERIOD_TERMS.monthly).toMatchObject({ name: 'monthly', per: 'month' });
    expect(PERIOD_TERMS.quarterly).toMatchObject({ name: 'every 3 months', per: '3 months' });
    expect(PERIOD_TERMS.annual).toMatchObject({ name: 'annual', per: 'year' });
    expect(PERIOD_TERMS.annual.billing).toBe('charged once a year, in advance, for all four visits');
    expect(PERIOD_TERMS.annual.cancelling).toContain('the rest of that year is not refunded');
    expect(PERIOD_TERMS.monthly.cancelling).toBe('the plan runs to the end of the month you have paid for, then ends');
  });
});

describe("a plan visit's checklist (docs/product/visits.md#plan-visits)", () => {
  test("Lite: what Lite includes; Full: Lite's items spelled out, then Full's own", () => {
    expect(visitChecklist('lite')).toEqual(getPlan('lite').includes);
    expect(visitChecklist('full')).toEqual([
      'Air filters replaced',
      'Refrigerator water filter',
      'Smoke detector batteries tested and replaced',
      'Vacuum clean-out',
      'Water softener salt refilled',
      'Reverse osmosis filters changed',
      'Light bulbs changed',
    ]);
  });
});
