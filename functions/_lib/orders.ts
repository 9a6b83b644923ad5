/** Orders: one per checkout session, pending until the provider reports it paid. */
import { orderNumber } from '../../src/features/checkout/order-number.ts';
import type { Db } from './db.ts';

/** What a checkout function records when it creates a session. */
export interface PendingOrder {
  sessionId: string;
  userId: string;
  kind: 'service' | 'subscription';
  /** serviceType or planType. */
  item: string;
  options: Record<string, unknown>;
  amountCents: number;
}

/** Stores a pending order (idempotent per session) and returns its order number. */
export async function recordPendingOrder(db: Db, order: PendingOrder): Promise<string> {
  const number = orderNumber(order.sessionId) ?? order.sessionId;
  await db.query(
    `insert into orders (checkout_session_id, order_number, user_id, kind, item, options, amount_cents)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7) on conflict (checkout_session_id) do nothing`,
    [order.sessionId, number, order.userId, order.kind, order.item, JSON.stringify(order.options), order.amountCents],
  );
  return number;
}

/** Marks the order of a session paid; false when there is no such order. */
export async function markOrderPaid(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.query(
    `update orders set status = 'paid', updated_at = now() where checkout_session_id = $1 returning id`,
    [sessionId],
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
