/**
 * The /account screen (docs/product/accounts.md#account-page): a loading state, then the signed-in user's
 * information, subscription status, quick actions, security and paid orders; without a user, or
 * once the sign-in service says the session has ended (docs/product/accounts.md#session-checks), it goes to
 * /auth. Coming back to the tab (from the billing portal) refreshes the subscription and the orders.
 * A returning customer sees the last known summary this browser kept for them (./kept-summary.ts)
 * as soon as the island starts, before the sign-in client and the server answer; each fresh
 * answer replaces it and is kept in turn.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SESSION_ID_LENGTH, sessionIdOf } from '@/features/auth/session';
import { callApi } from '@/features/auth/api';
import { signInReturningTo } from '@/features/auth/return-path';
import type { AccountSummary } from './account-summary';
import AccountInfo from './AccountInfo';
import AccountOrders from './AccountOrders';
import AccountPlanDetails from './AccountPlanDetails';
import AccountQuickActions from './AccountQuickActions';
import AccountSecurity from './AccountSecurity';
import AccountSubscription from './AccountSubscription';
import AccountVisitReport from './AccountVisitReport';
import AccountVisits from './AccountVisits';
import { useAuth, useHydrated } from '@/features/auth/hooks';
import { signOutStarted, startAuth, storedUserAtOpen, verifySession } from '@/features/auth/store';
import { $subscription, checkSubscription, NO_SUBSCRIPTION } from '@/features/plans/subscription';
import { keepSummary, loadKeptSummary, type KeptAccount } from './kept-summary';

/** What this browser held when the page opened: the stored session's user, and what was kept for them. */
interface Opened {
  kept: KeptAccount | null;
  sessionId: string;
}
let openedAtStart: Opened | undefined;

/** Read once per page: the kept account of the stored session's user, and that session's id. */
function openedWith(): Opened {
  if (!openedAtStart) {
    const stored = storedUserAtOpen();
    openedAtStart = { kept: loadKeptSummary(stored?.userId ?? null), sessionId: stored?.sessionId ?? '' };
  }
  return openedAtStart;
}

export default function AccountPanel() {
  const auth = useAuth();
  const subscription = useStore($subscription);
  const [summary, setSummary] = useState<AccountSummary | 'loading' | 'failed'>('loading');
  const token = auth.session?.access_token;
  // Read once the island runs (the server's HTML and the hydrating render have none).
  const opened = useHydrated() ? openedWith() : null;

  useEffect(() => {
    // The stored session is only a hint: ask the sign-in service whether it is still alive.
    void startAuth().then(verifySession);
  }, []);
  useEffect(() => {
    // After this page's own 'Sign Out' the sign-out leaves, to where it chose; a session found
    // ended comes back here once signed in again (docs/product/accounts.md#account-page).
    if (auth.status === 'signed-out' && !signOutStarted()) window.location.replace(signInReturningTo('/account'));
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

  const user = auth.status === 'signed-in' ? auth.user : null;
  // Kept for this user: while loading, the stored session's; once known, the signed-in one's.
  const kept = opened?.kept && (user ? opened.kept.userId === user.id : auth.status === 'loading') ? opened.kept : null;
  // The subscription as checked, or as kept until the check answers (NO_SUBSCRIPTION: not checked yet).
  const plan = subscription === NO_SUBSCRIPTION && kept ? kept.subscription : subscription;
  const fresh = typeof summary === 'object' ? summary : null;

  useEffect(() => {
    if (user && fresh) {
      keepSummary({
        userId: user.id,
        user,
        subscription: plan,
        summary: fresh,
      });
    }
  }, [user, fresh, plan]);

  const shownUser = user ?? kept?.user;
  if (!shownUser) {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-lg text-ink-muted">
        Loading your account...
      </p>
    );
  }

  const loaded = fresh ?? kept?.summary ?? null;
  const shownToken = token ? sessionIdOf(token) : (opened?.sessionId ?? '');
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <AccountInfo user={shownUser} />
      <AccountSubscription
        subscription={plan}
        plan={loaded?.subscription ?? null}
        refundedPlans={loaded?.refundedPlans ?? []}
      />
      {loaded && (plan.subscribed || loaded.planDetails) && (
        <AccountPlanDetails
          details={loaded.planDetails}
          texts={loaded.texts === true}
          onSaved={(planDetails) => setSummary({ ...loaded, planDetails })}
        />
      )}
      <AccountQuickActions subscribed={plan.subscribed} />
      <AccountSecurity sessionId={shownToken.slice(0, SESSION_ID_LENGTH)} />
      {loaded && <AccountVisits summary={loaded} />}
      {loaded?.lastReport && <AccountVisitReport report={loaded.lastReport} />}
      <AccountOrders summary={summary === 'loading' && kept ? kept.summary : summary} />
    </div>
  );
}
