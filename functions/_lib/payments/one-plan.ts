/**
 * One live plan per customer (docs/product/plans.md#one-live-plan-per-customer), after the fact: a
 * subscription the webhook handler marked as a second live plan (two checkouts paid in a race) is
 * cancelled at once with the card provider and every payment it took is refunded, then the
 * subscription and its order are recorded as refunded. Runs after the webhook's transaction (the
 * provider's API is never called while it holds the database), for the plan of that delivery's
 * event only; a settlement that fails is recorded, logged as an alert, told to the owner once,
 * and tried again with backoff (settleDuePlans), so one plan that can never be settled never holds
 * back a delivery about anything else. Each call to the provider carries an idempotency key, so
 * repeating one never cancels or refunds twice.
 */
import Stripe from 'stripe';
import type { PlanType } from '../../../src/features/plans/plans.ts';
import type { Db } from '../platform/db.ts';
import { announceLeadsStored } from '../leads/leads.ts';
import { announceMailQueued } from '../platform/mail.ts';
import { noticeRefund, noticeRefundFailed } from '../notices/order-notices.ts';
import { backoffMs, type BackoffPolicy } from '../platform/outbox.ts';

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

/** 1 minute, 2, 4 ... up to 6 hours between tries of a settlement that failed. */
export const SETTLE_BACKOFF: BackoffPolicy = { baseMs: 60_000, maxMs: 6 * 3600_000 };

/** What trying to settle one plan did: settled, failed (kept for a later try), or nothing pending. */
export type SettleOutcome =
  { settled: SettledDuplicate } | { failed: { subscriptionId: string; error: string; attempts: number } } | null;

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every settlement already started in this process. */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

/**
 * Settles the subscription `id` if it is a second live plan not yet settled, whether or not a
 * retry is due (a delivery about the plan itself tries at once). A failure of the card provider
 * is recorded and answered as `failed`, never thrown. Calls in one process run one after another,
 * so two deliveries never settle the same plan at once.
 */
export function settleDuplicatePlan(db: Db, stripe: () => Stripe, id: string): Promise<SettleOutcome> {
  return serially(async () => {
    const outcome = await settleOne(db, stripe, id);
    if (outcome) announceStored();
    return outcome;
  });
}

/** Tries again every second plan whose settlement is due (the retry worker and the scheduled run). */
export function settleDuePlans(db: Db, stripe: () => Stripe): Promise<SettleOutcome[]> {
  return serially(async () => {
    const due = await db.query<{ id: string }>(
      `select id from subscriptions where refund_state = 'pending' and (settle_next_at is null or settle_next_at <= now())
       order by updated_at, id`,
    );
    const outcomes: SettleOutcome[] = [];
    for (const { id } of due) outcomes.push(await settleOne(db, stripe, id));
    if (outcomes.some((o) => o !== null)) announceStored();
    return outcomes;
  });
}

/** Wakes the outboxes: a settlement queues the owner's event and the customer's e-mail. */
function announceStored(): void {
  announceLeadsStored();
  announceMailQueued();
}

async function settleOne(db: Db, stripe: () => Stripe, id: string): Promise<SettleOutcome> {
  const [pending] = await db.query<{ user_id: string; tier: PlanType; settle_attempts: number }>(
    `select user_id, tier, settle_attempts from subscriptions where id = $1 and refund_state = 'pending'`,
    [id],
  );
  if (!pending) return null;
  let refund: { cents: number; ids: string[] };
  try {
    const client = stripe();
    await cancelNow(client, id);
    refund = await refundAll(client, id);
  } catch (error) {
    return { failed: await recordFailure(db, id, pending, error) };
  }
  await db.transaction(async (tx) => {
    const [done] = await tx.query<{ user_id: string; tier: PlanType }>(
      `update subscriptions set refund_state = 'done', refunded_cents = $2, refund_ids = $3::text[], refunded_at = now(),
         settle_next_at = null, settle_error = null, updated_at = now()
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
  console.warn(`Subscription ${id} was a second live plan of its customer: cancelled, ${refund.cents} cents refunded`);
  return { settled: { subscriptionId: id, refundedCents: refund.cents, refundIds: refund.ids } };
}

/** Records a failed try, schedules the next, logs the alert and tells the owner at the first failure. */
async function recordFailure(
  db: Db,
  id: string,
  pending: { user_id: string; tier: PlanType; settle_attempts: number },
  error: unknown,
): Promise<{ subscriptionId: string; error: string; attempts: number }> {
  const message = `${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
  const attempts = pending.settle_attempts + 1;
  const waitMs = backoffMs(pending.settle_attempts, SETTLE_BACKOFF);
  await db.transaction(async (tx) => {
    await tx.query(
      `update subscriptions set settle_attempts = settle_attempts + 1, settle_error = $2,
         settle_next_at = now() + make_interval(secs => $3::float8 / 1000)
       where id = $1 and refund_state = 'pending'`,
      [id, message, waitMs],
    );
    await noticeRefundFailed(tx, { subscriptionId: id, userId: pending.user_id, tier: pending.tier, error: message });
  });
  console.error(
    `ALERT: subscription ${id}, a second live plan, could not be cancelled and refunded (try ${attempts}; ` +
      `next in ${Math.round(waitMs / 1000)} s): ${message}`,
  );
  return { subscriptionId: id, error: message, attempts };
}
