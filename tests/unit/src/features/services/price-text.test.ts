import { describe, expect, test } from 'vitest';
import { SERVICE_TYPES, servicePriceCents } from '@/features/booking/pricing';
import { chargeStatement, extrasSegments, plainText, priceSegments } from '@/features/services/price-text';
import { formatCents } from '@/lib/format';

const ranges = [
  { range: '$89-129', covers: 'a typical full cleaning in the wider market', kind: 'market' as const },
  { range: '$8-15', covers: 'one bulb', kind: 'part' as const },
];

describe('chargeStatement (docs/product/services.md#informational-ranges)', () => {
  test.each(SERVICE_TYPES)('%s states the price the booking card starts at', (serviceType) => {
    expect(chargeStatement(serviceType)).toContain(formatCents(servicePriceCents(serviceType, {})));
  });

  test('air filters: the cheapest and the dearest grade, the filter included', () => {
    expect(chargeStatement('air-filter-replacement')).toBe(
      '$25.00 with a Standard filter, up to $40.00 with Ultra Premium, the filter included',
    );
  });

  test('smoke detectors: the first and each additional one', () => {
    expect(chargeStatement('smoke-detector-batteries')).toBe(
      '$20.00 for the first detector and $10.00 for each additional one',
    );
  });
});

describe('priceSegments', () => {
  test('fills {charge} and {range:N} and keeps the words around them', () => {
    const segments = priceSegments('Ours is {charge}. Elsewhere: {range}; bulbs {range:1}.', {
      serviceType: 'dryer-vent-cleaning',
      ranges,
    });
    expect(segments.map((s) => s.kind)).toEqual(['text', 'charge', 'text', 'range', 'text', 'range', 'text']);
    expect(plainText(segments)).toBe(
      'Ours is $35.00 for the cleaning of one dryer vent. Elsewhere: $89-129 for a typical full cleaning in the wider market; bulbs $8-15 for one bulb.',
    );
  });

  test("fills {extras} with the page's listed extras, each its own segment, the special-order part left out", () => {
    const segments = priceSegments('Our listed prices: {extras}.', { ranges, page: 'refrigerator-filters' });
    expect(segments.flatMap((s) => (s.kind === 'extra' ? [s.extraId] : []))).toEqual([
      'fridge-filter-grille',
      'fridge-filter-internal',
      'fridge-filter-inline',
    ]);
    expect(plainText(segments)).toBe(
      'Our listed prices: Refrigerator filter, grille or base: $35.00; Refrigerator filter, inside the fridge: $45.00; Refrigerator filter, inline: $25.00.',
    );
  });

  test('refuses {extras} without a page, or on a page whose only extra is priced by the owner', () => {
    expect(() => priceSegments('{extras}', { ranges })).toThrow(/no extras/);
    expect(extrasSegments('water-softener-salt')).toEqual([]);
    expect(() => priceSegments('{extras}', { ranges, page: 'water-softener-salt' })).toThrow(/no extras/);
  });

  test('refuses a typed amount, a charge for a service not booked online and a missing range', () => {
    expect(() => priceSegments('It costs $35.', { serviceType: 'dryer-vent-cleaning', ranges })).toThrow(/typed/);
    expect(() => priceSegments('Ours is {charge}.', { ranges })).toThrow(/not booked online/);
    expect(() => priceSegments('{range:2}', { ranges })).toThrow(/names no range/);
  });
});
