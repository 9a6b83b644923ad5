/**
 * Subscribing from the browser (docs/product/plans.md#subscribing): a plan's checkout opens in a new tab;
 * a visitor who is not signed in goes to /auth; an answer without an address does nothing. A
 * checkout refused because a plan is live (409) answers its own outcome, so the button can offer
 * to change the plan instead (docs/product/plans.md#one-live-plan-per-customer). A failure is logged and
 * told with the server's reason, else the generic message; a 401 has signed this device out
 * (docs/product/accounts.md#session-checks, features/auth/api.ts). The API client, and the sign-in client
 * behind it, load when a checkout starts.
 */
import { ApiError } from '@/lib/api';
import type { BillingPeriod, PlanType } from './plans';

/** How a subscription checkout request ended. */
export type CheckoutOutcome =
  | { kind: 'opened' }
  | { kind: 'signing-in' }
  | { kind: 'no-url' }
  | { kind: 'has-plan'; message: string }
  | { kind: 'failed'; message: string; sessionEnded?: true };

/**
 * Starts the subscription checkout of a plan, paid monthly unless `billingPeriod` says otherwise,
 * carrying the plan request sent from the plan page; the caller shows a 'has-plan' or 'failed' outcome.
 */
export async function startSubscriptionCheckout(
  planType: PlanType,
  choice: { billingPeriod?: BillingPeriod; planRequestId?: string } = {},
): Promise<CheckoutOutcome> {
  const { CHECKOUT_FAILED, openProviderPage, SignedOutError } = await import('@/features/auth/api');
  try {
    const opened = await openProviderPage(
      '/api/create-subscription-checkout',
      { planType, ...choice },
      CHECKOUT_FAILED,
    );
    return opened ? { kind: 'opened' } : { kind: 'no-url' };
  } catch (error) {
    if (error instanceof SignedOutError) {
      window.location.assign('/auth');
      return { kind: 'signing-in' };
    }
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return { kind: 'has-plan', message: error.message };
    if (error.status === 401) return { kind: 'failed', message: error.message, sessionEnded: true };
    console.error('Checkout failed:', error);
    return { kind: 'failed', message: error.message };
  }
}
