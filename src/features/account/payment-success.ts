/**
 * /payment-success (docs/product/checkout.md#payment-success): how long 'Processing Payment' shows, and the
 * order of the checkout read back for a signed-in customer, to tell them when the plan they just
 * paid for was a second one, cancelled and refunded (docs/product/plans.md#one-live-plan-per-customer).
 */
import type { OrderAnswer, Purchase, SecondPlanNotice } from './order-answer';

/**
 * How long after the navigation started /payment-success shows 'Processing Payment' before the
 * confirmation (docs/product/checkout.md#payment-success).
 */
export const PROCESSING_DELAY_MS = 2000;

/**
 * What is left of PROCESSING_DELAY_MS when the page's script runs `sinceNavigation` ms after the
 * navigation started (`performance.now()`, which counts from it), never below 0: a phone that runs
 * the script late does not add its lateness to the wait.
 */
export function processingLeftMs(sinceNavigation: number): number {
  return Math.max(0, PROCESSING_DELAY_MS - sinceNavigation);
}

/** How long the page keeps asking while the card provider's events are still arriving. */
export const ORDER_WATCH_MS = 20_000;

/** The order statuses that mean the card was charged (a refunded second plan was charged first). */
const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'refunded']);

/**
 * Reads the checkout's order until it is settled (paid, refunded or expired) or `ORDER_WATCH_MS` has
 * passed, calling `onSecondPlan` each time it reports a second plan (first pending refund, then
 * done) and `onPurchase` with what was bought once the order is paid. Failures are only logged: the confirmation already
 * shown stands.
 */
export async function watchOrder(
  sessionId: string,
  onSecondPlan: (notice: SecondPlanNotice) => void,
  onPurchase: (purchase: Purchase) => void = () => {},
): Promise<void> {
  const deadline = Date.now() + ORDER_WATCH_MS;
  // Loaded once the confirmation shows: the page's first script stays small.
  const [{ callApi }, { ApiError }] = await Promise.all([import('@/features/auth/api'), import('@/lib/api')]);
  for (;;) {
    try {
      const order = await callApi<OrderAnswer>(`/api/order?session_id=${encodeURIComponent(sessionId)}`, {
        fallback: 'The order could not be read.',
      });
      // What was bought is shown once it is paid: a checkout left unpaid (its address opened by
      // hand, or expired) never reads as a purchase.
      if (PAID_STATUSES.has(order.status)) onPurchase(order.purchase);
      if (order.secondPlan) onSecondPlan(order.secondPlan);
      if (order.status !== 'pending' && (!order.secondPlan || order.secondPlan.refunded)) return;
    } catch (error) {
      // Not stored yet: the card provider's events are still arriving.
      if (!(error instanceof ApiError && error.status === 404)) {
        console.error('Order check failed:', error);
        return;
      }
    }
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
