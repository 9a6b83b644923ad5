import { describe, expect, test } from 'vitest';
import { paymentCheckoutRequest } from '@/features/booking/checkout-request';
import { firstIssue } from '@/lib/validation';
import { AREA, TODAY, VISIT } from './visit-fixtures';

const request = paymentCheckoutRequest(AREA, TODAY);

describe('the payment checkout request', () => {
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
  test('the consent box rides as visit.textConsent: true or false, missing when not sent (docs/product/texts.md#consent)', () => {
    for (const textConsent of [true, false]) {
      expect(request.parse({ serviceType: 'x', visit: { ...VISIT, textConsent } }).visit.textConsent).toBe(textConsent);
    }
    expect(request.parse({ serviceType: 'x', visit: VISIT }).visit).not.toHaveProperty('textConsent');
    const text = request.safeParse({ serviceType: 'x', visit: { ...VISIT, textConsent: 'yes' } });
    expect(text.success || firstIssue(text.error)).toBe('visit.textConsent: textConsent must be true or false');
  });
});
