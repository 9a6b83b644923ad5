/**
 * The answer of GET /api/order?session_id=… (docs/product/checkout.md#payment-success): a checkout's order,
 * read back by /payment-success. Shared by the function and the browser; relative imports only
 * (Node loads it in functions/).
 */

/** What the customer is told of a second plan, cancelled at once and refunded (docs/product/plans.md#one-live-plan-per-customer). */
export interface SecondPlanNotice {
  title: string;
  message: string;
  refunded: boolean;
}

/** What was bought (docs/product/checkout.md#payment-success). */
export interface Purchase {
  description: string;
  amountCents: number;
  currency: string;
  /** A booking's service address and requested day and window; null for a plan. */
  address: string | null;
  requested: string | null;
}

/** The order of a checkout: its number and status, a second plan's notice, and what was bought. */
export interface OrderAnswer {
  orderNumber: string;
  status: 'pending' | 'paid' | 'expired' | 'refunded';
  /** Set when the order bought a second plan: what the customer is told. */
  secondPlan: SecondPlanNotice | null;
  purchase: Purchase;
}
