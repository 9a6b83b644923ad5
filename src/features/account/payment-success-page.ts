/**
 * The script of /payment-success (docs/product/checkout.md#payment-success): 'Processing Payment', then the
 * confirmation with the order number; for a signed-in buyer, 'View Account', the subscription
 * re-read, what was bought, where and when, and, when the plan just paid for was a second one, its
 * cancellation and refund instead of the success (docs/product/plans.md#one-live-plan-per-customer).
 */
import { $signedIn, currentAccessToken } from '@/features/auth/store';
import { formatCents } from '@/lib/format';
import { orderNumber } from './order-number';
import type { Purchase, SecondPlanNotice } from './order-answer';
import { processingLeftMs, watchOrder } from './payment-success';

/** The element of `root` that `selector` names; the page's HTML always holds it. */
function part(root: ParentNode, selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`/payment-success has no ${selector}`);
  return found;
}

/** Shows the signed-in buyer what was bought, where and when. */
function showPurchase(root: HTMLElement, purchase: Purchase): void {
  const list = part(root, '[data-purchase]');
  part(list, '[data-purchase-what]').textContent = `${purchase.description}, ${formatCents(purchase.amountCents)}`;
  for (const key of ['address', 'requested'] as const) {
    const row = part(list, `[data-purchase-row="${key}"]`);
    row.hidden = !purchase[key];
    part(row, 'dd').textContent = purchase[key] ?? '';
  }
  list.hidden = false;
}

/** Tells of a second plan, cancelled and refunded, instead of the success. */
function showSecondPlan(root: HTMLElement, notice: SecondPlanNotice): void {
  const second = part(root, '[data-state="second-plan"]');
  part(second, '[data-second-plan-message]').textContent = notice.message;
  if (!second.hidden) return;
  part(root, '[data-state="done"]').hidden = true;
  second.hidden = false;
  second.querySelector<HTMLElement>('h1')?.focus();
}

/** Fills in what the confirmation says: the order number, and 'View Account' for a signed-in buyer. */
function fillIn(root: HTMLElement, sessionId: string, signedIn: boolean): void {
  const number = orderNumber(sessionId);
  if (number) {
    part(root, '[data-order-number]').textContent = number;
    part(root, '[data-order]').hidden = false;
  }
  part(root, '[data-view-account]').hidden = !signedIn;
}

/**
 * Shows the confirmation, unless the page's inline timer already has (payment-success.astro: it
 * counts from the navigation's start, before this module arrives), then reads the order back for a
 * signed-in buyer.
 */
async function confirm(root: HTMLElement, sessionId: string, signedIn: boolean): Promise<void> {
  const done = part(root, '[data-state="done"]');
  if (done.hidden) {
    part(root, '[data-state="processing"]').hidden = true;
    done.hidden = false;
    done.querySelector<HTMLElement>('h1')?.focus();
  }
  if (!signedIn || !sessionId) return;
  try {
    // The stored session may have ended: then there is no order of this buyer to read.
    if (!(await currentAccessToken())) return;
    const { checkSubscription } = await import('@/features/plans/subscription');
    await checkSubscription();
    await watchOrder(
      sessionId,
      (notice) => showSecondPlan(root, notice),
      (purchase) => showPurchase(root, purchase),
    );
  } catch (error) {
    console.error('Subscription refresh failed:', error);
  }
}

/**
 * Starts the page: the confirmation replaces 'Processing Payment' PROCESSING_DELAY_MS after the
 * navigation started, however late this script runs (at once when that has passed).
 */
export function initPaymentSuccess(root: HTMLElement): void {
  const sessionId = new URLSearchParams(window.location.search).get('session_id') ?? '';
  // The auth store's answer (docs/product/accounts.md#auth-state): until supabase-js loads, the stored session.
  const signedIn = $signedIn.get();
  fillIn(root, sessionId, signedIn);
  setTimeout(() => void confirm(root, sessionId, signedIn), processingLeftMs(performance.now()));
}
