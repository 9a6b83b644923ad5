import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import {
  eventProblem,
  eventRank,
  invoicePeriod,
  invoicePeriodEnd,
  invoiceSubscriptionId,
  subscriptionRecord,
  userIdOf,
} from '../../../../../functions/_lib/payments/provider-objects.ts';

describe('webhook events', () => {
  const base = { id: 'evt_1', created: 1_700_000_000 };

  test('an object that is not what its type promises is a problem naming the field', () => {
    expect(eventProblem({ ...base, type: 'customer.subscription.updated', data: { object: null } })).toBe(
      'data.object: must be a subscription for customer.subscription.updated',
    );
    expect(
      eventProblem({
        ...base,
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
      }),
    ).toBe('data.object.customer: must be a customer id');
    expect(eventProblem({ ...base, type: 'invoice.paid', data: { object: { object: 'invoice' } } })).toBe(
      'data.object.id: must be a string',
    );
    expect(eventProblem({ id: 'evt_1', type: 'invoice.paid', data: {} })).toBe('created: must be a unix time');
    expect(
      eventProblem({
        ...base,
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_1', object: 'subscription', customer: { id: 'cus_1' }, status: 'canceled' } },
      }),
    ).toBeNull();
    expect(eventProblem({ ...base, type: 'customer.created', data: { object: 'anything' } })).toBeNull();
  });

  test('within one second a subscription is created, then updated, then deleted', () => {
    expect(eventRank('customer.subscription.created')).toBeLessThan(eventRank('customer.subscription.updated'));
    expect(eventRank('customer.subscription.updated')).toBeLessThan(eventRank('customer.subscription.deleted'));
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

  test('plan and period from the configured price, then the amount and interval, then the metadata', () => {
    const annualFull = subscription({
      metadata: { plan: 'lite', user_id: user },
      items: {
        data: [
          {
            current_period_end: 2_000_000_000,
            quantity: 1,
            price: {
              id: 'price_b',
              unit_amount: 63000,
              currency: 'usd',
              recurring: { interval: 'year', interval_count: 1 },
            },
          },
        ],
      },
    });
    // Switched in the portal from Lite: the price says Full annual, the metadata still says lite.
    expect(subscriptionRecord(annualFull, {})).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      userId: user,
      tier: 'full',
      billingPeriod: 'annual',
      priceCents: 63000,
      currency: 'usd',
      status: 'active',
      currentPeriodEnd: 2_000_000_000,
      cancelAtPeriodEnd: false,
    });
    expect(subscriptionRecord(subscription({}), { price_a: { plan: 'full', period: 'quarterly' } })).toMatchObject({
      tier: 'full',
      billingPeriod: 'quarterly',
    });
    expect(subscriptionRecord(subscription({}), {})).toMatchObject({ tier: 'lite', billingPeriod: 'monthly' });
    const unknown = subscription({ items: { data: [{ current_period_end: 1, price: { id: 'p', unit_amount: 1 } }] } });
    expect(subscriptionRecord(unknown, {})).toMatchObject({ tier: null, billingPeriod: null, priceCents: 1 });
    expect(subscriptionRecord({ ...unknown, metadata: { plan: 'full' } }, {})).toMatchObject({
      tier: 'full',
      billingPeriod: null,
    });
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

  test("invoice period: the plan lines' period, leaving out prorations carried from a change", () => {
    const line = (start: number, end: number, proration: boolean) => ({
      period: { start, end },
      parent: { subscription_item_details: { proration } },
    });
    const renewal = {
      lines: { data: [line(500, 1000, true), line(1000, 2000, false)] },
    } as unknown as Stripe.Invoice;
    expect(invoicePeriod(renewal)).toEqual({ start: 1000, end: 2000 });
    const onlyProrations = { lines: { data: [line(500, 1000, true)] } } as unknown as Stripe.Invoice;
    expect(invoicePeriod(onlyProrations)).toEqual({ start: 500, end: 1000 });
    expect(invoicePeriod({ lines: { data: [] } } as unknown as Stripe.Invoice)).toBeNull();
  });
});
