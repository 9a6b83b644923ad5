/**
 * What /api/account answers and the account page shows beyond the subscription check
 * (docs/product.md#orders-list): whether the plan is set to cancel, and the paid orders.
 * Shared by the function and the browser; relative imports only (Node loads it in functions/).
 */
import type { PlanType } from '../plans/plans.ts';

/** One paid order as the account page lists it. */
export interface AccountOrder {
  orderNumber: string;
  /** What was bought, in words: "Air Filter Replacement (Premium filter)". */
  description: string;
  amountCents: number;
  currency: string;
  paidAt: string;
}

/** The answer of GET /api/account. */
export interface AccountSummary {
  subscription: { tier: PlanType; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  orders: AccountOrder[];
}

/** Reads the signed-in customer's account summary; throws when it could not be read. */
export async function fetchAccountSummary(accessToken: string): Promise<AccountSummary> {
  const res = await fetch('/api/account', { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!res.ok) throw new Error(`Account summary: HTTP ${res.status}`);
  return (await res.json()) as AccountSummary;
}
