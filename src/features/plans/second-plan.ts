/**
 * What a customer is told when a second plan they paid for was cancelled and refunded because
 * they already had one (docs/product/plans.md#one-live-plan-per-customer): on /payment-success and on the
 * account page. Shared core: Node loads it directly from functions/, so relative imports with the
 * extension only.
 */
import { formatMoney } from '../../lib/money.ts';
import { getPlan, PERIOD_TERMS, type BillingPeriod, type PlanType } from './plans.ts';

/** A plan as the message names it. */
export interface NamedPlan {
  tier: PlanType;
  billingPeriod: BillingPeriod | null;
}

function named(plan: NamedPlan): string {
  return `${getPlan(plan.tier).name}${plan.billingPeriod ? ` (${PERIOD_TERMS[plan.billingPeriod].name})` : ''}`;
}

/** The heading of the message. */
export const SECOND_PLAN_TITLE = 'You already have an Autopilot plan';

/**
 * The message about a second plan: which plan stays, that the second was cancelled, and the refund
 * (or, while the card provider is still refunding, that it is on its way).
 */
export function secondPlanMessage(input: {
  second: NamedPlan;
  kept: NamedPlan | null;
  refund: { cents: number; currency: string } | null;
}): string {
  const kept = input.kept ? `Your ${named(input.kept)} plan continues as it is. ` : '';
  const refund = input.refund
    ? `its payment of ${formatMoney(input.refund.cents, input.refund.currency)} has been refunded to your card (refunds take 5 to 10 days to show on a statement).`
    : 'its payment is being refunded to your card.';
  return `${kept}The second plan, ${named(input.second)}, was cancelled at once and ${refund} To change plan or billing period, use Manage billing on your account page.`;
}
