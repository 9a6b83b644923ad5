import { describe, expect, test } from 'vitest';
import { addInterval } from '../../../../../server/embedded/stripe/billing.ts';

describe('billing periods', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  test.each([
    ['2026-11-22T10:00:00Z', 'month', 1, '2026-12-22T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 'month', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 'month', 1, '2028-02-29T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'month', 3, '2027-02-22T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'year', 1, '2027-11-22T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'week', 2, '2026-12-06T00:00:00Z'],
  ] as const)('%s + %d %s', (start, interval, count, end) => {
    expect(addInterval(at(start), interval, count)).toBe(at(end));
  });
});
