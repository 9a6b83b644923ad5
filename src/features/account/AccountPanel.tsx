/**
 * The /account screen (docs/product.md#account-page): a loading state, then the signed-in user's
 * information, subscription status, quick actions, security and paid orders; without a user, or
 * once the sign-in service says the session has ended (docs/product.md#session-checks), it goes to
 * /auth. Coming back to the tab (from the billing portal) refreshes the subscription and the orders.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SESSION_ID_LENGTH, sessionIdOf } from '@/features/auth/session';
import { callApi } from '@/features/auth/api';
import type { AccountSummary } from './account-summary';
import AccountInfo from './AccountInfo';
import AccountOrders from './AccountOrders';
import AccountPlanDetails from './AccountPlanDetails';
import AccountQuickActions from './AccountQuickActions';
import AccountSecurity from './AccountSecurity';
import AccountSubscription from './AccountSubscription';
import AccountVisitReport from './AccountVisitReport';
import AccountVisits from './AccountVisits';
import { useAuth } from '@/features/auth/hooks';
import { signOutStarted, startAuth, verifySession } from '@/features/auth/store';
import { $subscription, checkSubscription } from '@/features/plans/subscription';

export default function AccountPanel() {
  const auth = useAuth();
  const subscription = useStore($subscription);
  const [summary, setSummary] = useState<AccountSummary | 'loading' | 'failed'>('loading');
  const token = auth.session?.access_token;

  useEffect(() => {
    // The stored session is only a hint: ask the sign-in service whether it is still alive.
    void startAuth().then(verifySession);
  }, []);
  useEffect(() => {
    // After this page's own 'Sign Out' the sign-out leaves, to where it chose.
    if (auth.status === 'signed-out' && !signOutStarted()) window.location.replace('/auth');
  }, [auth.status]);
  useEffect(() => {
    if (!token) return;
    let current = true;
    const load = () =>
      callApi<AccountSummary>('/api/account', { fallback: 'Your orders could not be loaded.' }).then(
        (answer) => current && setSummary(answer),
        (error: unknown) => {
          console.error('Account summary failed:', error);
          if (current) setSummary((shown) => (shown === 'loading' ? 'failed' : shown));
        },
      );
    // Billing changes happen in the provider's portal, in another tab: re-read on return.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void checkSubscription();
      void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);

  if (auth.status !== 'signed-in' || !auth.user) {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-lg text-ink-muted">
        Loading your account...
      </p>
    );
  }

  const loaded = typeof summary === 'object' ? summary : null;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <AccountInfo user={auth.user} />
      <AccountSubscription
        subscription={subscription}
        plan={loaded?.subscription ?? null}
        refundedPlans={loaded?.refundedPlans ?? []}
      />
      {loaded && (subscription.subscribed || loaded.planDetails) && (
        <AccountPlanDetails
          details={loaded.planDetails}
          onSaved={(planDetails) => setSummary({ ...loaded, planDetails })}
        />
      )}
      <AccountQuickActions subscribed={subscription.subscribed} />
      <AccountSecurity sessionId={sessionIdOf(token).slice(0, SESSION_ID_LENGTH)} />
      {loaded && <AccountVisits summary={loaded} />}
      {loaded?.lastReport && <AccountVisitReport report={loaded.lastReport} />}
      <AccountOrders summary={summary} />
    </div>
  );
}
