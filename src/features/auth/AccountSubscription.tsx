/**
 * The account screen's Subscription Status (docs/product.md#subscription-status): active or not,
 * the plan and its renewal or end date, and 'Manage billing', which opens the card provider's
 * portal (docs/product.md#billing-portal).
 */
import { useState } from 'react';
import { planName } from '@/features/plans/plans';
import { accountDate, openBillingPortal } from './account';
import AccountSection from './AccountSection';
import { $auth, type SubscriptionState } from './store';

interface Props {
  subscription: SubscriptionState;
  /** The plan is set to cancel at the end of its period. */
  cancelling: boolean;
}

export default function AccountSubscription({ subscription, cancelling }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function manageBilling() {
    setBusy(true);
    setError(null);
    try {
      await openBillingPortal($auth.get().session?.access_token ?? '');
    } catch (failure) {
      console.error('Billing portal failed:', failure);
      setError(failure instanceof Error ? failure.message : 'Could not open billing');
    } finally {
      setBusy(false);
    }
  }

  const { subscribed, tier, endDate } = subscription;
  return (
    <AccountSection id="account-plan" title="Subscription Status">
      <p className="mt-4 text-2xl font-extrabold">{subscribed ? 'Active' : 'No Active Plan'}</p>
      {subscribed && tier && (
        <p className="mt-1">
          {planName(tier)}
          {endDate && (cancelling ? `, ends on ${accountDate(endDate)}` : `, renews on ${accountDate(endDate)}`)}
        </p>
      )}
      {subscribed && cancelling && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          Your plan is set to cancel. Visits continue until the end date; Manage billing can keep the plan.
        </p>
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
