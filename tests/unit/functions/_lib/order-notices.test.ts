import { describe, expect, test } from 'vitest';
import { planChange, publicOrigin, type PlanState } from '../../../../functions/_lib/order-notices.ts';

const LIVE: PlanState = {
  tier: 'lite',
  billing_period: 'monthly',
  status: 'active',
  cancel_at_period_end: false,
  current_period_end: new Date('2026-12-25T00:00:00Z'),
  price_cents: 3900,
  duplicate_of: null,
};

describe('what a subscription event tells the customer and the owner', () => {
  test('a plan becoming live has started', () => {
    expect(planChange(null, LIVE)).toBe('started');
    expect(planChange({ ...LIVE, status: 'incomplete' }, LIVE)).toBe('started');
    expect(planChange(null, { ...LIVE, status: 'incomplete' })).toBeNull();
  });
  test('another plan or period is a change; the same again is nothing', () => {
    expect(planChange(LIVE, { ...LIVE, tier: 'full' })).toBe('changed');
    expect(planChange(LIVE, { ...LIVE, billing_period: 'annual' })).toBe('changed');
    expect(planChange(LIVE, LIVE)).toBeNull();
    // The period first read from a later event of the same plan is not a change.
    expect(planChange({ ...LIVE, billing_period: null }, LIVE)).toBeNull();
  });
  test('set to cancel, or ended at once, is a cancellation, told once', () => {
    const cancelling = { ...LIVE, cancel_at_period_end: true };
    expect(planChange(LIVE, cancelling)).toBe('cancelled');
    expect(planChange(cancelling, cancelling)).toBeNull();
    expect(planChange(cancelling, { ...cancelling, status: 'canceled' })).toBeNull();
    expect(planChange(LIVE, { ...LIVE, status: 'canceled' })).toBe('cancelled');
  });
  test('a second plan (being refunded) is not told as started', () => {
    expect(planChange(null, { ...LIVE, duplicate_of: 'sub_first' })).toBeNull();
  });
  test('links point at SITE_URL, else this server', () => {
    expect(publicOrigin({ SITE_URL: 'https://www.example.com/' })).toBe('https://www.example.com');
    expect(publicOrigin({ PORT: '4520' })).toBe('http://localhost:4520');
  });
});
