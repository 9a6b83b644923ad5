/**
 * GET /api/account: what the account page shows beyond the subscription check
 * (docs/product.md#subscription-status, docs/product.md#orders-list): the current plan with its
 * period, next charge and whether it is set to cancel; a second plan that was refunded
 * (docs/product.md#one-live-plan-per-customer); the plan's visit details; and the customer's paid
 * orders.
 */
import type Stripe from 'stripe';
import type { AccountPlan, AccountSummary, RefundedPlan } from '../src/features/auth/account-summary.ts';
import { requireUser } from './_lib/auth.ts';
import { getDb } from './_lib/db.ts';
import { handler, json } from './_lib/http.ts';
import { orderDescription } from './_lib/orders.ts';
import { readPlanDetails } from './_lib/plan-details.ts';
import { stripeClient } from './_lib/stripe.ts';
import { currentSubscription, planRows, type PlanRow } from './_lib/subscription-status.ts';

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDER_LIMIT = 50;

/** Re-exported where its tests find it. */
export { orderDescription };

interface OrderRow {
  order_number: string;
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  currency: string;
  status: 'paid' | 'refunded';
  paid_at: Date;
}

/**
 * The plan's next charge: the card provider's preview of the next invoice (which counts a credit
 * left by a plan change); the plan's price on its period's end if the preview cannot be had; none
 * when the plan is set to end.
 */
async function nextCharge(plan: PlanRow, stripe: () => Stripe): Promise<AccountPlan['nextCharge']> {
  const end = plan.current_period_end;
  if (plan.cancel_at_period_end || !end) return null;
  try {
    const preview = await stripe().invoices.createPreview({ customer: plan.stripe_customer_id, subscription: plan.id });
    return { amountCents: preview.amount_due, currency: preview.currency, date: end.toISOString() };
  } catch (error) {
    console.warn(`Invoice preview of ${plan.id} failed; showing the plan's price:`, error);
    return plan.price_cents === null
      ? null
      : { amountCents: plan.price_cents, currency: plan.currency ?? 'usd', date: end.toISOString() };
  }
}

export default handler(['GET'], async (req) => {
  const user = await requireUser(req);
  const db = await getDb();
  const [plans, refunded, orders, planDetails] = await Promise.all([
    planRows(db, user.id),
    db.query<{
      tier: RefundedPlan['tier'];
      billing_period: RefundedPlan['billingPeriod'];
      refunded_cents: number;
      currency: string | null;
      refunded_at: Date;
    }>(
      `select tier, billing_period, refunded_cents, currency, refunded_at from subscriptions
       where user_id = $1 and refund_state = 'done' order by refunded_at desc`,
      [user.id],
    ),
    db.query<OrderRow>(
      `select order_number, kind, item, options, amount_cents, currency, status, updated_at as paid_at from orders
       where user_id = $1 and status in ('paid', 'refunded') order by updated_at desc, id desc limit $2`,
      [user.id, ACCOUNT_ORDER_LIMIT],
    ),
    readPlanDetails(db, user.id),
  ]);
  const plan = currentSubscription(plans, new Date());
  const answer: AccountSummary = {
    subscription: plan
      ? {
          tier: plan.tier,
          billingPeriod: plan.billing_period,
          currentPeriodEnd: plan.current_period_end?.toISOString() ?? null,
          cancelAtPeriodEnd: plan.cancel_at_period_end,
          nextCharge: await nextCharge(plan, stripeClient),
        }
      : null,
    refundedPlans: refunded.map((row) => ({
      tier: row.tier,
      billingPeriod: row.billing_period,
      refundedCents: row.refunded_cents,
      currency: row.currency ?? 'usd',
      refundedAt: new Date(row.refunded_at).toISOString(),
    })),
    planDetails,
    orders: orders.map((row) => ({
      orderNumber: row.order_number,
      description: orderDescription(row),
      amountCents: row.amount_cents,
      currency: row.currency,
      paidAt: new Date(row.paid_at).toISOString(),
      status: row.status,
    })),
  };
  return json(answer);
});

export const config = { path: '/api/account' };
