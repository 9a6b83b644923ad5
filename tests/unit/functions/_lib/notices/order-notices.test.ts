import { describe, expect, test } from 'vitest';
import { planChange, type PlanState } from '../../../../../functions/_lib/notices/order-notices.ts';
import { publicOrigin } from '../../../../../functions/_lib/platform/config.ts';

const LIVE: PlanState = {
  tier: 'lite',
  billing_period: 'monthly',
  status: 'active',
  cancel_at_period_end: false,
  current_period_end: new Date('2026-12-25T00:00:00Z'),
  price_cents: 3900,
  duplicate_of: null,
};

describe('what a subscription event tells the customer and the owner (docs/product/emails.md#owner-events)', () => {
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
  test('a failed renewal payment the provider still retries is no cancellation, told once', () => {
    const pastDue = { ...LIVE, status: 'past_due', current_period_end: new Date('2027-01-25T00:00:00Z') };
    expect(planChange(LIVE, pastDue)).toBe('payment_failed');
    // Another failed retry, or the period moving on while it is unpaid: nothing new.
    expect(planChange(pastDue, pastDue)).toBeNull();
    // Paid on a retry: active again, told by the renewal's invoice (plan.renewed), not as a new start.
    expect(planChange(pastDue, { ...pastDue, status: 'active' })).toBeNull();
    // The retries ran out: a real end.
    expect(planChange(pastDue, { ...pastDue, status: 'canceled' })).toBe('cancelled');
    expect(planChange(pastDue, { ...pastDue, status: 'unpaid' })).toBe('cancelled');
    // Never live: no start, no failure.
    expect(planChange(null, pastDue)).toBeNull();
  });
  test('only canceled, unpaid and incomplete_expired end a plan; another non-live state says nothing', () => {
    expect(planChange(LIVE, { ...LIVE, status: 'incomplete_expired' })).toBe('cancelled');
    expect(planChange(LIVE, { ...LIVE, status: 'unpaid' })).toBe('cancelled');
    expect(planChange(LIVE, { ...LIVE, status: 'paused' })).toBeNull();
  });
  test('a cancellation undone while live ("Keep plan") is a resumption, and cancelling again is told again', () => {
    const cancelling = { ...LIVE, cancel_at_period_end: true };
    expect(planChange(cancelling, LIVE)).toBe('resumed');
    expect(planChange(LIVE, cancelling)).toBe('cancelled');
    expect(planChange(LIVE, LIVE)).toBeNull();
  });
  test('a second plan (being refunded) is not told as started', () => {
    expect(planChange(null, { ...LIVE, duplicate_of: 'sub_first' })).toBeNull();
  });
  test('links point at SITE_URL, else this server', () => {
    expect(publicOrigin({ SITE_URL: 'https://www.example.com/' })).toBe('https://www.example.com');
    expect(publicOrigin({ PORT: '4520' })).toBe('http://localhost:4520');
  });
});
