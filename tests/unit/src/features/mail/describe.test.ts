import { describe, expect, test } from 'vitest';
import { orderDescription, visitService } from '../../../../../src/features/mail/describe.ts';

describe('orderDescription (the account page order list, the e-mails, the owner events)', () => {
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

describe('visitService (the desk, the e-mails, the owner events)', () => {
  test.each([
    [{ service: 'dryer-vent-cleaning', options: {}, plan_visit_no: null }, 'Dryer Vent Cleaning'],
    [{ service: 'vacuum-cleanout', options: { ventCount: 3 }, plan_visit_no: null }, 'Vacuum Clean-out (3 vents)'],
    [{ service: 'full', options: {}, plan_visit_no: 2 }, 'Autopilot Full quarterly visit'],
    [{ service: 'lite', options: {}, plan_visit_no: 1 }, 'Autopilot Lite quarterly visit'],
    // A plan's tier on a visit that is no plan visit, or a service a future version wrote, reads as stored.
    [{ service: 'full', options: {}, plan_visit_no: null }, 'full'],
    [{ service: 'gutter-cleaning', options: {}, plan_visit_no: null }, 'gutter-cleaning'],
  ] as const)('%o -> %s', (row, expected) => {
    expect(visitService({ ...row, options: { ...row.options } })).toBe(expected);
  });
});
