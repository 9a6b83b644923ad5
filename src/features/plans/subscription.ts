/**
 * The signed-in customer's plan as the browser knows it (docs/product/accounts.md#auth-state,
 * docs/product/accounts.md#subscription-status), in nanostores: checked with /api/check-subscription once a
 * customer is signed in, again when another customer signs in, and reset to no plan at sign-out.
 * It follows the auth store while something on the page shows it (the account page); a failed
 * check is only logged and leaves the state as it was.
 */
import { atom, onMount } from 'nanostores';
import { callApi } from '@/features/auth/api';
import { $auth } from '@/features/auth/store';
import type { PlanType } from './plans';
import type { SubscriptionAnswer } from './subscription-status';

/** Whether the customer subscribes, to which plan, and when the paid period ends (ISO). */
export interface SubscriptionState {
  subscribed: boolean;
  tier: PlanType | null;
  endDate: string | null;
}

/** No plan: signed out, or not checked yet. */
export const NO_SUBSCRIPTION: SubscriptionState = { subscribed: false, tier: null, endDate: null };

export const $subscription = atom<SubscriptionState>(NO_SUBSCRIPTION);

/** Asks our function whether the signed-in customer subscribes; failures are only logged. */
export async function checkSubscription(): Promise<void> {
  try {
    const answer = await callApi<SubscriptionAnswer>('/api/check-subscription', {
      method: 'POST',
      fallback: 'The subscription could not be checked.',
    });
    $subscription.set({
      subscribed: answer.subscribed,
      tier: answer.subscription_tier,
      endDate: answer.subscription_end,
    });
  } catch (error) {
    console.error('Subscription check failed:', error);
  }
}

/** The user whose plan the store holds (checked, or being checked), null when signed out. */
let checkedUser: string | null = null;

onMount($subscription, () =>
  $auth.subscribe(({ status, user }) => {
    if (status === 'loading') return;
    const id = status === 'signed-in' ? (user?.id ?? null) : null;
    if (id === checkedUser) return;
    checkedUser = id;
    if (id) void checkSubscription();
    else $subscription.set(NO_SUBSCRIPTION);
  }),
);
