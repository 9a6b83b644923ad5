import { describe, expect, test } from 'vitest';
import { subscriptionAnswer, type SubscriptionRow } from '../../../../../functions/_lib/plans/subscription-status.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const row = (tier: 'lite' | 'full', status: string, end: string | null): SubscriptionRow => ({
  tier,
  status,
  current_period_end: end === null ? null : new Date(end),
});

describe('subscriptionAnswer (docs/product/accounts.md#subscription-status: active or trialing, period not ended)', () => {
  test.each([
    [[], { subscribed: false, subscription_tier: null, subscription_end: null }],
    [
      [row('lite', 'active', '2026-12-22T12:00:00Z')],
      { subscribed: true, subscription_tier: 'lite', subscription_end: '2026-12-22T12:00:00.000Z' },
    ],
    [
      [row('full', 'trialing', '2026-12-01T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-01T00:00:00.000Z' },
    ],
    [
      [row('lite', 'active', '2026-11-22T11:59:59Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'canceled', '2026-12-22T00:00:00Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'past_due', '2026-12-22T00:00:00Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'canceled', '2027-06-01T00:00:00Z'), row('full', 'active', '2026-12-05T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-05T00:00:00.000Z' },
    ],
    [
      [row('lite', 'active', '2026-12-05T00:00:00Z'), row('full', 'active', '2026-12-05T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-05T00:00:00.000Z' },
    ],
    [[row('lite', 'active', null)], { subscribed: true, subscription_tier: 'lite', subscription_end: null }],
  ])('%#', (rows, answer) => {
    expect(subscriptionAnswer(rows, NOW)).toEqual(answer);
  });
});
