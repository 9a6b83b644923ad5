/**
 * GET /api/account: what the account page shows beyond the subscription check
 * (docs/product.md#orders-list): whether the current plan is set to cancel, and the customer's paid orders.
 */
import type { AccountSummary } from '../src/features/auth/account-summary.ts';
import { getPlan } from '../src/features/plans/plans.ts';
import { SERVICE_NAMES, type ServiceType } from '../src/features/checkout/pricing.ts';
import { bookingSummary } from '../src/features/checkout/booking.ts';
import { requireUser } from './_lib/auth.ts';
import { getDb } from './_lib/db.ts';
import { handler, json } from './_lib/http.ts';
import { currentSubscription, type SubscriptionRow } from './_lib/subscription-status.ts';

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDER_LIMIT = 50;

interface PlanRow extends SubscriptionRow {
  cancel_at_period_end: boolean;
}

interface OrderRow {
  order_number: string;
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, string | number>;
  amount_cents: number;
  currency: string;
  paid_at: Date;
}

/** What an order was for, in words: "Air Filter Replacement (Premium filters)", "Autopilot Full". */
export function orderDescription(row: Pick<OrderRow, 'kind' | 'item' | 'options'>): string {
  if (row.kind === 'subscription') {
    return row.item === 'lite' || row.item === 'full' ? `${getPlan(row.item).name} subscription` : row.item;
  }
  if (!Object.hasOwn(SERVICE_NAMES, row.item)) return row.item;
  const service = row.item as ServiceType;
  const detail = bookingSummary(service, row.options);
  return detail ? `${SERVICE_NAMES[service]} (${detail})` : SERVICE_NAMES[service];
}

export default handler(['GET'], async (req) => {
  const user = await requireUser(req);
  const db = await getDb();
  const [plans, orders] = await Promise.all([
    db.query<PlanRow>(
      'select tier, status, current_period_end, cancel_at_period_end from subscriptions where user_id = $1',
      [user.id],
    ),
    db.query<OrderRow>(
      `select order_number, kind, item, options, amount_cents, currency, updated_at as paid_at from orders
       where user_id = $1 and status = 'paid' order by updated_at desc, id desc limit $2`,
      [user.id, ACCOUNT_ORDER_LIMIT],
    ),
  ]);
  const plan = currentSubscription(plans, new Date());
  const answer: AccountSummary = {
    subscription: plan
      ? {
          tier: plan.tier,
          currentPeriodEnd: plan.current_period_end?.toISOString() ?? null,
          cancelAtPeriodEnd: plan.cancel_at_period_end,
        }
      : null,
    orders: orders.map((row) => ({
      orderNumber: row.order_number,
      description: orderDescription(row),
      amountCents: row.amount_cents,
      currency: row.currency,
      paidAt: new Date(row.paid_at).toISOString(),
    })),
  };
  return json(answer);
});

export const config = { path: '/api/account' };
