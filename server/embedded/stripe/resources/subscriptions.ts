/**
 * `/v1/subscriptions`: retrieve, list by customer, update (cancel at period end, metadata, the
 * default payment method, a new price with proration) and cancel now. The billing portal uses the same changes, so both emit the
 * same events.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import { currentPeriodEnd } from '../billing.ts';
import type { ApiCall, ListObject } from '../call.ts';
import { StripeError, noSuch } from '../errors.ts';
import { recordEvent, type EventRequest } from '../events.ts';
import { changePrice, type ProrationBehavior } from '../ledger.ts';
import {
  metadata,
  optionalBoolean,
  optionalEnum,
  optionalHash,
  optionalInteger,
  optionalList,
  optionalString,
  paramName,
  rejectUnknown,
  unsetMetadataKeys,
} from '../params.ts';
import { loadKnownPrices } from './prices.ts';
import { list, load, save, type StripeObject } from '../store.ts';

type Subscription = StripeObject & {
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
};

/** The changes an update can make. */
export interface SubscriptionChanges {
  cancelAtPeriodEnd?: boolean;
  /** A payment method attached to the subscription's customer: what its invoices are charged to. */
  defaultPaymentMethod?: string;
  metadata?: Record<string, string>;
  unsetMetadata?: string[];
}

async function loadSubscription(db: Db, id: string, param = 'id'): Promise<Subscription> {
  const stored = await load<Subscription>(db, 'subscription', id, true);
  if (!stored) throw noSuch('subscription', id, param);
  return stored.data;
}

/** Applies changes, records `customer.subscription.updated` with the previous values; no change, no event. */
export async function changeSubscription(
  db: Db,
  id: string,
  changes: SubscriptionChanges,
  now: number,
  request?: EventRequest,
): Promise<Subscription> {
  const before = await loadSubscription(db, id);
  if (before.status === 'canceled' && changes.cancelAtPeriodEnd !== undefined) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      { param: 'cancel_at_period_end' },
    );
  }
  const after: Subscription = { ...before };
  if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== before.cancel_at_period_end) {
    const cancelling = changes.cancelAtPeriodEnd;
    after.cancel_at_period_end = cancelling;
    after['cancel_at'] = cancelling ? currentPeriodEnd(before) : null;
    after['canceled_at'] = cancelling ? now : null;
    after['cancellation_details'] = {
      comment: null,
      feedback: null,
      reason: cancelling ? 'cancellation_requested' : null,
    };
  }
  if (changes.defaultPaymentMethod !== undefined) {
    const method = await load(db, 'payment_method', changes.defaultPaymentMethod);
    if (method?.data['customer'] !== before['customer']) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `The customer does not have a payment method with the ID ${changes.defaultPaymentMethod}. The payment method must be attached to the customer.`,
        { code: 'resource_missing', param: 'default_payment_method' },
      );
    }
    after['default_payment_method'] = changes.defaultPaymentMethod;
  }
  if (changes.metadata || changes.unsetMetadata?.length) {
    const merged = { ...before.metadata, ...changes.metadata };
    for (const key of changes.unsetMetadata ?? []) delete merged[key];
    after.metadata = merged;
  }
  const previous: Record<string, unknown> = {};
  for (const key of [
    'cancel_at_period_end',
    'cancel_at',
    'canceled_at',
    'cancellation_details',
    'default_payment_method',
    'metadata',
  ]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  if (Object.keys(previous).length === 0) return before;
  await save(db, after);
  await recordEvent(db, 'customer.subscription.updated', after, {
    created: now,
    previous,
    ...(request ? { request } : {}),
  });
  return after;
}

/** Cancels at once: status canceled, ended now; records `customer.subscription.deleted`. */
export async function endSubscription(db: Db, id: string, now: number, request?: EventRequest): Promise<Subscription> {
  const before = await loadSubscription(db, id);
  if (before.status === 'canceled') {
    throw new StripeError(400, 'invalid_request_error', `This subscription has already been canceled: '${id}'`, {
      code: 'resource_missing',
      param: 'id',
    });
  }
  const after: Subscription = {
    ...before,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
  };
  await save(db, after);
  await recordEvent(db, 'customer.subscription.deleted', after, { created: now, ...(request ? { request } : {}) });
  return after;
}

/** GET /v1/subscriptions/:id */
export async function retrieveSubscription({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const stored = await load(db, 'subscription', id);
  if (!stored) throw noSuch('subscription', id, 'id');
  return stored.data;
}

/** GET /v1/subscriptions?customer=...&status=... */
export async function listSubscriptions({ db, params }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['customer', 'status', 'limit', 'expand']);
  const limit = optionalInteger(params['limit'], 'limit', 1, 100) ?? 10;
  const customer = optionalString(params['customer'], 'customer', 255);
  const status =
    optionalEnum(params['status'], 'status', [
      'active',
      'all',
      'canceled',
      'past_due',
      'trialing',
      'unpaid',
    ] as const) ?? null;
  const rows = await list(db, 'subscription', { ...(customer === undefined ? {} : { customer }), limit: 1000 });
  // Stripe's default list leaves canceled subscriptions out.
  const matching = rows
    .map((r) => r.data)
    .filter((s) => (status === 'all' ? true : status ? s['status'] === status : s['status'] !== 'canceled'));
  return {
    object: 'list',
    data: matching.slice(0, limit),
    has_more: matching.length > limit,
    url: '/v1/subscriptions',
  };
}

/** The one item change an update may carry: `items[0][price]` (and its `id`), as the portal sends it. */
async function priceChange(db: Db, id: string, value: Parameters<typeof optionalList>[0]) {
  const items = optionalList(value, 'items');
  if (!items || items.length === 0) return null;
  if (items.length > 1) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The Stripe emulator changes one subscription item at a time.',
      {
        param: 'items',
      },
    );
  }
  const [entry] = items;
  if (typeof entry === 'string' || !entry) {
    throw new StripeError(400, 'invalid_request_error', 'Invalid object: items[0] must be a hash', {
      param: 'items[0]',
    });
  }
  rejectUnknown(entry, ['id', 'price', 'quantity'], 'items[0]');
  const itemId = optionalString(entry['id'], 'items[0][id]', 255);
  const stored = await load<Subscription & { items: { data: { id: string }[] } }>(db, 'subscription', id);
  if (itemId !== undefined && !stored?.data.items.data.some((item) => item.id === itemId)) {
    throw noSuch('subscription_item', itemId, 'items[0][id]', 400);
  }
  // Plans are sold one at a time: a quantity, if given, can only be 1.
  optionalInteger(entry['quantity'], 'items[0][quantity]', 1, 1);
  const priceId = optionalString(entry['price'], paramName('items[0]', 'price'), 255);
  if (priceId === undefined) return null;
  const known = (await loadKnownPrices(db, [priceId])).get(priceId);
  if (!known) throw noSuch('price', priceId, 'items[0][price]', 400);
  if (!known.price.active) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The price specified is inactive. This field only accepts active prices.',
      {
        param: 'items[0][price]',
      },
    );
  }
  return known;
}

/** POST /v1/subscriptions/:id */
export async function updateSubscription({ db, id, params, now, request }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, [
    'cancel_at_period_end',
    'default_payment_method',
    'metadata',
    'cancellation_details',
    'proration_behavior',
    'items',
    'expand',
  ]);
  const cancelAtPeriodEnd = optionalBoolean(params['cancel_at_period_end'], 'cancel_at_period_end');
  const defaultPaymentMethod = optionalString(params['default_payment_method'], 'default_payment_method', 255);
  optionalHash(params['cancellation_details'], 'cancellation_details');
  const behavior: ProrationBehavior =
    optionalEnum(params['proration_behavior'], 'proration_behavior', [
      'always_invoice',
      'create_prorations',
      'none',
    ] as const) ?? 'create_prorations';
  const price = await priceChange(db, id, params['items']);
  if (price) await changePrice(db, id, { price, behavior, now, request });
  const changes: SubscriptionChanges = {
    ...(cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd }),
    ...(defaultPaymentMethod === undefined ? {} : { defaultPaymentMethod }),
    ...(params['metadata'] === undefined
      ? {}
      : { metadata: metadata(params['metadata'], 'metadata'), unsetMetadata: unsetMetadataKeys(params['metadata']) }),
  };
  return changeSubscription(db, id, changes, now, request);
}

/** DELETE /v1/subscriptions/:id */
export async function cancelSubscription({ db, id, params, now, request }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  optionalBoolean(params['invoice_now'], 'invoice_now');
  optionalBoolean(params['prorate'], 'prorate');
  return endSubscription(db, id, now, request);
}
