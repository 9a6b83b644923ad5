/**
 * Events, as Stripe records them: one per change, with the object's state after the change (and
 * the fields it had before, for updates), queued for delivery in the order they happened.
 */
import Stripe from 'stripe';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { newId } from './ids.ts';
import type { StripeObject } from './store.ts';

/** The API request that caused an event (Stripe reports it in `event.request`). */
export interface EventRequest {
  id: string | null;
  idempotencyKey: string | null;
}

/** The event types the emulator emits. */
export type EventType =
  | 'charge.refunded'
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'refund.created';

/** Records an event (in the caller's transaction) for delivery after it commits; returns its id. */
export async function recordEvent(
  db: Db,
  type: EventType,
  object: StripeObject,
  options: { created: number; previous?: Record<string, unknown>; request?: EventRequest },
): Promise<string> {
  const id = newId('evt');
  const event = {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created,
    data: options.previous ? { object, previous_attributes: options.previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: options.request?.id ?? null, idempotency_key: options.request?.idempotencyKey ?? null },
    type,
  };
  await db.query('insert into emulator_stripe.events (id, type, payload) values ($1, $2, $3)', [
    id,
    type,
    JSON.stringify(event),
  ]);
  return id;
}
