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
    // A pay request paid (docs/product/extras.md#paid): its lines with their quantities, else its service.
    [
      {
        kind: 'extras',
        item: 'light-bulb-replacement',
        options: {
          items: [
            { id: 'bulb-led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 3, amountCents: 2400 },
            { id: 'special-order', name: 'Special-order part: Globe', unitCents: 2250, qty: 1, amountCents: 2250 },
          ],
          tipCents: 500,
        },
      },
      'Extras: 3 × LED bulb, standard (A19), 1 × Special-order part: Globe',
    ],
    [{ kind: 'extras', item: 'dryer-vent-cleaning', options: {} }, 'Extras for Dryer Vent Cleaning'],
    [{ kind: 'extras', item: 'full', options: { items: 'not a list' } }, 'Extras for Autopilot Full quarterly visit'],
    [{ kind: 'extras', item: '', options: { items: [{ qty: 1 }] } }, 'Extras'],
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
