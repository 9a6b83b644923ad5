/**
 * The account screen's Subscription Status (docs/product/accounts.md#subscription-status): active or not,
 * the plan, how it is paid, its next charge or its scheduled end, a second plan that was refunded
 * (docs/product/plans.md#one-live-plan-per-customer), and 'Manage billing', which opens the card
 * provider's portal to change plan or period, update the card or cancel (docs/product/accounts.md#billing-portal).
 */
import { useState } from 'react';
import { subscriptionPriceCents } from '@/features/plans/prices';
import { PERIOD_TERMS, planName } from '@/features/plans/plans';
import { secondPlanMessage, SECOND_PLAN_TITLE } from '@/features/plans/second-plan';
import { formatCents } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { openBillingPortal } from '@/features/plans/portal';
import { accountDate } from '@/lib/dates';
import type { AccountPlan, RefundedPlan } from './account-summary';
import AccountSection from './AccountSection';
import type { SubscriptionState } from '@/features/plans/subscription';

interface Props {
  subscription: SubscriptionState;
  /** The plan as /api/account describes it (period, next charge, cancellation), once loaded. */
  plan: AccountPlan | null;
  refundedPlans: readonly RefundedPlan[];
}

export default function AccountSubscription({ subscription, plan, refundedPlans }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function manageBilling() {
    setBusy(true);
    setError(null);
    // A 401 has signed this device out (features/auth/api.ts): the account page then goes to /auth.
    setError(await openBillingPortal());
    setBusy(false);
  }

  const { subscribed, tier, endDate } = subscription;
  const cancelling = plan?.cancelAtPeriodEnd === true;
  const period = plan?.billingPeriod ?? null;
  return (
    <AccountSection id="account-plan" title="Subscription Status">
      <p className="mt-4 text-2xl font-extrabold">{subscribed ? 'Active' : 'No Active Plan'}</p>
      {subscribed && tier && (
        <p className="mt-1">
          {planName(tier)}
          {endDate && (cancelling ? `, ends on ${accountDate(endDate)}` : `, renews on ${accountDate(endDate)}`)}
        </p>
      )}
      {subscribed && plan && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {period && (
            <>
              <dt className="text-ink-muted">Billing</dt>
              <dd>
                {formatCents(subscriptionPriceCents(plan.tier, period))} per {PERIOD_TERMS[period].per} (
                {PERIOD_TERMS[period].name})
              </dd>
            </>
          )}
          {plan.nextCharge && (
            <>
              <dt className="text-ink-muted">Next charge</dt>
              <dd>
                {formatMoney(plan.nextCharge.amountCents, plan.nextCharge.currency)} on{' '}
                {accountDate(plan.nextCharge.date)}
              </dd>
            </>
          )}
        </dl>
      )}
      {subscribed && cancelling && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          Your plan is set to cancel. Visits continue until the end date; Manage billing can keep the plan.
        </p>
      )}
      {refundedPlans.map((refunded) => (
        <div key={refunded.refundedAt} className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{SECOND_PLAN_TITLE}</p>
          <p className="mt-1">
            {secondPlanMessage({
              second: { tier: refunded.tier, billingPeriod: refunded.billingPeriod },
              kept: plan ? { tier: plan.tier, billingPeriod: plan.billingPeriod } : null,
              refund: { cents: refunded.refundedCents, currency: refunded.currency },
            })}
          </p>
        </div>
      ))}
      {subscribed && (
        <p className="mt-3 text-sm text-ink-muted">Change plan or billing period, or cancel, with Manage billing.</p>
      )}
      <button type="button" className="mt-4 btn-outline" onClick={() => void manageBilling()} disabled={busy}>
        {busy ? 'Opening...' : 'Manage billing'}
      </button>
      {error && (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {error}
        </p>
      )}
    </AccountSection>
  );
}
