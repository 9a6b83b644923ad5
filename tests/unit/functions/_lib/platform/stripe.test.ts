import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import {
  CHECKOUT_DEDUPE_WINDOW_MS,
  checkoutIdempotencyKey,
  endpointOptions,
} from '../../../../../functions/_lib/platform/stripe.ts';

const params: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  customer: 'cus_123',
  client_reference_id: 'user-1',
  line_items: [
    {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 3000, product_data: { name: 'Air Filter Replacement' } },
    },
  ],
  metadata: { user_id: 'user-1', service_type: 'air-filter-replacement', options: '{"filterQuality":"premium"}' },
  success_url: 'https://www.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://www.example.com/services/air-filter-replacement',
};
const start = 1_800_000_000_000 - (1_800_000_000_000 % CHECKOUT_DEDUPE_WINDOW_MS);

describe('checkout idempotency key', () => {
  test('a double click (same parameters, same minute) gets the same key', () => {
    expect(checkoutIdempotencyKey(params, start)).toBe(checkoutIdempotencyKey(params, start + 400));
    expect(checkoutIdempotencyKey(params, start)).toBe(
      checkoutIdempotencyKey(structuredClone(params), start + CHECKOUT_DEDUPE_WINDOW_MS - 1),
    );
  });

  test('the order of fields does not matter', () => {
    const reordered = Object.fromEntries(Object.entries(params).reverse()) as Stripe.Checkout.SessionCreateParams;
    expect(checkoutIdempotencyKey(reordered, start)).toBe(checkoutIdempotencyKey(params, start));
  });

  test('another customer, item, option or return address is another session', () => {
    const base = checkoutIdempotencyKey(params, start);
    const variants: Stripe.Checkout.SessionCreateParams[] = [
      { ...params, customer: 'cus_456' },
      { ...params, metadata: { ...params.metadata, options: '{"filterQuality":"standard"}' } },
      {
        ...params,
        line_items: [{ quantity: 2, price_data: params.line_items?.[0]?.price_data ?? { currency: 'usd' } }],
      },
      { ...params, success_url: 'https://preview.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}' },
      { ...params, mode: 'subscription' },
    ];
    for (const variant of variants) expect(checkoutIdempotencyKey(variant, start)).not.toBe(base);
  });

  test("the same purchase a window later is a new session; keys fit Stripe's 255 characters", () => {
    expect(checkoutIdempotencyKey(params, start + CHECKOUT_DEDUPE_WINDOW_MS)).not.toBe(
      checkoutIdempotencyKey(params, start),
    );
    expect(checkoutIdempotencyKey(params, start).length).toBeLessThanOrEqual(255);
    expect(checkoutIdempotencyKey(params, start)).toMatch(/^checkout-[0-9a-f]{64}-\d+$/);
  });
});

describe('STRIPE_API_URL', () => {
  test.each([
    ['http://127.0.0.1:4321', { host: '127.0.0.1', port: 4321, protocol: 'http' }],
    ['https://api.stripe.com', { host: 'api.stripe.com', port: 443, protocol: 'https' }],
    ['http://[::1]:8080/', { host: '::1', port: 8080, protocol: 'http' }],
  ])('%s', (url, options) => {
    expect(endpointOptions(url)).toEqual(options);
  });
  test('other schemes are refused', () => {
    expect(() => endpointOptions('ftp://x')).toThrow(/http or https/);
  });
});
