import { describe, expect, test } from 'vitest';
import { bookedOptions, bookingSummary } from '@/features/booking/booking';

describe('booked options and summaries', () => {
  test.each([
    [
      'air-filter-replacement',
      { filterQuality: 'premium', ventCount: 3 },
      { filterQuality: 'premium' },
      'Premium filter',
    ],
    ['air-filter-replacement', {}, { filterQuality: 'standard' }, 'Standard filter'],
    ['smoke-detector-batteries', { additionalDetectors: 1 }, { additionalDetectors: 1 }, '1 additional detector'],
    ['vacuum-cleanout', {}, { ventCount: 1 }, '1 vent'],
    ['vacuum-cleanout', { ventCount: 3 }, { ventCount: 3 }, '3 vents'],
    ['dryer-vent-cleaning', { ventCount: 3 }, {}, null],
  ] as const)('%s %o', (service, options, booked, summary) => {
    expect(bookedOptions(service, options)).toEqual(booked);
    expect(bookingSummary(service, booked)).toBe(summary);
  });
});
