/**
 * What /api/account answers and the account page shows beyond the subscription check
 * (docs/product/accounts.md#subscription-status, docs/product/accounts.md#orders-list): the plan with its period,
 * next charge and any scheduled cancellation, a second plan that was refunded, the plan's visit
 * details, and the paid orders. Shared by the function and the browser; relative imports only
 * (Node loads it in functions/).
 */
import type { PlanDetails } from '../plans/plan-request.ts';
import type { BillingPeriod, PlanType } from '../plans/plans.ts';
import type { VisitReport } from '../visits/visit-report.ts';
import type { VisitStatus } from '../visits/status.ts';

/** One paid (or refunded) order as the account page lists it. */
export interface AccountOrder {
  orderNumber: string;
  /** What was bought, in words: "Air Filter Replacement (Premium filter)". */
  description: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** Refunded: the second plan of a customer who already had one. */
  status: 'paid' | 'refunded';
}

/** The customer's live plan. */
export interface AccountPlan {
  tier: PlanType;
  /** How it is paid; null for a plan whose price is not one of the site's. */
  billingPeriod: BillingPeriod | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The next charge to the card, or null when the plan is set to end instead of renewing. */
  nextCharge: { amountCents: number; currency: string; date: string } | null;
}

/** A second plan bought while the customer had one, cancelled at once and refunded. */
export interface RefundedPlan {
  tier: PlanType;
  billingPeriod: BillingPeriod | null;
  refundedCents: number;
  currency: string;
  refundedAt: string;
}

/** A visit to come (docs/product/accounts.md#account-page): a booking's requested window, or a plan's next visit. */
export interface AccountVisit {
  /** The order it was bought with, when known. */
  orderNumber: string | null;
  /** "Air Filter Replacement (Premium filter)", "Autopilot Full quarterly visit". */
  description: string;
  /** When, in words: the requested day and window, a plan visit's due date, the confirmed time, or the day done. */
  when: string;
  /** The service address, when known. */
  address: string | null;
  /** Requested, confirmed or done (docs/product/visits.md#visits), a booking's or a plan's. */
  status?: VisitStatus;
  /** The visit's id, for 'Reschedule or cancel' (docs/product/visits.md#changing-a-visit). */
  id?: string;
  /** The day, for the link's name. */
  day?: string;
}

/** The answer of GET /api/account. */
export interface AccountSummary {
  subscription: AccountPlan | null;
  refundedPlans: RefundedPlan[];
  planDetails: PlanDetails | null;
  /** Whether texts are on, so the visit details show the consent box (docs/product/texts.md#consent); missing in a summary kept from before. */
  texts?: boolean;
  /** Visits to come, soonest first. */
  visits: AccountVisit[];
  /** The plan's latest visit done, as its report tells it (docs/product/accounts.md#account-page); null before one. */
  lastReport: VisitReport | null;
  orders: AccountOrder[];
}
