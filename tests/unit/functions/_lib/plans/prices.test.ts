import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { PLAN_PRICES, priceVariable } from '../../../../../src/features/plans/prices.ts';
import { planLineItem, priceCatalogue, priceMismatches } from '../../../../../functions/_lib/plans/prices.ts';

const price = (fields: Partial<Stripe.Price>): Stripe.Price =>
  ({
    id: 'price_1',
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 42000,
    recurring: { interval: 'year', interval_count: 1 },
    ...fields,
  }) as Stripe.Price;

describe('dashboard prices of the plans (docs/product/plans.md#billing-periods)', () => {
  test('one variable per plan and period', () => {
    expect(PLAN_PRICES.map(priceVariable)).toEqual([
      'STRIPE_PRICE_LITE_MONTHLY',
      'STRIPE_PRICE_LITE_QUARTERLY',
      'STRIPE_PRICE_LITE_ANNUAL',
      'STRIPE_PRICE_FULL_MONTHLY',
      'STRIPE_PRICE_FULL_QUARTERLY',
      'STRIPE_PRICE_FULL_ANNUAL',
    ]);
  });

  test('checkout sells the dashboard price when one is set, else the same price inline', () => {
    expect(planLineItem({ plan: 'full', period: 'annual' }, { STRIPE_PRICE_FULL_ANNUAL: 'price_9' })).toEqual({
      price: 'price_9',
      quantity: 1,
    });
    expect(planLineItem({ plan: 'lite', period: 'quarterly' }, {})).toEqual({
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: 11700,
        recurring: { interval: 'month', interval_count: 3 },
        product_data: { name: 'Autopilot Lite' },
      },
    });
    expect(priceCatalogue({ STRIPE_PRICE_LITE_MONTHLY: 'price_a', STRIPE_PRICE_FULL_ANNUAL: ' price_b ' })).toEqual({
      price_a: { plan: 'lite', period: 'monthly' },
      price_b: { plan: 'full', period: 'annual' },
    });
  });

  test('a matching price has no mismatch', () => {
    expect(priceMismatches({ plan: 'lite', period: 'annual' }, price({}))).toEqual([]);
  });

  test('each difference is one line naming the variable, the price and both values', () => {
    expect(
      priceMismatches(
        { plan: 'lite', period: 'annual' },
        price({ unit_amount: 40000, currency: 'eur', active: false }),
      ),
    ).toEqual([
      'STRIPE_PRICE_LITE_ANNUAL (price_1): the amount is €400.00, but the site sells Autopilot Lite (annual) at $420.00',
      'STRIPE_PRICE_LITE_ANNUAL (price_1): the currency is eur, but the site charges usd',
      'STRIPE_PRICE_LITE_ANNUAL (price_1): the price is archived (not active), so checkout cannot sell it',
    ]);
    expect(
      priceMismatches(
        { plan: 'full', period: 'quarterly' },
        price({ unit_amount: 17700, recurring: { interval: 'month', interval_count: 1 } as Stripe.Price.Recurring }),
      ),
    ).toEqual([
      'STRIPE_PRICE_FULL_QUARTERLY (price_1): the interval_count is 1, but the site bills Autopilot Full (every 3 months) every 3 months',
    ]);
    expect(priceMismatches({ plan: 'full', period: 'monthly' }, price({ unit_amount: 5900, recurring: null }))).toEqual(
      [
        'STRIPE_PRICE_FULL_MONTHLY (price_1): the interval is once (not recurring), but the site bills Autopilot Full (monthly) every month',
      ],
    );
  });
});
