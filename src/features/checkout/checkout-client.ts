/**
 * Starting a checkout from the browser (docs/product.md#starting-a-checkout): anonymous visitors go to /auth; a
 * signed-in customer's checkout opens in a new tab; failures are logged and alerted; an answer
 * without a url does nothing. supabase-js loads only when a checkout starts.
 */
import type { BookingOptions, ServiceType } from './pricing';
import type { PlanType } from '@/features/plans/plans';

/** The alert of docs/product.md#starting-a-checkout for a failed checkout. */
export const CHECKOUT_FAILED = 'Error processing payment. Please try again.';

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

async function startCheckout(path: string, body: unknown): Promise<void> {
  const token = await currentAccessToken();
  if (!token) {
    window.location.assign('/auth');
    return;
  }
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await res.json()) as { url?: string; error?: string };
    if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
    if (data.url) window.open(data.url, '_blank', 'noopener');
  } catch (error) {
    console.error('Checkout failed:', error);
    window.alert(CHECKOUT_FAILED);
  }
}

/** Starts the monthly subscription checkout of a plan. */
export function startSubscriptionCheckout(planType: PlanType): Promise<void> {
  return startCheckout('/api/create-subscription-checkout', { planType });
}

/** Starts the payment checkout of a one-time service; the server prices it. */
export function startPaymentCheckout(serviceType: ServiceType, options: BookingOptions): Promise<void> {
  return startCheckout('/api/create-payment-checkout', { serviceType, options });
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
