/**
 * GET /api/order?session_id=cs_...: the signed-in customer's order of a checkout, for
 * /payment-success (docs/product/checkout.md#payment-success): its number and status, and, when it bought a
 * second plan that was cancelled and refunded (docs/product/plans.md#one-live-plan-per-customer), the
 * message to show instead of the success; and what was bought, with a booking's address and
 * requested window, for the buyer to check. 404 for a session that is not this customer's order.
 */
import type { OrderAnswer } from '../src/features/account/order-answer.ts';
import { isBillingPeriod, isPlanType, type BillingPeriod, type PlanType } from '../src/features/plans/plans.ts';
import { SECOND_PLAN_TITLE, secondPlanMessage } from '../src/features/plans/second-plan.ts';
import { type Visit } from '../src/features/booking/visit.ts';
import { describeVisitTime, visitAddress } from '../src/features/visits/windows.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import { orderDescription } from '../src/features/mail/describe.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json } from './_lib/platform/http.ts';

interface Row {
  order_number: string;
  status: OrderAnswer['status'];
  kind: 'service' | 'subscription';
  amount_cents: number;
  visit: Visit | null;
  item: string;
  options: Record<string, unknown>;
  currency: string;
  refund_state: 'pending' | 'done' | null;
  refunded_cents: number | null;
  billing_period: BillingPeriod | null;
  kept_tier: PlanType | null;
  kept_period: BillingPeriod | null;
  /** The booking's visit as recorded (docs/product/visits.md#visits). */
  booked: { street: string; city: string; zip: string; day: string; time_window: Visit['window'] } | null;
}

export default handler(['GET'], async (req) => {
  const user = await requireLiveSession(req);
  const sessionId = new URL(req.url).searchParams.get('session_id') ?? '';
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) {
    throw new HttpError(400, 'session_id must be the id of a checkout session (cs_...)');
  }
  const db = await getDb();
  const [row] = await db.query<Row>(
    `select o.order_number, o.status, o.kind, o.amount_cents, o.visit, o.item, o.options, o.currency, s.refund_state, s.refunded_cents,
            s.billing_period, kept.tier as kept_tier, kept.billing_period as kept_period,
            (select jsonb_build_object('street', v.street, 'city', v.city, 'zip', v.zip, 'day', v.day,
                                       'time_window', v.time_window)
             from visits v where v.order_id = o.id) as booked
     from orders o
     left join subscriptions s on s.id = o.subscription_id
     left join subscriptions kept on kept.id = s.duplicate_of
     where o.checkout_session_id = $1 and o.user_id = $2`,
    [sessionId, user.id],
  );
  if (!row) throw new HttpError(404, 'No order of yours has this checkout session.');
  const second = row.refund_state !== null && isPlanType(row.item);
  const period =
    row.billing_period ?? (isBillingPeriod(row.options['billingPeriod']) ? row.options['billingPeriod'] : null);
  const answer: OrderAnswer = {
    orderNumber: row.order_number,
    status: row.status,
    secondPlan: second
      ? {
          title: SECOND_PLAN_TITLE,
          message: secondPlanMessage({
            second: { tier: row.item as PlanType, billingPeriod: period },
            kept: row.kept_tier ? { tier: row.kept_tier, billingPeriod: row.kept_period } : null,
            refund: row.refund_state === 'done' ? { cents: row.refunded_cents ?? 0, currency: row.currency } : null,
          }),
          refunded: row.refund_state === 'done',
        }
      : null,
    purchase: {
      description: orderDescription(row),
      amountCents: row.amount_cents,
      currency: row.currency,
      address: row.booked ? visitAddress(row.booked) : row.visit ? visitAddress(row.visit) : null,
      requested: row.booked
        ? describeVisitTime(row.booked.day, row.booked.time_window)
        : row.visit
          ? describeVisitTime(row.visit.date, row.visit.window)
          : null,
    },
  };
  return json(answer);
});

export const config = { path: '/api/order' };
