/**
 * The sign-up's confirmation (docs/product/plans.md#plan-sign-up-form): the request is stored, we will
 * call; the visitor can also subscribe by card now (signing in first), for the period chosen and
 * at the price shown, with the request carried to the plan. A customer who already has a plan is
 * told so, with 'Change plan' (docs/product/plans.md#one-live-plan-per-customer), brought into view as
 * on the home page's Subscribe buttons (use-in-view.ts).
 */
import { useState, type Ref } from 'react';
import { openBillingPortal } from './portal';
import { startSubscriptionCheckout } from './subscribe';
import { subscriptionPriceCents } from './prices';
import { formatCents, formatUsd } from '@/lib/format';
import { SITE } from '@/site';
import { PERIOD_TERMS, type Plan, type PlanPricing } from './plans';
import type { SentRequest } from './signup';
import SignupCard, { SIGNUP_LINK } from './SignupCard';
import { useInView } from './use-in-view';

interface Props {
  plan: Plan;
  chosen: PlanPricing;
  sent: SentRequest;
  onStartOver: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export default function RequestReceived({ plan, chosen, sent, onStartOver, headingRef }: Props) {
  const { request } = sent;
  const period = request.billingPeriod;
  const terms = PERIOD_TERMS[period];
  const price = `${formatCents(subscriptionPriceCents(plan.type, period))} per ${terms.per}`;
  const [checkingOut, setCheckingOut] = useState(false);
  const [notice, setNotice] = useState<{ message: string; hasPlan: boolean } | null>(null);
  const shown = useInView<HTMLDivElement>(notice);

  async function subscribe() {
    if (checkingOut) return;
    setCheckingOut(true);
    setNotice(null);
    try {
      const outcome = await startSubscriptionCheckout(plan.type, { billingPeriod: period, planRequestId: sent.id });
      if (outcome.kind === 'has-plan' || outcome.kind === 'failed') {
        setNotice({ message: outcome.message, hasPlan: outcome.kind === 'has-plan' });
      }
    } finally {
      setCheckingOut(false);
    }
  }

  async function changePlan() {
    const problem = await openBillingPortal();
    if (problem) setNotice({ message: problem, hasPlan: true });
  }

  return (
    <SignupCard heading="Request received" headingRef={headingRef}>
      <p className="mt-2">
        Thank you, {request.fullName}. We have your request for {plan.name} ({chosen.label.toLowerCase()}:{' '}
        {formatUsd(chosen.price)} per {chosen.per}) and will contact you within {SITE.claims.responseHours} hours at{' '}
        {request.email} or {request.phone} to schedule your first visit at {request.address}, {request.city}.
      </p>
      <div className="mt-6 rounded-xl bg-brand-50 p-5">
        <h3 className="text-lg font-bold">Start now with online checkout</h3>
        <p className="mt-1">
          Subscribe by card: {price}, {terms.billing}. Cancel any time with 30 days&apos; notice before your next visit:{' '}
          {terms.cancelling}. You sign in or create an account first.
        </p>
        <button
          type="button"
          className="mt-4 btn-primary w-full whitespace-normal sm:w-auto"
          onClick={() => void subscribe()}
          disabled={checkingOut}
          aria-busy={checkingOut}
        >
          {checkingOut ? 'Processing...' : `Subscribe to ${plan.name}: ${price}`}
        </button>
        <div ref={shown}>
          <p role="alert" className="mt-3 font-semibold text-amber-900 empty:hidden">
            {notice?.message}
          </p>
          {notice?.hasPlan && (
            <button type="button" className="mt-2 btn-outline" onClick={() => void changePlan()}>
              Change plan
            </button>
          )}
        </div>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        Prefer to talk first? Call{' '}
        <a href={SITE.phone.href} className={SIGNUP_LINK}>
          {SITE.phone.display}
        </a>
        .{' '}
        <button type="button" className={SIGNUP_LINK} onClick={onStartOver}>
          Send another request
        </button>
      </p>
    </SignupCard>
  );
}
