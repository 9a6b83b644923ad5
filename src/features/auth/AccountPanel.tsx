/**
 * The /account screen (SPEC §2, §4): a loading state, then the signed-in user's information,
 * subscription status, quick actions and security; without a user it goes to /auth. Beyond the
 * spec: 'Manage billing' opens the card provider's billing portal, a plan set to cancel says so,
 * and the paid orders are listed. Coming back to the tab (from the portal) refreshes both.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { planName } from '@/features/plans/plans';
import { formatCents } from '@/lib/format';
import { fetchAccountSummary, type AccountSummary } from './account-summary';
import { $auth, $subscription, checkSubscription, signOut, startAuth } from './store';

/** SPEC §9: the session identifier is shown cut to 20 characters. */
export const SESSION_ID_LENGTH = 20;

const date = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'Not yet';

/** The `session_id` claim of an access token (never the token itself). */
export function sessionIdOf(accessToken: string | undefined): string {
  try {
    const payload = JSON.parse(
      atob((accessToken ?? '').split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''),
    ) as {
      session_id?: unknown;
    };
    return typeof payload.session_id === 'string' ? payload.session_id : '';
  } catch {
    return '';
  }
}

export default function AccountPanel() {
  const auth = useStore($auth);
  const subscription = useStore($subscription);
  const [portalBusy, setPortalBusy] = useState(false);
  const [portalError, setPortalError] = useState<string | null>(null);
  const [summary, setSummary] = useState<AccountSummary | 'loading' | 'failed'>('loading');
  const token = auth.session?.access_token;

  useEffect(() => {
    void startAuth();
  }, []);
  useEffect(() => {
    if (auth.status === 'signed-out') window.location.replace('/auth');
  }, [auth.status]);
  useEffect(() => {
    if (!token) return;
    let current = true;
    const load = () =>
      fetchAccountSummary(token).then(
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

  const user = auth.user;
  const sessionId = sessionIdOf(auth.session?.access_token).slice(0, SESSION_ID_LENGTH);

  async function openPortal() {
    setPortalBusy(true);
    setPortalError(null);
    try {
      const res = await fetch('/api/customer-portal', {
        method: 'POST',
        headers: { Authorization: `Bearer ${$auth.get().session?.access_token ?? ''}` },
      });
      const body = (await res.json()) as { url?: string; error?: string };
      if (!res.ok || !body.url) throw new Error(body.error ?? `HTTP ${res.status}`);
      window.open(body.url, '_blank', 'noopener');
    } catch (error) {
      console.error('Billing portal failed:', error);
      setPortalError(error instanceof Error ? error.message : 'Could not open billing');
    } finally {
      setPortalBusy(false);
    }
  }

  const cancelling = typeof summary === 'object' && summary.subscription?.cancelAtPeriodEnd === true;
  const card = 'rounded-2xl border border-slate-200 bg-white p-6';
  const action = 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4';
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section className={card} aria-labelledby="account-info">
        <h2 id="account-info" className="text-xl font-bold">
          Account Information
        </h2>
        <dl className="mt-4 grid gap-3">
          <div>
            <dt className="text-sm text-ink-muted">Email</dt>
            <dd className="font-semibold break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Status</dt>
            <dd className="font-semibold">{user.email_confirmed_at ? 'Verified' : 'Pending Verification'}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Member since</dt>
            <dd className="font-semibold">{date(user.created_at)}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Last sign in</dt>
            <dd className="font-semibold">{date(user.last_sign_in_at)}</dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-labelledby="account-plan">
        <h2 id="account-plan" className="text-xl font-bold">
          Subscription Status
        </h2>
        <p className="mt-4 text-2xl font-extrabold">{subscription.subscribed ? 'Active' : 'No Active Plan'}</p>
        {subscription.subscribed && subscription.tier && (
          <p className="mt-1">
            {planName(subscription.tier)}
            {subscription.endDate &&
              (cancelling ? `, ends on ${date(subscription.endDate)}` : `, renews on ${date(subscription.endDate)}`)}
          </p>
        )}
        {subscription.subscribed && cancelling && (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
            Your plan is set to cancel. Visits continue until the end date; Manage billing can keep the plan.
          </p>
        )}
        <button type="button" className="mt-4 btn-outline" onClick={() => void openPortal()} disabled={portalBusy}>
          {portalBusy ? 'Opening...' : 'Manage billing'}
        </button>
        {portalError && (
          <p role="alert" className="mt-2 font-semibold text-red-700">
            {portalError}
          </p>
        )}
      </section>
      <section className={card} aria-labelledby="account-actions">
        <h2 id="account-actions" className="text-xl font-bold">
          Quick Actions
        </h2>
        <ul className="mt-3 grid gap-1">
          <li>
            <a className={action} href="/#services">
              Book a service
            </a>
          </li>
          <li>
            <a className={action} href="/#contact">
              Contact us
            </a>
          </li>
          {subscription.subscribed && (
            <li>
              <a className={action} href="/#autopilot">
                Your Autopilot plan
              </a>
            </li>
          )}
        </ul>
      </section>
      <section className={card} aria-labelledby="account-security">
        <h2 id="account-security" className="text-xl font-bold">
          Security
        </h2>
        <p className="mt-4 text-sm text-ink-muted">Session</p>
        <p className="font-mono font-semibold">{sessionId}</p>
        <button
          type="button"
          className="mt-4 btn-primary"
          onClick={() => void signOut().then(() => window.location.assign('/'))}
        >
          Sign Out
        </button>
      </section>
      <section className={`${card} md:col-span-2`} aria-labelledby="account-orders">
        <h2 id="account-orders" className="text-xl font-bold">
          Your Orders
        </h2>
        {summary === 'loading' && <p className="mt-4 text-ink-muted">Loading your orders...</p>}
        {summary === 'failed' && (
          <p role="alert" className="mt-4 font-semibold text-red-700">
            Your orders could not be loaded. Please reload the page.
          </p>
        )}
        {typeof summary === 'object' && summary.orders.length === 0 && (
          <p className="mt-4 text-ink-muted">No paid orders yet.</p>
        )}
        {typeof summary === 'object' && summary.orders.length > 0 && (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">Your paid orders, newest first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-sm text-ink-muted">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    What
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Paid on
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.orders.map((order) => (
                  <tr key={order.orderNumber} className="border-b border-slate-100 last:border-0">
                    <td className="py-2 pr-4 font-mono font-semibold">{order.orderNumber}</td>
                    <td className="py-2 pr-4">{order.description}</td>
                    <td className="py-2 pr-4">{date(order.paidAt)}</td>
                    <td className="py-2 text-right font-semibold">{formatCents(order.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
