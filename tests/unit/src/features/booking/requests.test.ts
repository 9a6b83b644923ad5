import { describe, expect, test } from 'vitest';
import { paymentCheckoutRequest, subscriptionCheckoutRequest } from '@/features/booking/requests';
import { firstIssue } from '@/lib/validation';
import { AREA, TODAY, VISIT } from './visit-fixtures';

const request = paymentCheckoutRequest(AREA, TODAY);

describe('checkout requests', () => {
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
  test('options must be an object when present', () => {
    const bad = request.safeParse({ serviceType: 'vacuum-cleanout', options: [1], visit: VISIT });
    expect(bad.success || firstIssue(bad.error)).toBe('options must be an object');
    expect(request.parse({ serviceType: 'x', visit: VISIT })).toEqual({ serviceType: 'x', visit: VISIT });
  });
  test('the visit is required and checked, and a 400 names its field', () => {
    const missing = request.safeParse({ serviceType: 'x' });
    expect(missing.success || firstIssue(missing.error)).toMatch(/^visit: /);
    const outside = request.safeParse({ serviceType: 'x', visit: { ...VISIT, zip: '64101' } });
    expect(outside.success || firstIssue(outside.error)).toMatch(/^visit\.zip: This ZIP code is outside our 25-mile/);
  });
});
