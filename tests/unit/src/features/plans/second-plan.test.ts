import { describe, expect, test } from 'vitest';
import { SECOND_PLAN_TITLE, secondPlanMessage } from '@/features/plans/second-plan';

describe('the second plan message (docs/product/plans.md#one-live-plan-per-customer)', () => {
  test('names the plan kept, the plan cancelled and the refund', () => {
    expect(SECOND_PLAN_TITLE).toBe('You already have an Autopilot plan');
    expect(
      secondPlanMessage({
        second: { tier: 'full', billingPeriod: 'annual' },
        kept: { tier: 'lite', billingPeriod: 'monthly' },
        refund: { cents: 63000, currency: 'usd' },
      }),
    ).toBe(
      'Your Autopilot Lite (monthly) plan continues as it is. The second plan, Autopilot Full (annual), was cancelled at once and its payment of $630.00 has been refunded to your card (refunds take 5 to 10 days to show on a statement). To change plan or billing period, use Manage billing on your account page.',
    );
  });

  test('while the refund is on its way, and without a known period or kept plan', () => {
    expect(secondPlanMessage({ second: { tier: 'lite', billingPeriod: null }, kept: null, refund: null })).toBe(
      'The second plan, Autopilot Lite, was cancelled at once and its payment is being refunded to your card. To change plan or billing period, use Manage billing on your account page.',
    );
  });
});
