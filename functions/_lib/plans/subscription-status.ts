/**
 * Whether a user is subscribed (docs/product/accounts.md#subscription-status): a subscription in status active or trialing whose
 * current period has not ended. The provider is the source of truth and webhooks keep the table
 * current; the period check also covers a cancellation whose webhook has not arrived yet. A plan
 * whose renewal payment failed (past_due) is not subscribed while the provider retries it, and is
 * not ended either (docs/product/checkout.md#payment-events).
 */

import type { BillingPeriod, PlanType } from '../../../src/features/plans/plans.ts';
import type { SubscriptionAnswer } from '../../../src/features/plans/subscription-status.ts';
import type { Db } from '../platform/db.ts';

/** A row of the subscriptions table, as far as the answer needs it. */
export interface SubscriptionRow {
  tier: PlanType;
  status: string;
  current_period_end: Date | null;
}

/** The statuses in which a subscription grants its plan (with a period that has not ended). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/**
 * The statuses of a plan whose payment failed and that the card provider still tries to collect:
 * not live (the account shows no active plan), but not ended; paid, it is active again.
 */
export const RETRYING_STATUSES: ReadonlySet<string> = new Set(['past_due']);

/** The statuses in which a subscription has ended for good: nothing more is charged. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** True when a subscription grants its plan at `now`. */
export function isLive(row: SubscriptionRow, now: Date): boolean {
  if (!LIVE_STATUSES.has(row.status)) return false;
  // A missing period end means the provider gave none: trust the status.
  return row.current_period_end === null || row.current_period_end.getTime() > now.getTime();
}

/** The subscription that grants the user's plan: the live one running longest (Full on a tie). */
export function currentSubscription<T extends SubscriptionRow>(rows: readonly T[], now: Date): T | undefined {
  const endOf = (row: SubscriptionRow) => row.current_period_end?.getTime() ?? Number.POSITIVE_INFINITY;
  const fullFirst = (a: SubscriptionRow, b: SubscriptionRow) => Number(b.tier === 'full') - Number(a.tier === 'full');
  return rows
    .filter((row) => isLive(row, now))
    .sort((a, b) => (endOf(a) === endOf(b) ? fullFirst(a, b) : endOf(b) > endOf(a) ? 1 : -1))[0];
}

/** The answer for a user's rows: their current subscription, if any. */
export function subscriptionAnswer(rows: readonly SubscriptionRow[], now: Date): SubscriptionAnswer {
  const best = currentSubscription(rows, now);
  if (!best) return { subscribed: false, subscription_tier: null, subscription_end: null };
  return {
    subscribed: true,
    subscription_tier: best.tier,
    subscription_end: best.current_period_end?.toISOString() ?? null,
  };
}

/** A subscription as the account and the checkout read it. */
export interface PlanRow extends SubscriptionRow {
  id: string;
  stripe_customer_id: string;
  billing_period: BillingPeriod | null;
  price_cents: number | null;
  currency: string | null;
  cancel_at_period_end: boolean;
  /** When we first saw it: the plan's start, from which its quarterly visits are counted. */
  created_at: Date | null;
}

/**
 * A user's subscriptions that can grant a plan: all of them but a second plan bought in a race,
 * which is being cancelled and refunded (docs/product/plans.md#one-live-plan-per-customer).
 */
export function planRows(db: Db, userId: string): Promise<PlanRow[]> {
  return db.query<PlanRow>(
    `select id, stripe_customer_id, tier, status, current_period_end, cancel_at_period_end, billing_period, price_cents,
            currency, created_at
     from subscriptions where user_id = $1 and duplicate_of is null`,
    [userId],
  );
}
