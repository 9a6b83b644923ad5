/**
 * One live plan per customer (docs/product.md#one-live-plan-per-customer), after the fact: a
 * subscription the webhook handler marked as a second live plan (two checkouts paid in a race) is
 * cancelled at once with the card provider and every payment it took is refunded, then the
 * subscription and its order are recorded as refunded. Runs after the webhook's transaction (the
 * provider's API is never called while it holds the database) and again on every later delivery
 * until it has succeeded, so a failure half-way is finished by the provider's retry. Each call
 * carries an idempotency key, so repeating one never cancels or refunds twice.
 */
import Stripe from 'stripe';
import type { PlanType } from '../../src/features/plans/plans.ts';
import type { Db } from './db.ts';
import { announceLeadsStored } from './leads.ts';
import { noticeRefund } from './order-notices.ts';

/** What settling one duplicate did. */
export interface SettledDuplicate {
  subscriptionId: string;
  refundedCents: number;
  refundIds: string[];
}

function alreadyCanceled(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && /already been canceled/i.test(error.message);
}

function alreadyRefunded(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded';
}

async function cancelNow(stripe: Stripe, id: string): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(id);
  if (subscription.status === 'canceled') return;
  try {
    await stripe.subscriptions.cancel(
      id,
      {
        cancellation_details: {
          comment: 'A second Autopilot plan of a customer who already has one: cancelled and refunded.',
        },
      },
      { idempotencyKey: `duplicate-plan-cancel-${id}` },
    );
  } catch (error) {
    if (!alreadyCanceled(error)) throw error;
  }
}

async function refundAll(stripe: Stripe, id: string): Promise<{ cents: number; ids: string[] }> {
  let cents = 0;
  const ids: string[] = [];
  const invoices = await stripe.invoices.list({
    subscription: id,
    status: 'paid',
    limit: 100,
    expand: ['data.payments'],
  });
  for (const invoice of invoices.data) {
    for (const payment of invoice.payments?.data ?? []) {
      const intent = payment.payment.payment_intent;
      const intentId = typeof intent === 'string' ? intent : intent?.id;
      if (!intentId || payment.amount_paid === null || payment.amount_paid <= 0) continue;
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, reason: 'duplicate', metadata: { subscription: id } },
          { idempotencyKey: `duplicate-plan-refund-${intentId}` },
        );
        cents += refund.amount;
        ids.push(refund.id);
      } catch (error) {
        // Refunded by an earlier attempt whose key has since expired: it counts all the same.
        if (!alreadyRefunded(error)) throw error;
        cents += payment.amount_paid;
      }
    }
  }
  return { cents, ids };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Cancels and refunds every subscription marked as a customer's second live plan and not yet
 * settled; throws (for the provider to retry the delivery) when the card provider fails. Calls in
 * one process run one after another, so two deliveries never settle the same plan at once.
 */
export function settleDuplicatePlans(db: Db, stripe: () => Stripe): Promise<SettledDuplicate[]> {
  const run = queue.then(() => settle(db, stripe));
  queue = run.catch(() => {});
  return run;
}

async function settle(db: Db, stripe: () => Stripe): Promise<SettledDuplicate[]> {
  const pending = await db.query<{ id: string }>(
    `select id from subscriptions where refund_state = 'pending' order by updated_at, id`,
  );
  const settled: SettledDuplicate[] = [];
  for (const { id } of pending) {
    const client = stripe();
    await cancelNow(client, id);
    const refund = await refundAll(client, id);
    await db.transaction(async (tx) => {
      const [done] = await tx.query<{ user_id: string; tier: PlanType }>(
        `update subscriptions set refund_state = 'done', refunded_cents = $2, refund_ids = $3::text[], refunded_at = now(),
           updated_at = now()
         where id = $1 and refund_state = 'pending' returning user_id, tier`,
        [id, refund.cents, refund.ids],
      );
      // The owner hears of the refund once, with the refund itself.
      if (done) {
        await noticeRefund(tx, {
          subscriptionId: id,
          userId: done.user_id,
          refundedCents: refund.cents,
          tier: done.tier,
        });
      }
      await tx.query(
        `update orders set status = 'refunded', updated_at = now() where subscription_id = $1 and status = 'paid'`,
        [id],
      );
    });
    console.warn(
      `Subscription ${id} was a second live plan of its customer: cancelled, ${refund.cents} cents refunded`,
    );
    settled.push({ subscriptionId: id, refundedCents: refund.cents, refundIds: refund.ids });
  }
  if (settled.length > 0) announceLeadsStored();
  return settled;
}
