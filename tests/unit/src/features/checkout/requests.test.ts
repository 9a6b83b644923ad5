import { describe, expect, test } from 'vitest';
import { paymentCheckoutRequest, subscriptionCheckoutRequest } from '@/features/checkout/requests';
import { firstIssue } from '@/lib/validation';

describe('checkout requests', () => {
  test('planType is lite or full', () => {
    expect(subscriptionCheckoutRequest.parse({ planType: 'full' })).toEqual({ planType: 'full' });
    const bad = subscriptionCheckoutRequest.safeParse({ planType: 'gold' });
    expect(bad.success || firstIssue(bad.error)).toBe('planType must be lite or full');
  });
  test('options must be an object when present', () => {
    const bad = paymentCheckoutRequest.safeParse({ serviceType: 'vacuum-cleanout', options: [1] });
    expect(bad.success || firstIssue(bad.error)).toBe('options must be an object');
    expect(paymentCheckoutRequest.parse({ serviceType: 'x' })).toEqual({ serviceType: 'x' });
  });
});
