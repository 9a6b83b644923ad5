/** Plan prices in cents and the card provider's billing of each period (docs/product/plans.md#billing-periods). */
import { describe, expect, test } from 'vitest';
import {
  BILLING_INTERVALS,
  SUBSCRIPTION_PRICE_CENTS,
  planOfPrice,
  subscriptionPriceCents,
} from '@/features/plans/prices';

describe('plan prices per billing period (docs/product/plans.md#billing-periods)', () => {
  test('every period of every plan, in cents, as the plan pages show them', () => {
    expect(SUBSCRIPTION_PRICE_CENTS).toEqual({
      lite: { monthly: 3900, quarterly: 11700, annual: 42000 },
      full: { monthly: 5900, quarterly: 17700, annual: 63000 },
    });
  });

  test('the card provider bills monthly every month, quarterly every 3 months, annual every year', () => {
    expect(BILLING_INTERVALS).toEqual({
      monthly: { interval: 'month', intervalCount: 1 },
      quarterly: { interval: 'month', intervalCount: 3 },
      annual: { interval: 'year', intervalCount: 1 },
    });
  });

  test.each([
    [
      { unitAmount: 42000, currency: 'usd', interval: 'year', intervalCount: 1 },
      { plan: 'lite', period: 'annual' },
    ],
    [
      { unitAmount: 17700, currency: 'usd', interval: 'month', intervalCount: 3 },
      { plan: 'full', period: 'quarterly' },
    ],
    [{ unitAmount: 5900 }, { plan: 'full', period: 'monthly' }],
    [{ unitAmount: 42000, currency: 'usd', interval: 'month', intervalCount: 1 }, null],
    [{ unitAmount: 3900, currency: 'eur', interval: 'month', intervalCount: 1 }, null],
    [{ unitAmount: 4000 }, null],
  ] as const)('planOfPrice(%o) is %o', (price, expected) => {
    expect(planOfPrice(price)).toEqual(expected);
  });
});

describe('the test page prices of docs/product/checkout.md#webhook-test-page', () => {
  test('subscriptions bill $39 and $59 a month', () => {
    expect(subscriptionPriceCents('lite', 'monthly')).toBe(3900);
    expect(subscriptionPriceCents('full', 'monthly')).toBe(5900);
  });
});
