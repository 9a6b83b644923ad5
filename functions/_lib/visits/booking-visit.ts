/**
 * The visit of a paid booking (docs/product/visits.md#visits): made once per order, inside the payment's
 * transaction, so a payment never exists without its visit.
 */
import type { Visit } from '../../../src/features/booking/visit.ts';
import type { Db } from '../platform/db.ts';
import { bookingProblem, lockWindow } from './capacity.ts';
import { insertVisit, VISIT_COLUMNS, type VisitRow } from './store.ts';

/**
 * The visit of a paid booking, made once (per order) in the payment's transaction: requested for
 * the day and window asked for, flagged over capacity when the window filled meanwhile, never
 * refused: the customer has paid. Null when the order is not a paid booking with a visit.
 */
export async function createBookingVisit(tx: Db, sessionId: string): Promise<VisitRow | null> {
  const [order] = await tx.query<{
    id: number;
    user_id: string;
    item: string;
    options: Record<string, unknown>;
    visit: Visit | null;
    customer_name: string | null;
    email: string | null;
  }>(
    `select o.id, o.user_id, o.item, o.options, o.visit, o.customer_name, coalesce(o.customer_email, c.email) as email
     from orders o left join customers c on c.user_id = o.user_id
     where o.checkout_session_id = $1 and o.kind = 'service' and o.status = 'paid'`,
    [sessionId],
  );
  const visit = order?.visit;
  if (!order || !visit) return null;
  await lockWindow(tx, visit.date, visit.window);
  const [existing] = await tx.query<VisitRow>(`select ${VISIT_COLUMNS} from visits v where v.order_id = $1`, [
    order.id,
  ]);
  if (existing) return existing;
  const full = (await bookingProblem(tx, visit.date, visit.window)) !== null;
  const created = await insertVisit(tx, {
    order_id: order.id,
    user_id: order.user_id,
    customer_name: order.customer_name,
    customer_email: order.email ?? '',
    phone: visit.phone,
    street: visit.street,
    city: visit.city,
    zip: visit.zip,
    service: order.item,
    options: order.options,
    day: visit.date,
    time_window: visit.window,
    notes: visit.notes,
    over_capacity: full,
  });
  if (!created) throw new Error(`The visit of order ${order.id} was not stored`);
  return created;
}
