import { describe, expect, test } from 'vitest';
import { parseLineItems } from '../../../../../server/embedded/stripe/prices.ts';

describe('line items', () => {
  test('line items: price_data priced, recurring only in subscription mode', () => {
    const monthly = {
      '0': {
        quantity: '1',
        price_data: {
          currency: 'USD',
          unit_amount: '3900',
          product_data: { name: 'Lite' },
          recurring: { interval: 'month' },
        },
      },
    };
    const [item] = parseLineItems(monthly, 'subscription', 0);
    expect(item).toMatchObject({
      quantity: 1,
      amount: 3900,
      productName: 'Lite',
      price: { currency: 'usd', type: 'recurring', recurring: { interval: 'month', interval_count: 1 } },
    });
    expect(() => parseLineItems(monthly, 'payment', 0)).toThrow(/recurring price/);
  });
});
