/**
 * Starting a checkout from the browser (docs/product.md#starting-a-checkout): anonymous visitors go to /auth; a
 * signed-in customer's checkout opens in a new tab; an answer without a url does nothing. A
 * failure is logged, and the customer sees the server's reason when it gives one, else the generic
 * message. A subscription checkout refused because a plan is live answers its own outcome, so the
 * button can offer to change the plan instead (docs/product.md#one-live-plan-per-customer). A 401
 * (the session has ended elsewhere) signs this device out, so the header and /auth show it signed
 * out (docs/product.md#session-checks); a booking then goes to sign in and back to its card.
 * supabase-js loads only when a checkout starts.
 */
import { signInReturningTo } from '@/features/auth/return-path';
import type { BookingOptions, ServiceType } from './pricing';
import type { Visit } from './visit';
import type { BillingPeriod, PlanType } from '@/features/plans/plans';

/** The message of docs/product.md#starting-a-checkout for a failed checkout that gave no reason. */
export const CHECKOUT_FAILED = 'Error processing payment. Please try again.';

/** How a checkout request ended. */
export type CheckoutOutcome =
  | { kind: 'opened' }
  | { kind: 'signing-in' }
  | { kind: 'no-url' }
  | { kind: 'has-plan'; message: string }
  | { kind: 'failed'; message: string; sessionEnded?: true };

/** The access token of the signed-in customer, or null when nobody is signed in. */
export async function currentAccessToken(): Promise<string | null> {
  const { $auth, startAuth } = await import('@/features/auth/store');
  await startAuth();
  const state =
    $auth.get().status === 'loading'
      ? await new Promise<ReturnType<typeof $auth.get>>((resolve) => {
          const stop = $auth.subscribe((value) => {
            if (value.status !== 'loading') {
              queueMicrotask(() => stop());
              resolve(value);
            }
          });
        })
      : $auth.get();
  return state.session?.access_token ?? null;
}

async function requestCheckout(path: string, body: unknown): Promise<CheckoutOutcome> {
  const token = await currentAccessToken();
  if (!token) {
    window.location.assign('/auth');
    return { kind: 'signing-in' };
  }
  let res: Response;
  let data: { url?: string; error?: string };
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    data = (await res.json()) as { url?: string; error?: string };
  } catch (error) {
    console.error('Checkout failed:', error);
    return { kind: 'failed', message: CHECKOUT_FAILED };
  }
  if (res.status === 409 && data.error) return { kind: 'has-plan', message: data.error };
  if (res.status === 401) {
    const { signOutHere } = await import('@/features/auth/store');
    await signOutHere();
    return { kind: 'failed', message: data.error ?? CHECKOUT_FAILED, sessionEnded: true };
  }
  if (!res.ok) {
    console.error('Checkout failed:', new Error(data.error ?? `HTTP ${res.status}`));
    return { kind: 'failed', message: data.error ?? CHECKOUT_FAILED };
  }
  if (!data.url) return { kind: 'no-url' };
  window.open(data.url, '_blank', 'noopener');
  return { kind: 'opened' };
}

/**
 * Starts the subscription checkout of a plan, paid monthly unless `billingPeriod` says otherwise,
 * carrying the plan request sent from the plan page; the caller shows a 'has-plan' or 'failed' outcome.
 */
export function startSubscriptionCheckout(
  planType: PlanType,
  choice: { billingPeriod?: BillingPeriod; planRequestId?: string } = {},
): Promise<CheckoutOutcome> {
  return requestCheckout('/api/create-subscription-checkout', { planType, ...choice });
}

/**
 * Starts the payment checkout of a one-time service and its visit; the server prices it. A failure
 * is alerted; an ended session then goes to sign in and back to the card, whose draft this tab keeps.
 */
export async function startPaymentCheckout(
  serviceType: ServiceType,
  options: BookingOptions,
  visit: Visit,
): Promise<void> {
  const outcome = await requestCheckout('/api/create-payment-checkout', { serviceType, options, visit });
  if (outcome.kind === 'failed' || outcome.kind === 'has-plan') window.alert(outcome.message);
  if (outcome.kind === 'failed' && outcome.sessionEnded) {
    window.location.assign(signInReturningTo(`${window.location.pathname}#booking`));
  }
}

/**
 * Opens the billing portal, where a subscriber changes plan or period; resolves with the message
 * to show when it cannot (the server's reason), or null.
 */
export async function openPlanChange(): Promise<string | null> {
  const token = await currentAccessToken();
  if (!token) {
    window.location.assign('/auth');
    return null;
  }
  const { BillingPortalError, openBillingPortal } = await import('@/features/account/account');
  try {
    await openBillingPortal(token);
    return null;
  } catch (error) {
    console.error('Billing portal failed:', error);
    if (error instanceof BillingPortalError && error.status === 401) {
      const { signOutHere } = await import('@/features/auth/store');
      await signOutHere();
    }
    return error instanceof Error ? error.message : CHECKOUT_FAILED;
  }
}

/**
 * Makes a plain form start a checkout when submitted: the button shows 'Processing...' and is
 * disabled while it runs. Without a stored session the form's own action (/auth) is followed.
 */
export function enhanceCheckoutForm(
  form: HTMLFormElement,
  start: () => Promise<void>,
  hasSession: () => boolean,
): void {
  form.addEventListener('submit', (event) => {
    if (!hasSession()) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!button || button.disabled) return;
    const label = button.innerHTML;
    button.disabled = true;
    button.textContent = 'Processing...';
    void start().finally(() => {
      button.disabled = false;
      button.innerHTML = label;
    });
  });
}
