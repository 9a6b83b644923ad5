/**
 * The answer of POST /api/check-subscription (docs/product/accounts.md#subscription-status), shared by the
 * function and the browser's subscription store. Shared core: Node loads it directly from
 * functions/, so relative imports with the extension only.
 */
import type { PlanType } from './plans.ts';

/** Whether the signed-in customer has a live plan, its tier, and when its paid period ends (ISO). */
export interface SubscriptionAnswer {
  subscribed: boolean;
  subscription_tier: PlanType | null;
  subscription_end: string | null;
}
