/**
 * The sign-up's confirmation (docs/product.md#plan-sign-up-form): the request is stored, we will
 * call; the visitor can also subscribe by card now (signing in first).
 */
import { useState, type Ref } from 'react';
import { startSubscriptionCheckout } from '@/features/checkout/checkout-client';
import { SUBSCRIPTION_MONTHLY_CENTS } from '@/features/checkout/pricing';
import { formatCents, formatUsd } from '@/lib/format';
import { SITE } from '@/site';
import type { PlanRequest } from './plan-request';
import type { Plan, PlanPricing } from './plans';
import SignupCard, { SIGNUP_LINK } from './SignupCard';

interface Props {
  plan: Plan;
  chosen: PlanPricing;
  request: PlanRequest;
  headingRef: Ref<HTMLHeadingElement>;
}

export default function RequestReceived({ plan, chosen, request, headingRef }: Props) {
  const [checkingOut, setCheckingOut] = useState(false);
  const monthly = formatCents(SUBSCRIPTION_MONTHLY_CENTS[plan.type]);

  async function subscribe() {
    if (checkingOut) return;
    setCheckingOut(true);
    try {
      await startSubscriptionCheckout(plan.type);
    } finally {
      setCheckingOut(false);
    }
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
          Subscribe by card for {monthly} a month, billed monthly; cancel any time with 30 days&apos; notice. You sign
          in or create an account first.
        </p>
        <button
          type="button"
          className="mt-4 btn-primary"
          onClick={() => void subscribe()}
          disabled={checkingOut}
          aria-busy={checkingOut}
        >
          {checkingOut ? 'Processing...' : `Subscribe to ${plan.name}`}
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        Prefer to talk first? Call{' '}
        <a href={SITE.phone.href} className={SIGNUP_LINK}>
          {SITE.phone.display}
        </a>
        .
      </p>
    </SignupCard>
  );
}
