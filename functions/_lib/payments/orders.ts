/** Orders: one per checkout session, pending until the provider reports it paid. */
import { orderNumber } from '../../../src/features/account/order-number.ts';
import type { Db } from '../platform/db.ts';

/** What a checkout function records when it creates a session. */
export interface PendingOrder {
  sessionId: string;
  userId: string;
  kind: 'service' | 'subscription';
  /** serviceType or planType. */
  item: string;
  /** A service's options; a plan's billing period (and the plan request it carries). */
  options: Record<string, unknown>;
  amountCents: number;
  /** A booking's visit (address, phone, day, window, notes). */
  visit?: Record<string, unknown>;
  /** Who bought it, for the e-mails and the owner's events. */
  customer?: { name: string | null; email: string };
}

/** Stores a pending order (idempotent per session) and returns its order number. */
export async function recordPendingOrder(db: Db, order: PendingOrder): Promise<string> {
  const number = orderNumber(order.sessionId) ?? order.sessionId;
  await db.query(
    `insert into orders (checkout_session_id, order_number, user_id, kind, item, options, amount_cents, visit,
                         customer_name, customer_email)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9, $10) on conflict (checkout_session_id) do nothing`,
    [
      order.sessionId,
      number,
      order.userId,
      order.kind,
      order.item,
      JSON.stringify(order.options),
      order.amountCents,
      order.visit ? JSON.stringify(order.visit) : null,
      order.customer?.name ?? null,
      order.customer?.email ?? null,
    ],
  );
  return number;
}

/** The id of a session's order, or null when none is stored. */
export async function orderIdOf(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>('select id::text as id from orders where checkout_session_id = $1', [
    sessionId,
  ]);
  return row?.id ?? null;
}

/**
 * Marks the order of a session paid and links it to the subscription it started, if any; an order
 * whose subscription was already refunded as a second plan (docs/product/plans.md#one-live-plan-per-customer)
 * is marked refunded instead. False when there is no such order.
 */
export async function markOrderPaid(
  db: Db,
  sessionId: string,
  subscriptionId: string | null = null,
  paymentIntent: string | null = null,
): Promise<boolean> {
  const rows = await db.query(
    `update orders set subscription_id = coalesce($2, subscription_id), payment_intent = coalesce($3, payment_intent),
       updated_at = now(),
       status = case when exists (
         select 1 from subscriptions s where s.id = coalesce($2, orders.subscription_id) and s.refund_state = 'done'
       ) then 'refunded' else 'paid' end
     where checkout_session_id = $1 returning id`,
    [sessionId, subscriptionId, paymentIntent],
  );
  return rows.length > 0;
}

/** Marks a still-pending order expired (its checkout was abandoned). */
export async function markOrderExpired(db: Db, sessionId: string): Promise<void> {
  await db.query(
    `update orders set status = 'expired', updated_at = now() where checkout_session_id = $1 and status = 'pending'`,
    [sessionId],
  );
}
