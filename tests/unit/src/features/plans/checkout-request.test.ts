import { describe, expect, test } from 'vitest';
import { subscriptionCheckoutRequest } from '@/features/plans/checkout-request';
import { firstIssue } from '@/lib/validation';

describe('the subscription checkout request', () => {
  test('planType is lite or full', () => {
    expect(subscriptionCheckoutRequest.parse({ planType: 'full' })).toEqual({
      planType: 'full',
      billingPeriod: 'monthly',
    });
    const bad = subscriptionCheckoutRequest.safeParse({ planType: 'gold' });
    expect(bad.success || firstIssue(bad.error)).toBe('planType must be lite or full');
  });
  test('billingPeriod is monthly (the default), quarterly or annual', () => {
    for (const billingPeriod of ['monthly', 'quarterly', 'annual'] as const) {
      expect(subscriptionCheckoutRequest.parse({ planType: 'lite', billingPeriod })).toEqual({
        planType: 'lite',
        billingPeriod,
      });
    }
    for (const billingPeriod of ['yearly', '', 12, null]) {
      const bad = subscriptionCheckoutRequest.safeParse({ planType: 'lite', billingPeriod });
      expect(bad.success || firstIssue(bad.error)).toBe('billingPeriod must be monthly, quarterly or annual');
    }
  });
  test('planRequestId, when sent, is the id of a stored plan request', () => {
    const id = '6f1c2a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
    expect(subscriptionCheckoutRequest.parse({ planType: 'lite', planRequestId: id }).planRequestId).toBe(id);
    const bad = subscriptionCheckoutRequest.safeParse({ planType: 'lite', planRequestId: 'lead-1' });
    expect(bad.success || firstIssue(bad.error)).toMatch(/^planRequestId/);
  });
});
