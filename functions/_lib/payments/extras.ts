/**
 * Extras found at the door (docs/product/extras.md): a visit's pay requests, made by the owner and
 * priced from the catalogue only (docs/product/extras.md#charging), withdrawn by the owner, paid by
 * the customer from the pay link (docs/product/extras.md#paid), reminded once
 * (docs/product/extras.md#reminder), and refunded from the desk (docs/product/extras.md#refunding-extras).
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import {
  priceExtras,
  type ChargeLine,
  type PayRequest,
  type PayRequestStatus,
  type PricedExtra,
} from '../../../src/features/extras/extras.ts';
import {
  extrasReceiptMail,
  payReminderMail,
  payRequestMail,
  type ExtrasMailFacts,
} from '../../../src/features/mail/extras-messages.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { servicesOfVisit } from '../../../src/features/plans/plans.ts';
import { payRequestText } from '../../../src/features/texts/messages.ts';
import { isQuietHours } from '../../../src/features/texts/quiet-hours.ts';
import { visitAddress } from '../../../src/features/visits/windows.ts';
import { CURRENCY, formatCents } from '../../../src/lib/format.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import { now } from '../platform/clock.ts';
import { publicOrigin } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { queueMail } from '../platform/mail.ts';
import { createCheckoutSession, providerFailure } from '../platform/stripe.ts';
import { queueVisitText } from '../texts/queue.ts';
import { findVisit, recordVisitEvent, type VisitRow } from '../visits/store.ts';
import { markOrderPaid } from './orders.ts';
import { payLink } from './pay-links.ts';

/** A pay request as the table holds it. */
export interface PayRequestRow {
  id: string;
  visit_id: string;
  order_number: string;
  status: PayRequestStatus;
  items: PricedExtra[];
  amount_cents: number;
  tip_cents: number;
  note: string | null;
  created_by: string;
  created_at: Date;
  paid_at: Date | null;
  reminded_at: Date | null;
  order_id: number | null;
  checkout_session_id: string | null;
}

const COLUMNS = `pr.id, pr.visit_id, pr.order_number, pr.status, pr.items, pr.amount_cents, pr.tip_cents, pr.note,
  pr.created_by, pr.created_at, pr.paid_at, pr.reminded_at, pr.order_id, pr.checkout_session_id`;

/** The refusals of the desk's extras actions (docs/product/extras.md#charging). */
export const NOT_DONE_MESSAGE = 'Mark the visit done first.';
export const OPEN_REQUEST_MESSAGE = 'This visit already has a pay request open: cancel it first.';
export const NOTHING_TO_CANCEL_MESSAGE = 'This visit has no pay request to cancel.';
export const NOTHING_TO_REFUND_MESSAGE = 'Nothing to refund on this visit.';

/** A pay request's order number: `ORD-` and the last 8 characters of its id, uppercased (docs/product/checkout.md#order-number). */
export function payRequestNumber(id: string): string {
  return `ORD-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** The pay request as the desk and /pay read it, with what was refunded of its payment. */
export function payRequestView(row: PayRequestRow, refundedCents = 0): PayRequest {
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    items: row.items,
    amountCents: row.amount_cents,
    tipCents: row.tip_cents,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    refundedCents,
  };
}

/** One pay request, locked for the transaction when asked; null for an unknown id. */
export async function findPayRequest(db: Db, id: string, lock = false): Promise<PayRequestRow | null> {
  const [row] = await db.query<PayRequestRow>(
    `select ${COLUMNS} from pay_requests pr where pr.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}

/** What was refunded of a paid request's order. */
export async function refundedOf(db: Db, row: Pick<PayRequestRow, 'order_id'>): Promise<number> {
  if (row.order_id === null) return 0;
  const [order] = await db.query<{ refunded_cents: number }>('select refunded_cents from orders where id = $1', [
    row.order_id,
  ]);
  return order?.refunded_cents ?? 0;
}

/** The facts every e-mail of a pay request names. */
function mailFacts(visit: VisitRow, request: PayRequestRow): ExtrasMailFacts {
  return {
    name: visit.customer_name,
    orderNumber: request.order_number,
    service: visitService(visit),
    day: visit.day,
    address: visitAddress(visit),
    items: request.items,
    amountCents: request.amount_cents,
    note: request.note,
    payUrl: payLink({ id: request.id, createdAt: new Date(request.created_at) }),
    siteUrl: publicOrigin(),
  };
}

/**
 * Makes the visit's pay request for `lines` (the visit row locked by the caller, done), priced from
 * the catalogue only, and queues its e-mail and, where the visit can be texted, its text
 * (docs/product/extras.md#the-pay-link); 400 naming `extras` for a line the catalogue refuses, 409
 * when one is open already.
 */
export async function chargeExtras(
  tx: Db,
  visit: VisitRow,
  lines: readonly ChargeLine[],
  note: string | undefined,
  actor: string,
): Promise<PayRequestRow> {
  if (visit.status !== 'done') throw new HttpError(409, NOT_DONE_MESSAGE);
  const priced = priceExtras(servicesOfVisit(visit.service), lines);
  if (!priced.ok) throw new HttpError(400, priced.error);
  const [open] = await tx.query('select 1 from pay_requests where visit_id = $1 and status = $2', [visit.id, 'unpaid']);
  if (open) throw new HttpError(409, OPEN_REQUEST_MESSAGE);
  const id = randomUUID();
  const [request] = await tx.query<PayRequestRow>(
    `insert into pay_requests as pr (id, visit_id, order_number, items, amount_cents, note, created_by, created_at)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)
     returning ${COLUMNS}`,
    [
      id,
      visit.id,
      payRequestNumber(id),
      JSON.stringify(priced.items),
      priced.amountCents,
      note?.trim() || null,
      actor,
      now(),
    ],
  );
  if (!request) throw new Error('The pay request was not stored');
  await recordVisitEvent(tx, visit.id, actor, 'extras charged', null, {
    payRequest: request.order_number,
    amountCents: request.amount_cents,
    items: priced.items.map((item) => `${item.qty} × ${item.name}`),
  });
  const facts = mailFacts(visit, request);
  if (visit.customer_email) {
    await queueMail(tx, `extras-pay:${request.id}`, 'extras-pay', {
      to: visit.customer_email,
      ...payRequestMail(facts),
    });
  }
  if (facts.payUrl) {
    const count = priced.items.reduce((sum, item) => sum + item.qty, 0);
    await queueVisitText(
      tx,
      `text:extras-pay:${request.id}`,
      'extras-pay',
      visit.id,
      payRequestText({ count, amountCents: request.amount_cents, payUrl: facts.payUrl }),
    );
  }
  return request;
}

/**
 * Withdraws the visit's open pay request (docs/product/extras.md#pay-requests); 409 when none is
 * open. Returns its newest checkout, for the caller to expire after committing.
 */
export async function cancelCharge(tx: Db, visitId: string, actor: string): Promise<string | null> {
  const [request] = await tx.query<{ order_number: string; checkout_session_id: string | null }>(
    `update pay_requests set status = 'cancelled', cancelled_at = $2 where visit_id = $1 and status = 'unpaid'
     returning order_number, checkout_session_id`,
    [visitId, now()],
  );
  if (!request) throw new HttpError(409, NOTHING_TO_CANCEL_MESSAGE);
  await recordVisitEvent(tx, visitId, actor, 'extras cancelled', null, { payRequest: request.order_number });
  return request.checkout_session_id;
}

/** Expires a checkout left open, so its tab cannot pay; one already completed or expired is left as it is. */
export async function expireCheckout(stripe: Stripe, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    // A payment made meanwhile is refunded when it is recorded (docs/product/extras.md#paid).
    console.warn(`Checkout ${sessionId} was not expired: ${String(error)}`);
  }
}

/**
 * A checkout of a pay request paid (docs/product/extras.md#paid), inside the webhook's (or /pay's
 * check's) transaction, its order marked paid already: the first payment recorded pays the request
 * and is told to the customer and the owner; a payment of a request no longer unpaid (paid by
 * another checkout in a race, or withdrawn) is left for refundDuplicateExtras. Once per checkout.
 */
export async function extrasCheckoutPaid(
  tx: Db,
  sessionId: string,
  receiptUrl: string | null,
): Promise<'paid' | 'duplicate' | 'none'> {
  const [order] = await tx.query<{
    id: number;
    pay_request_id: string | null;
    amount_cents: number;
    tip_cents: number;
  }>(
    `select id, pay_request_id, amount_cents, tip_cents from orders
     where checkout_session_id = $1 and kind = 'extras' and status = 'paid'`,
    [sessionId],
  );
  if (!order?.pay_request_id) return 'none';
  const request = await findPayRequest(tx, order.pay_request_id, true);
  if (!request) return 'none';
  if (request.status === 'paid') return request.order_id === order.id ? 'paid' : 'duplicate';
  if (request.status !== 'unpaid') return 'duplicate';
  const paidAt = now();
  await tx.query(`update pay_requests set status = 'paid', paid_at = $2, tip_cents = $3, order_id = $4 where id = $1`, [
    request.id,
    paidAt,
    order.tip_cents,
    order.id,
  ]);
  const visit = await findVisit(tx, request.visit_id);
  await recordVisitEvent(tx, visit.id, 'customer', 'extras paid', null, {
    payRequest: request.order_number,
    amountCents: order.amount_cents,
    tipCents: order.tip_cents,
  });
  const facts = mailFacts(visit, request);
  if (visit.customer_email) {
    await queueMail(tx, `extras-receipt:${request.id}`, 'extras-receipt', {
      to: visit.customer_email,
      ...extrasReceiptMail({ ...facts, tipCents: order.tip_cents, paidAt: paidAt.toISOString(), receiptUrl }),
    });
  }
  await queueOwnerEvent(tx, `extras-paid:${request.id}`, {
    event: 'extras.paid',
    visitId: visit.id,
    orderNumber: request.order_number,
    customerName: visit.customer_name ?? '',
    email: visit.customer_email,
    phone: visit.phone,
    address: visitAddress(visit),
    service: visitService(visit),
    amount: formatCents(order.amount_cents),
    amountCents: order.amount_cents,
    tipCents: order.tip_cents,
    tip: formatCents(order.tip_cents),
    items: request.items,
    timestamp: new Date().toISOString(),
  });
  return 'paid';
}

/**
 * Refunds in full every extras payment that did not pay its request (a second checkout of one link
 * paid in a race, or a payment of a withdrawn request: docs/product/extras.md#paid), once each: the
 * card provider's idempotency key is the checkout's. The refund is recorded from its
 * `charge.refunded`; the order is marked at once so the next run does not ask again. Returns how
 * many were refunded; a failure is logged and tried at the next run.
 */
export async function refundDuplicateExtras(db: Db, stripe: () => Stripe, sessionId?: string): Promise<number> {
  const rows = await db.query<{ id: number; checkout_session_id: string; payment_intent: string | null }>(
    `select o.id, o.checkout_session_id, o.payment_intent from orders o join pay_requests pr on pr.id = o.pay_request_id
     where o.kind = 'extras' and o.status = 'paid' and o.payment_intent is not null
       and ($1::text is null or o.checkout_session_id = $1)
       and (pr.status = 'cancelled' or (pr.status = 'paid' and pr.order_id <> o.id))
     limit 50`,
    [sessionId ?? null],
  );
  let refunded = 0;
  for (const row of rows) {
    try {
      await stripe().refunds.create(
        { payment_intent: row.payment_intent!, metadata: { reason: 'duplicate extras payment' } },
        { idempotencyKey: `extras-duplicate-refund:${row.checkout_session_id}` },
      );
      await db.query(`update orders set status = 'refunded', updated_at = now() where id = $1`, [row.id]);
      refunded += 1;
    } catch (error) {
      console.error(`The duplicate extras payment ${row.checkout_session_id} is not refunded yet: ${String(error)}`);
    }
  }
  return refunded;
}

/**
 * The desk's 'Refund extras' (docs/product/extras.md#refunding-extras): the visit's paid request's
 * payment refunded in full, once (the idempotency key is the request's); 409 when nothing paid is
 * left. Returns the payment's refunds so far as a charge, for the caller to record as the card
 * provider's `charge.refunded` would.
 */
export async function refundExtras(db: Db, stripe: () => Stripe, visitId: string): Promise<Stripe.Charge> {
  const [row] = await db.query<{
    id: string;
    payment_intent: string | null;
    amount_cents: number;
    refunded_cents: number;
  }>(
    `select pr.id, o.payment_intent, o.amount_cents, o.refunded_cents from pay_requests pr join orders o on o.id = pr.order_id
     where pr.visit_id = $1 and pr.status = 'paid' and o.status = 'paid' and o.refunded_cents < o.amount_cents
     order by pr.paid_at desc limit 1`,
    [visitId],
  );
  if (!row?.payment_intent) throw new HttpError(409, NOTHING_TO_REFUND_MESSAGE);
  let refund: Stripe.Refund;
  try {
    refund = await stripe().refunds.create(
      {
        payment_intent: row.payment_intent,
        amount: row.amount_cents - row.refunded_cents,
        metadata: { visit_id: visitId, pay_request: row.id },
      },
      { idempotencyKey: `extras-refund:${row.id}` },
    );
  } catch (error) {
    throw providerFailure('refund the extras', error);
  }
  // What the provider's `charge.refunded` will say of the payment: its refunds so far.
  return {
    payment_intent: row.payment_intent,
    amount_refunded: row.refunded_cents + refund.amount,
  } as Stripe.Charge;
}

/** How long an unpaid request waits for its one reminder (docs/product/extras.md#reminder). */
export const REMINDER_AFTER_MS = 2 * 86_400_000;

/**
 * The one reminder of each pay request unpaid 2 days after it was sent (docs/product/extras.md#reminder),
 * outside quiet hours; once per request whatever repeats the run. Returns how many were queued.
 */
export async function sendPayReminders(db: Db, at: Date = now()): Promise<number> {
  if (isQuietHours(at)) return 0;
  const due = await db.query<PayRequestRow>(
    `select ${COLUMNS} from pay_requests pr where pr.status = 'unpaid' and pr.reminded_at is null and pr.created_at <= $1
     order by pr.created_at limit 200`,
    [new Date(at.getTime() - REMINDER_AFTER_MS)],
  );
  let sent = 0;
  for (const candidate of due) {
    await db.transaction(async (tx) => {
      const request = await findPayRequest(tx, candidate.id, true);
      if (!request || request.status !== 'unpaid' || request.reminded_at) return;
      await tx.query('update pay_requests set reminded_at = $2 where id = $1', [request.id, at]);
      const visit = await findVisit(tx, request.visit_id);
      if (!visit.customer_email) return;
      const queued = await queueMail(tx, `extras-reminder:${request.id}`, 'extras-reminder', {
        to: visit.customer_email,
        ...payReminderMail(mailFacts(visit, request)),
      });
      if (queued) sent += 1;
    });
  }
  return sent;
}

/** The line of a tip on the hosted checkout (docs/product/extras.md#the-pay-link). */
export const TIP_LINE = 'Tip, thank you';

/** Why a pay request cannot be paid, in the words /pay shows with a 409. */
function notPayable(status: PayRequestStatus): string {
  return status === 'paid'
    ? 'This pay request is paid already. Thank you!'
    : 'This pay request was withdrawn. Nothing is owed on it.';
}

/**
 * The hosted checkout of a pay request with the tip chosen (docs/product/extras.md#the-pay-link):
 * exactly the lines stored and the tip computed here, each its own line; its pending order stored
 * with the request's number; the link's earlier open checkout expired, so an old tab cannot pay.
 * 409 when the request is no longer unpaid.
 */
export async function startPayCheckout(
  db: Db,
  stripe: Stripe,
  input: { requestId: string; tipCents: number; successUrl: string; cancelUrl: string },
): Promise<string> {
  const request = await findPayRequest(db, input.requestId);
  if (!request) throw new HttpError(404, 'No such pay request.');
  if (request.status !== 'unpaid') throw new HttpError(409, notPayable(request.status));
  const visit = await findVisit(db, request.visit_id);
  const [known] = await db.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from customers where user_id = $1',
    [visit.user_id],
  );
  const tip = input.tipCents;
  const session = await createCheckoutSession(
    stripe,
    {
      mode: 'payment',
      ...(known
        ? { customer: known.stripe_customer_id }
        : visit.customer_email
          ? { customer_email: visit.customer_email }
          : {}),
      client_reference_id: visit.user_id,
      line_items: [
        ...request.items.map((item) => ({
          quantity: item.qty,
          price_data: { currency: CURRENCY, unit_amount: item.unitCents, product_data: { name: item.name } },
        })),
        ...(tip > 0
          ? [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: tip, product_data: { name: TIP_LINE } } }]
          : []),
      ],
      metadata: {
        pay_request_id: request.id,
        visit_id: visit.id,
        user_id: visit.user_id,
        tip_cents: String(tip),
        order_number: request.order_number,
      },
      payment_intent_data: { metadata: { pay_request_id: request.id, order_number: request.order_number } },
      invoice_creation: { enabled: true },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    'start the payment of extras',
  );
  const previous = await db.transaction(async (tx) => {
    const locked = await findPayRequest(tx, request.id, true);
    if (!locked || locked.status !== 'unpaid') return { refused: locked?.status ?? 'cancelled', old: session.id };
    await tx.query('update pay_requests set checkout_session_id = $2 where id = $1', [request.id, session.id]);
    await tx.query(
      `insert into orders (checkout_session_id, order_number, user_id, kind, item, options, amount_cents, customer_name,
                           customer_email, pay_request_id, tip_cents)
       values ($1, $2, $3, 'extras', $4, $5::jsonb, $6, $7, $8, $9, $10) on conflict (checkout_session_id) do nothing`,
      [
        session.id,
        request.order_number,
        visit.user_id,
        visit.service,
        JSON.stringify({ items: request.items, tipCents: tip, visitId: visit.id }),
        request.amount_cents + tip,
        visit.customer_name,
        visit.customer_email || null,
        request.id,
        tip,
      ],
    );
    return { refused: null, old: locked.checkout_session_id };
  });
  // Paid or withdrawn while the checkout was made: that checkout cannot be paid either.
  if (previous.refused) {
    await expireCheckout(stripe, session.id);
    throw new HttpError(409, notPayable(previous.refused));
  }
  if (previous.old && previous.old !== session.id) await expireCheckout(stripe, previous.old);
  return session.url;
}

/**
 * An extras order from its checkout's metadata (startPayCheckout writes it), for a payment whose
 * pending order was never stored; nothing when the metadata does not name a pay request.
 */
export async function recordExtrasOrder(
  tx: Db,
  session: Stripe.Checkout.Session,
  paymentIntent: string | null,
): Promise<void> {
  const requestId = session.metadata?.['pay_request_id'];
  const request = requestId ? await findPayRequest(tx, requestId) : null;
  if (!request) {
    console.warn(`Paid checkout ${session.id} names no known pay request; nothing recorded`);
    return;
  }
  const visit = await findVisit(tx, request.visit_id);
  const tip = Math.max(0, Number.parseInt(session.metadata?.['tip_cents'] ?? '0', 10) || 0);
  await tx.query(
    `insert into orders (checkout_session_id, order_number, user_id, kind, item, options, amount_cents, currency, status,
                         customer_name, customer_email, pay_request_id, tip_cents, payment_intent)
     values ($1, $2, $3, 'extras', $4, $5::jsonb, $6, $7, 'paid', $8, $9, $10, $11, $12)
     on conflict (checkout_session_id) do update set status = 'paid', updated_at = now()`,
    [
      session.id,
      request.order_number,
      visit.user_id,
      visit.service,
      JSON.stringify({ items: request.items, tipCents: tip, visitId: visit.id }),
      session.amount_total ?? request.amount_cents + tip,
      session.currency ?? CURRENCY,
      visit.customer_name,
      visit.customer_email || null,
      request.id,
      tip,
      paymentIntent,
    ],
  );
}

/**
 * /pay back from the hosted checkout (docs/product/extras.md#the-pay-link): the card provider asked
 * for that checkout, and a paid one of this request recorded as its webhook would (once, whichever
 * comes first), so a late webhook never leaves the customer waiting.
 */
export async function checkReturnedCheckout(
  db: Db,
  stripe: Stripe,
  requestId: string,
  sessionId: string,
): Promise<void> {
  const [order] = await db.query<{ status: string }>(
    `select status from orders where checkout_session_id = $1 and pay_request_id = $2`,
    [sessionId, requestId],
  );
  if (!order || order.status !== 'pending') return;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    console.warn(`Checkout ${sessionId} could not be checked: ${String(error)}`);
    return;
  }
  if (session.metadata?.['pay_request_id'] !== requestId) return;
  if (session.payment_status !== 'paid') return;
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  await db.transaction(async (tx) => {
    await markOrderPaid(tx, sessionId, null, intent);
    await extrasCheckoutPaid(tx, sessionId, null);
  });
}
