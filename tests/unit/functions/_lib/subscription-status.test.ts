import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import {
  invoicePeriodEnd,
  invoiceSubscriptionId,
  subscriptionRecord,
  userIdOf,
} from '../../../../functions/_lib/provider-objects.ts';
import { endpointOptions } from '../../../../functions/_lib/stripe.ts';
import { subscriptionAnswer, type SubscriptionRow } from '../../../../functions/_lib/subscription-status.ts';
import { bookedOptions, bookingSummary } from '@/features/checkout/booking';
import { SERVICE_NAMES, SERVICE_TYPES } from '@/features/checkout/pricing';
import { paymentCheckoutRequest, subscriptionCheckoutRequest } from '@/features/checkout/requests';
import { firstIssue } from '@/lib/validation';

const NOW = new Date('2026-11-22T12:00:00Z');
const row = (tier: 'lite' | 'full', status: string, end: string | null): SubscriptionRow => ({
  tier,
  status,
  current_period_end: end === null ? null : new Date(end),
});

describe('subscriptionAnswer (DECISIONS.md: active or trialing, period not ended)', () => {
  test.each([
    [[], { subscribed: false, subscription_tier: null, subscription_end: null }],
    [
      [row('lite', 'active', '2026-12-22T12:00:00Z')],
      { subscribed: true, subscription_tier: 'lite', subscription_end: '2026-12-22T12:00:00.000Z' },
    ],
    [
      [row('full', 'trialing', '2026-12-01T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-01T00:00:00.000Z' },
    ],
    [
      [row('lite', 'active', '2026-11-22T11:59:59Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'canceled', '2026-12-22T00:00:00Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'past_due', '2026-12-22T00:00:00Z')],
      { subscribed: false, subscription_tier: null, subscription_end: null },
    ],
    [
      [row('lite', 'canceled', '2027-06-01T00:00:00Z'), row('full', 'active', '2026-12-05T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-05T00:00:00.000Z' },
    ],
    [
      [row('lite', 'active', '2026-12-05T00:00:00Z'), row('full', 'active', '2026-12-05T00:00:00Z')],
      { subscribed: true, subscription_tier: 'full', subscription_end: '2026-12-05T00:00:00.000Z' },
    ],
    [[row('lite', 'active', null)], { subscribed: true, subscription_tier: 'lite', subscription_end: null }],
  ])('%#', (rows, answer) => {
    expect(subscriptionAnswer(rows, NOW)).toEqual(answer);
  });
});

const subscription = (fields: Record<string, unknown>) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: {},
    items: {
      object: 'list',
      data: [{ current_period_end: 2_000_000_000, price: { id: 'price_a', unit_amount: 3900 } }],
    },
    ...fields,
  }) as unknown as Stripe.Subscription;

describe('reading provider objects', () => {
  const user = '6f1c2a9e-1b2c-4d3e-8f90-0a1b2c3d4e5f';

  test('tier from metadata, then configured price, then amount', () => {
    expect(subscriptionRecord(subscription({ metadata: { plan: 'full', user_id: user } }), {})).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      userId: user,
      tier: 'full',
      status: 'active',
      currentPeriodEnd: 2_000_000_000,
      cancelAtPeriodEnd: false,
    });
    expect(subscriptionRecord(subscription({}), { price_a: 'full' }).tier).toBe('full');
    expect(subscriptionRecord(subscription({}), {}).tier).toBe('lite');
    const unknown = subscription({ items: { data: [{ current_period_end: 1, price: { id: 'p', unit_amount: 1 } }] } });
    expect(subscriptionRecord(unknown, {}).tier).toBeNull();
  });

  test('period end from items, or from the subscription in older API versions', () => {
    expect(
      subscriptionRecord(subscription({ items: { data: [] }, current_period_end: 1_900_000_000 }), {}).currentPeriodEnd,
    ).toBe(1_900_000_000);
  });

  test('cancel at period end by flag or by cancel_at at the period end', () => {
    expect(subscriptionRecord(subscription({ cancel_at_period_end: true }), {}).cancelAtPeriodEnd).toBe(true);
    expect(subscriptionRecord(subscription({ cancel_at: 2_000_000_000 }), {}).cancelAtPeriodEnd).toBe(true);
  });

  test('metadata user ids must be uuids', () => {
    expect(userIdOf(user.toUpperCase())).toBe(user);
    expect(userIdOf("1'; drop table")).toBeNull();
    expect(userIdOf(undefined)).toBeNull();
  });

  test('invoice: subscription under parent (current) or on the invoice (older); latest line period', () => {
    const current = {
      parent: { subscription_details: { subscription: 'sub_9' } },
      lines: { data: [{ period: { end: 10 } }, { period: { end: 30 } }] },
    } as unknown as Stripe.Invoice;
    expect(invoiceSubscriptionId(current)).toBe('sub_9');
    expect(invoicePeriodEnd(current)).toBe(30);
    const legacy = { parent: null, subscription: 'sub_8', lines: { data: [] } } as unknown as Stripe.Invoice;
    expect(invoiceSubscriptionId(legacy)).toBe('sub_8');
    expect(invoicePeriodEnd(legacy)).toBeNull();
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

describe('checkout requests', () => {
  test('planType is lite or full', () => {
    expect(subscriptionCheckoutRequest.parse({ planType: 'full' })).toEqual({ planType: 'full' });
    const bad = subscriptionCheckoutRequest.safeParse({ planType: 'gold' });
    expect(bad.success || firstIssue(bad.error)).toBe('planType must be lite or full');
  });
  test('options must be an object when present', () => {
    const bad = paymentCheckoutRequest.safeParse({ serviceType: 'vacuum-cleanout', options: [1] });
    expect(bad.success || firstIssue(bad.error)).toBe('options must be an object');
    expect(paymentCheckoutRequest.parse({ serviceType: 'x' })).toEqual({ serviceType: 'x' });
  });
});

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

describe('service names', () => {
  test.each(SERVICE_TYPES)('%s is named as its service page', (service) => {
    const yaml = readFileSync(join(import.meta.dirname, `../../../../content/services/${service}.yaml`), 'utf8');
    expect(/^title: (.+)$/m.exec(yaml)?.[1]).toBe(SERVICE_NAMES[service]);
  });
});
