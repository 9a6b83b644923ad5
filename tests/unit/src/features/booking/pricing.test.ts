import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  OPTION_LIMITS,
  PricingError,
  SERVICE_NAMES,
  SERVICE_TYPES,
  servicePriceCents,
  type BookingOptions,
} from '@/features/booking/pricing';

describe('servicePriceCents: every row of the table of docs/product/services.md#one-time-services', () => {
  test.each([
    ['air-filter-replacement', { filterQuality: 'standard' }, 2500],
    ['air-filter-replacement', { filterQuality: 'premium' }, 3000],
    ['air-filter-replacement', { filterQuality: 'super_premium' }, 3500],
    ['air-filter-replacement', { filterQuality: 'ultra_premium' }, 4000],
    ['air-filter-replacement', {}, 2500],
    ['dryer-vent-cleaning', {}, 3500],
    ['light-bulb-replacement', {}, 2000],
    ['refrigerator-filters', {}, 2000],
    ['smoke-detector-batteries', { additionalDetectors: 0 }, 2000],
    ['smoke-detector-batteries', { additionalDetectors: 1 }, 3000],
    ['smoke-detector-batteries', { additionalDetectors: 10 }, 12000],
    ['smoke-detector-batteries', {}, 2000],
    ['vacuum-cleanout', { ventCount: 1 }, 2000],
    ['vacuum-cleanout', { ventCount: 5 }, 10000],
    ['vacuum-cleanout', { ventCount: 20 }, 40000],
    ['vacuum-cleanout', {}, 2000],
  ])('%s %o -> %d cents', (serviceType, options, cents) => {
    expect(servicePriceCents(serviceType, options)).toBe(cents);
  });
});

describe('the test page prices of docs/product/checkout.md#webhook-test-page', () => {
  test.each([
    ['air-filter-replacement', { filterQuality: 'premium' }, 3000],
    ['dryer-vent-cleaning', {}, 3500],
    ['light-bulb-replacement', {}, 2000],
    ['refrigerator-filters', {}, 2000],
    ['smoke-detector-batteries', { additionalDetectors: 2 }, 4000],
    ['vacuum-cleanout', { ventCount: 3 }, 6000],
  ])('%s -> $%d', (serviceType, options, cents) => {
    expect(servicePriceCents(serviceType, options)).toBe(cents);
  });
});

describe('out-of-range input is rejected, never clamped', () => {
  test.each([
    ['water-softener-salt', {}, 'serviceType'],
    ['', {}, 'serviceType'],
    [undefined, {}, 'serviceType'],
    [42, {}, 'serviceType'],
    ['air-filter-replacement', { filterQuality: 'gold' }, 'options.filterQuality'],
    ['air-filter-replacement', { filterQuality: 5 }, 'options.filterQuality'],
    ['smoke-detector-batteries', { additionalDetectors: -1 }, 'options.additionalDetectors'],
    ['smoke-detector-batteries', { additionalDetectors: 11 }, 'options.additionalDetectors'],
    ['smoke-detector-batteries', { additionalDetectors: 2.5 }, 'options.additionalDetectors'],
    ['smoke-detector-batteries', { additionalDetectors: '2' }, 'options.additionalDetectors'],
    ['smoke-detector-batteries', { additionalDetectors: Number.NaN }, 'options.additionalDetectors'],
    ['vacuum-cleanout', { ventCount: 0 }, 'options.ventCount'],
    ['vacuum-cleanout', { ventCount: 21 }, 'options.ventCount'],
    ['vacuum-cleanout', { ventCount: Number.POSITIVE_INFINITY }, 'options.ventCount'],
    ['vacuum-cleanout', { ventCount: null }, 'options.ventCount'],
    // An option the service does not take is refused, not dropped (it would be booked at the default).
    ['air-filter-replacement', { filterquality: 'premium' }, 'options.filterquality'],
    ['air-filter-replacement', { filterQuality: 'premium', ventCount: 3 }, 'options.ventCount'],
    ['smoke-detector-batteries', { detectors: 3 }, 'options.detectors'],
    ['vacuum-cleanout', { ventCount: 2, additionalDetectors: 1 }, 'options.additionalDetectors'],
    ['dryer-vent-cleaning', { filterQuality: 'premium' }, 'options.filterQuality'],
  ])('%o %o fails on %s', (serviceType, options: object, field) => {
    // A request body's options may hold any key: the type of what the site itself sends does not.
    const sent = options as BookingOptions;
    expect(() => servicePriceCents(serviceType, sent)).toThrow(PricingError);
    try {
      servicePriceCents(serviceType, sent);
    } catch (error) {
      expect((error as PricingError).field).toBe(field);
    }
  });

  test('the refusal names the option the service does take', () => {
    expect(() => servicePriceCents('air-filter-replacement', { filterquality: 'premium' } as BookingOptions)).toThrow(
      'air-filter-replacement has no option filterquality; its option is filterQuality',
    );
    expect(() => servicePriceCents('light-bulb-replacement', { ventCount: 2 })).toThrow(
      'light-bulb-replacement has no option ventCount; it takes no options',
    );
  });

  test('limits are those of docs/product/services.md#one-time-services', () => {
    expect(OPTION_LIMITS).toEqual({
      additionalDetectors: { min: 0, max: 10, default: 0 },
      ventCount: { min: 1, max: 20, default: 1 },
    });
  });
});

describe('service names', () => {
  test.each(SERVICE_TYPES)('%s is named as its service page', (service) => {
    const yaml = readFileSync(join(import.meta.dirname, `../../../../../content/services/${service}.yaml`), 'utf8');
    expect(/^title: (.+)$/m.exec(yaml)?.[1]).toBe(SERVICE_NAMES[service]);
  });
});

describe('every service price in integer cents (docs/product/services.md#one-time-services)', () => {
  /** The tables of docs/product/README.md, in whole cents. */
  const SURCHARGE = { standard: 0, premium: 500, super_premium: 1000, ultra_premium: 1500 } as const;

  test('each option in range prices as the table says, a whole number of cents', () => {
    for (const [quality, surcharge] of Object.entries(SURCHARGE)) {
      expect(servicePriceCents('air-filter-replacement', { filterQuality: quality })).toBe(2500 + surcharge);
    }
    for (let extra = 0; extra <= 10; extra++) {
      expect(servicePriceCents('smoke-detector-batteries', { additionalDetectors: extra })).toBe(2000 + 1000 * extra);
    }
    for (let vents = 1; vents <= 20; vents++) {
      expect(servicePriceCents('vacuum-cleanout', { ventCount: vents })).toBe(2000 * vents);
    }
    for (const service of SERVICE_TYPES) expect(Number.isSafeInteger(servicePriceCents(service))).toBe(true);
  });
});
