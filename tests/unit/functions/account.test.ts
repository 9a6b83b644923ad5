import { describe, expect, test } from 'vitest';
import { orderDescription } from '../../../functions/account.ts';

describe('orderDescription (the account page order list)', () => {
  test.each([
    [{ kind: 'subscription', item: 'full', options: {} }, 'Autopilot Full subscription'],
    [{ kind: 'subscription', item: 'lite', options: {} }, 'Autopilot Lite subscription'],
    [
      { kind: 'subscription', item: 'full', options: { billingPeriod: 'annual' } },
      'Autopilot Full subscription (annual)',
    ],
    [
      { kind: 'subscription', item: 'lite', options: { billingPeriod: 'quarterly' } },
      'Autopilot Lite subscription (every 3 months)',
    ],
    [
      { kind: 'service', item: 'air-filter-replacement', options: { filterQuality: 'ultra_premium' } },
      'Air Filter Replacement (Ultra Premium filter)',
    ],
    [
      { kind: 'service', item: 'smoke-detector-batteries', options: { additionalDetectors: 1 } },
      'Smoke Detector Batteries (1 additional detector)',
    ],
    [{ kind: 'service', item: 'vacuum-cleanout', options: { ventCount: 3 } }, 'Vacuum Clean-out (3 vents)'],
    [{ kind: 'service', item: 'dryer-vent-cleaning', options: {} }, 'Dryer Vent Cleaning'],
    // Rows written by a future version stay readable rather than failing the page.
    [{ kind: 'service', item: 'gutter-cleaning', options: {} }, 'gutter-cleaning'],
    [{ kind: 'service', item: 'toString', options: {} }, 'toString'],
  ] as const)('%o -> %s', (row, expected) => {
    expect(orderDescription({ ...row, options: { ...row.options } })).toBe(expected);
  });
});
