import { describe, expect, test } from 'vitest';
import { parseLineItems, periodText, priceObject } from '../../../../../server/embedded/stripe/prices.ts';

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

describe("the account's own prices", () => {
  const known = new Map([
    [
      'price_annual',
      {
        price: priceObject({
          id: 'price_annual',
          created: 0,
          currency: 'usd',
          unitAmount: 63000,
          product: 'prod_1',
          recurring: { interval: 'year', interval_count: 1 },
        }),
        productName: 'Autopilot Full',
        productDescription: null,
      },
    ],
    [
      'price_old',
      {
        price: priceObject({
          id: 'price_old',
          created: 0,
          currency: 'usd',
          unitAmount: 100,
          product: 'prod_1',
          recurring: null,
          active: false,
        }),
        productName: 'Old',
        productDescription: null,
      },
    ],
  ]);

  test('a line names a price by id; unknown and inactive ones are refused naming the field', () => {
    const [item] = parseLineItems({ '0': { price: 'price_annual', quantity: '1' } }, 'subscription', 0, known);
    expect(item).toMatchObject({ amount: 63000, productName: 'Autopilot Full', price: { id: 'price_annual' } });
    expect(() => parseLineItems({ '0': { price: 'price_x', quantity: '1' } }, 'subscription', 0, known)).toThrow(
      "No such price: 'price_x'",
    );
    expect(() => parseLineItems({ '0': { price: 'price_old', quantity: '1' } }, 'payment', 0, known)).toThrow(
      /inactive/,
    );
  });

  test('periods are written as the hosted pages write them', () => {
    expect(periodText({ interval: 'month', interval_count: 1 })).toBe('per month');
    expect(periodText({ interval: 'month', interval_count: 3 })).toBe('every 3 months');
    expect(periodText({ interval: 'year', interval_count: 1 })).toBe('per year');
  });
});
