/**
 * A plan's Subscribe button in the home page's plans block (docs/product/plans.md#subscribing), an
 * island: a plain form to /auth, which is what a visitor who is not signed in follows; when the
 * auth store says signed in, the press starts the monthly checkout instead ('Processing...' while
 * it runs). A customer who already has a plan is told so, with 'Change plan' to the billing portal
 * (docs/product/plans.md#one-live-plan-per-customer), both brought into view: on a phone the button is
 * often at the bottom of the screen, and what is drawn under it would be out of sight. Signing in or
 * out elsewhere on the page changes what the next press does, without a reload.
 */
import { useState, type FormEvent } from 'react';
import { useSignedIn } from '@/features/auth/hooks';
import { $signedIn } from '@/features/auth/store';
import { openBillingPortal } from './portal';
import { startSubscriptionCheckout } from './subscribe';
import { useInView } from './use-in-view';
import type { PlanType } from './plans';

interface Props {
  plan: PlanType;
  planName: string;
}

export default function SubscribeButton({ plan, planName }: Props) {
  // Subscribed to, so the island follows sign-in and sign-out (and starts supabase-js for a stored session).
  useSignedIn();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ message: string; hasPlan: boolean } | null>(null);
  const shown = useInView<HTMLDivElement>(notice);

  const subscribe = (event: FormEvent<HTMLFormElement>) => {
    // The store at the moment of the press: a press made while hydrating runs before the first re-render.
    if (!$signedIn.get()) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice(null);
    void startSubscriptionCheckout(plan)
      .then((outcome) => {
        if (outcome.kind !== 'has-plan' && outcome.kind !== 'failed') return;
        setNotice({ message: outcome.message, hasPlan: outcome.kind === 'has-plan' });
      })
      .finally(() => setBusy(false));
  };
  const changePlan = () => {
    setBusy(true);
    void openBillingPortal()
      .then((problem) => problem && setNotice({ message: problem, hasPlan: true }))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <form method="get" action="/auth" className="mt-7" onSubmit={subscribe}>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? (
            'Processing...'
          ) : (
            <>
              Subscribe<span className="sr-only"> to {planName}</span>
            </>
          )}
        </button>
      </form>
      <div ref={shown} className="mt-3 grid gap-2">
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900 empty:hidden">
          {notice?.message}
        </p>
        {notice?.hasPlan && (
          <button type="button" className="btn-outline w-full" disabled={busy} onClick={changePlan}>
            Change plan
          </button>
        )}
      </div>
    </>
  );
}
