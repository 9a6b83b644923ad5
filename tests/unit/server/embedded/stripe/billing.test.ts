import { describe, expect, test } from 'vitest';
import {
  addInterval,
  buildInvoice,
  nextPaymentAttempt,
  periodEndAfter,
  prorationLines,
} from '../../../../../server/embedded/stripe/billing.ts';
import type { Price } from '../../../../../server/embedded/stripe/prices.ts';

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

describe('renewals follow the billing cycle anchor', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  test('a monthly plan anchored on the 31st bills on the last day of short months, then the 31st again', () => {
    const anchor = at('2027-01-31T09:00:00Z');
    const monthly = { interval: 'month', interval_count: 1 } as const;
    expect(periodEndAfter(anchor, monthly, anchor)).toBe(at('2027-02-28T09:00:00Z'));
    expect(periodEndAfter(anchor, monthly, at('2027-02-28T09:00:00Z'))).toBe(at('2027-03-31T09:00:00Z'));
    expect(periodEndAfter(anchor, { interval: 'month', interval_count: 3 }, anchor)).toBe(at('2027-04-30T09:00:00Z'));
  });
});

describe('prorating a change of price (invoiced at once)', () => {
  const recurring = (interval: 'month' | 'year', count = 1) => ({
    interval,
    interval_count: count,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed' as const,
  });
  const price = (id: string, amount: number, interval: 'month' | 'year', count = 1): Price =>
    ({
      id,
      object: 'price',
      currency: 'usd',
      unit_amount: amount,
      product: 'prod_1',
      recurring: recurring(interval, count),
    }) as unknown as Price;
  const lite = price('price_lite', 3900, 'month');
  const start = 1_800_000_000;
  const end = start + 30 * 86_400;

  test('same interval, halfway: half the old price credited, half the new charged; the period stays', () => {
    const change = prorationLines({
      item: { id: 'si_1', price: lite, quantity: 1, productName: 'Autopilot Lite' },
      newPrice: price('price_full', 5900, 'month'),
      newProductName: 'Autopilot Full',
      periodStart: start,
      periodEnd: end,
      now: start + 15 * 86_400,
    });
    expect(change.lines.map((l) => l.amount)).toEqual([-1950, 2950]);
    expect(change).toMatchObject({ periodStart: start, periodEnd: end, anchorReset: false });
  });

  test('another interval: a full new period from now, less the unused time', () => {
    const now = start + 10 * 86_400;
    const change = prorationLines({
      item: { id: 'si_1', price: lite, quantity: 1, productName: 'Autopilot Lite' },
      newPrice: price('price_full_annual', 63000, 'year'),
      newProductName: 'Autopilot Full',
      periodStart: start,
      periodEnd: end,
      now,
    });
    expect(change.lines.map((l) => l.amount)).toEqual([-2600, 63000]);
    expect(change).toMatchObject({ periodStart: now, periodEnd: addInterval(now, 'year', 1), anchorReset: true });
  });

  test("an invoice takes the customer's credit first; what it does not use stays a credit", () => {
    const line = (amount: number) => ({
      amount,
      description: 'x',
      price: lite,
      quantity: 1,
      period: { start, end },
      item: 'si_1',
      proration: false,
    });
    const invoice = (balance: number, amounts: number[]) =>
      buildInvoice({
        subscription: { id: 'sub_1', metadata: {} },
        lines: amounts.map(line),
        customer: { id: 'cus_1', email: null, name: null, balance },
        reason: 'subscription_cycle',
        now: start,
        number: 'X-0001',
        paymentIntent: null,
      });
    expect(invoice(-1000, [3900])).toMatchObject({ total: 3900, amount_due: 2900, ending_balance: 0 });
    expect(invoice(-59100, [3900])).toMatchObject({ amount_due: 0, ending_balance: -55200 });
    expect(invoice(0, [-63000, 3900])).toMatchObject({ total: -59100, amount_due: 0, ending_balance: -59100 });
  });
});

describe('a failed payment is retried 3, 5 and 7 days after the attempt before, then given up', () => {
  test.each([
    [1, 1_000_000, 1_000_000 + 3 * 86_400],
    [2, 2_000_000, 2_000_000 + 5 * 86_400],
    [3, 3_000_000, 3_000_000 + 7 * 86_400],
    [4, 4_000_000, null],
  ])('after %i failed attempts (the last at %i): next at %s', (attempts, last, next) => {
    expect(nextPaymentAttempt(attempts, last)).toBe(next);
  });
});
