import { describe, expect, test } from 'vitest';
import { formatCents, formatUsd } from '@/lib/format';
import { formatMoney } from '@/lib/money';

describe('money in words', () => {
  test('dollars and cents', () => {
    expect(formatUsd(39)).toBe('$39');
    expect(formatUsd(39.5)).toBe('$39.50');
    expect(formatCents(3000)).toBe('$30.00');
  });
  test('an amount in the currency the card provider reports', () => {
    expect(formatMoney(3900, 'usd')).toBe('$39.00');
    expect(formatMoney(3900, 'USD')).toBe('$39.00');
    expect(formatMoney(3900, 'eur')).toBe('€39.00');
  });
});
