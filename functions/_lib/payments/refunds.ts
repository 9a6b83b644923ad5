/**
 * A refund made anywhere, as the card provider reports it (docs/product/visits.md#refunds): `charge.refunded`,
 * full or partial, with the amount refunded so far. The booking's order records it, a fully
 * refunded booking's visit is cancelled, the customer is told once and the owner's feed hears it
 * once. A refund the owner's desk asked for is told by the desk's cancellation instead
 * (owner-visits.ts); a charge that is no booking's (a plan's, refunded as a second plan) is left to
 * the code that made it.
 */
import type Stripe from 'stripe';
import { formatCents } from '../../../src/lib/format.ts';
import { visitAddress } from '../../../src/features/visits/windows.ts';
import { refundIssuedMail } from '../../../src/features/mail/visit-messages.ts';
import { holdsPlace } from '../../../src/features/visits/status.ts';
import type { Db } from '../platform/db.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import { queueMail } from '../platform/mail.ts';
import { orderDescription } from '../../../src/features/mail/describe.ts';
import { VISIT_COLUMNS, type VisitRow } from '../visits/store.ts';
import { transition } from '../visits/transition.ts';

interface RefundedOrder {
  id: number;
  order_number: string;
  kind: 'service' | 'subscription' | 'extras';
  item: string;
  options: Record<string, unknown>;
  amount_cents: number;
  refunded_cents: number;
  refund_pending: boolean;
  customer_name: string | null;
  email: string | null;
}

/** Records a charge's refunds on its booking, once per new amount refunded. */
export async function chargeRefunded(tx: Db, charge: Stripe.Charge): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return;
  // The visit's lock before the order's, in the order every change of a visit takes them (a
  // cancellation completing its refund claim holds the visit and asks for the order).
  await tx.query(
    `select v.id from visits v join orders o on o.id = v.order_id
     where o.payment_intent = $1 and o.kind = 'service' for update of v`,
    [intent],
  );
  const [order] = await tx.query<RefundedOrder>(
    `select o.id, o.order_number, o.kind, o.item, o.options, o.amount_cents, o.refunded_cents, o.refund_pending,
            o.customer_name, coalesce(o.customer_email, c.email) as email
     from orders o left join customers c on c.user_id = o.user_id
     where o.payment_intent = $1 and o.kind in ('service', 'extras') for update of o`,
    [intent],
  );
  const total = charge.amount_refunded;
  // Not a booking's charge, or nothing refunded that the order does not know of already.
  if (!order || total <= order.refunded_cents) return;
  const full = total >= order.amount_cents;
  await tx.query(
    `update orders set refunded_cents = $2, status = case when $3 then 'refunded' else status end, updated_at = now()
     where id = $1`,
    [order.id, total, full],
  );
  // A cancellation claimed the refund (docs/product/visits.md#refunds): it tells the customer and cancels the visit itself.
  if (order.refund_pending) return;
  // An extras payment's visit is the pay request's, and stays done (docs/product/extras.md#refunding-extras).
  const extras = order.kind === 'extras';
  const [visit] = await tx.query<VisitRow>(
    extras
      ? `select ${VISIT_COLUMNS} from visits v join pay_requests pr on pr.visit_id = v.id join orders o on o.pay_request_id = pr.id
         where o.id = $1`
      : `select ${VISIT_COLUMNS} from visits v where v.order_id = $1`,
    [order.id],
  );
  if (!extras && full && visit && holdsPlace(visit.status)) await transition(tx, visit, 'refunded', { by: 'provider' });
  const description = orderDescription(order);
  const refundedNow = total - order.refunded_cents;
  if (order.email) {
    await queueMail(tx, `refund-issued:${order.id}:${total}`, 'refund-issued', {
      to: order.email,
      ...refundIssuedMail({
        name: order.customer_name,
        orderNumber: order.order_number,
        description,
        refundedCents: refundedNow,
        full,
        kind: extras ? 'extras' : 'booking',
      }),
    });
  }
  await queueOwnerEvent(tx, `order-refunded:${order.id}:${total}`, {
    event: 'order.refunded',
    orderNumber: order.order_number,
    customerName: order.customer_name ?? '',
    email: order.email ?? '',
    ...(visit ? { visitId: visit.id } : {}),
    phone: visit?.phone ?? '',
    address: visit ? visitAddress(visit) : '',
    service: description,
    amount: formatCents(refundedNow),
    amountCents: refundedNow,
    refundedCents: total,
    full,
    timestamp: new Date().toISOString(),
  });
}
