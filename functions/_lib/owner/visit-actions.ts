/**
 * The actions on a visit, the owner's from the desk and the customer's own moves and cancels
 * (docs/product/desk.md#owners-desk, docs/product/desk.md#owner-api, docs/product/visits.md#changing-a-visit):
 * confirm a time, move, mark done, no-show, notes, cancel with or without a full refund. Each goes
 * through the visits' one transition (its history under the owner's or the customer's e-mail), and
 * the customer is told of a confirmation, a move and a cancellation by e-mail, once per change.
 */
import type Stripe from 'stripe';
import { formatCents } from '../../../src/lib/format.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import {
  visitCancelledMail,
  visitConfirmedMail,
  visitMovedMail,
  visitProposedMail,
  visitReportMail,
} from '../../../src/features/mail/visit-messages.ts';
import { dueAgainDay } from '../../../src/features/visits/due-again.ts';
import { proposalStartProblem, visitHour, withinWindow } from '../../../src/features/visits/proposals.ts';
import { isPlanType, visitChecklist } from '../../../src/features/plans/plans.ts';
import type { VisitActionRequest } from '../../../src/features/visits/owner-api.ts';
import { CANCELLING_MESSAGE, refusal, transitionOf, type VisitStatus } from '../../../src/features/visits/status.ts';
import { VISIT_WINDOWS, visitAddress, windowProblem, type VisitWindow } from '../../../src/features/visits/windows.ts';
import { businessToday } from '../../../src/lib/dates.ts';
import { announceLeadsStored, queueOwnerEvent } from '../leads/leads.ts';
import { now } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { queueMail } from '../platform/mail.ts';
import { providerFailure } from '../platform/stripe.ts';
import { syncPlanVisits } from '../plans/visits.ts';
import { noticeCustomerChange, noticeVisitDone } from '../notices/visit-events.ts';
import { factsOf } from '../notices/visit-facts.ts';
import { planVisitReport } from '../notices/visit-report.ts';
import { textVisitEvent } from '../notices/visit-texts.ts';
import { lockWindow, requireBookable } from '../visits/capacity.ts';
import { proposalLinks } from '../visits/links.ts';
import { findVisit, type VisitRow, type VisitWithOrder } from '../visits/store.ts';
import { actorName, changesNothing, transition, type Actor, type VisitChanges } from '../visits/transition.ts';
import { cancelCharge, chargeExtras, expireCheckout, refundExtras } from '../payments/extras.ts';
import { chargeRefunded } from '../payments/refunds.ts';
import { onMyWay } from './visit-texts.ts';

/** The confirmed start and end in `window`, or a 409 when the start is outside it. */
function confirmedTime(window: VisitWindow, start: string): { start: string; end: string } {
  if (!withinWindow(window, start)) {
    throw new HttpError(409, `The start must be within the window: ${VISIT_WINDOWS[window].label}.`);
  }
  return visitHour(window, start);
}

/** Where the card provider refunds a booking: its checkout's payment. */
async function paymentOf(stripe: Stripe, sessionId: string): Promise<string> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = session.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (!id) throw new HttpError(409, 'This order has no card payment to refund.');
  return id;
}

/**
 * Refunds what is left of a visit's order in full, once: the provider's idempotency key is the
 * visit's, so two presses (or a retry after a lost answer) refund once. Returns the cents refunded.
 */
async function refundVisit(stripe: () => Stripe, row: VisitWithOrder): Promise<number> {
  const left = (row.amount_cents ?? 0) - (row.refunded_cents ?? 0);
  if (!row.checkout_session_id || left <= 0) return 0;
  try {
    const client = stripe();
    await client.refunds.create(
      {
        payment_intent: await paymentOf(client, row.checkout_session_id),
        amount: left,
        metadata: { visit_id: row.id, order_number: row.order_number ?? '' },
      },
      { idempotencyKey: `visit-cancel-refund:${row.id}` },
    );
  } catch (error) {
    throw providerFailure('refund a cancelled visit', error);
  }
  return left;
}

/** Who changes a visit, and what else the change must meet. */
export interface VisitChanger {
  /** The owner or the customer, with their e-mail for the history. */
  actor: Actor & { by: 'owner' | 'customer' };
  /** Refuses the visit as found (before the refund, and again under the lock), e.g. a link's version. */
  guard?: (row: VisitWithOrder) => void;
}

/** The extras actions (docs/product/extras.md#charging): a pay request made, withdrawn or refunded, not a change of the visit. */
type ExtrasRequest = Extract<VisitActionRequest, { action: 'charge' | 'cancel-charge' | 'refund-extras' }>;

/** The actions that change the visit: all but 'on-my-way', a text (visit-texts.ts), and the extras'. */
type VisitChangeRequest = Exclude<VisitActionRequest, { action: 'on-my-way' } | ExtrasRequest>;

function isExtrasRequest(request: VisitActionRequest): request is ExtrasRequest {
  return request.action === 'charge' || request.action === 'cancel-charge' || request.action === 'refund-extras';
}

/**
 * The owner's extras actions on a visit (docs/product/extras.md#charging): charge a visit done,
 * withdraw its open pay request (its open checkout expired after), or refund its paid one in full
 * (recorded at once from the card provider's charge, as its `charge.refunded` would).
 */
async function extrasAction(
  db: Db,
  id: string,
  request: ExtrasRequest,
  actor: Actor,
  stripe: () => Stripe,
): Promise<void> {
  if (actor.by !== 'owner') throw new HttpError(403, 'Only the owner charges extras.');
  if (request.action === 'charge') {
    await db.transaction(async (tx) => {
      const row = await findVisit(tx, id, true);
      await chargeExtras(tx, row, request.extras, request.note, actorName(actor));
    });
    return;
  }
  if (request.action === 'cancel-charge') {
    const session = await db.transaction(async (tx) => {
      await findVisit(tx, id, true);
      return cancelCharge(tx, id, actorName(actor));
    });
    if (process.env['STRIPE_SECRET_KEY']) await expireCheckout(stripe(), session);
    return;
  }
  await findVisit(db, id);
  const charge = await refundExtras(db, stripe, id);
  await db.transaction((tx) => chargeRefunded(tx, charge));
}

/** Whether this actor may apply the action to a visit in `status`. */
function mayApply(status: VisitStatus, action: VisitChangeRequest['action'], by: Actor['by']): boolean {
  return transitionOf(action, by)?.from.includes(status) ?? false;
}

/**
 * Applies one action to a visit, the owner's or the customer's (docs/product/visits.md#visits): a
 * 409 with the reason when the visit's status does not allow it, also when another press changed it
 * since it was read; nothing at all when the action would leave the visit as it is.
 */
export async function applyVisitAction(
  db: Db,
  id: string,
  request: VisitActionRequest,
  changer: VisitChanger,
  stripe: () => Stripe,
): Promise<void> {
  const { actor, guard } = changer;
  // A text and a line of history, not a change of the visit (docs/product/texts.md#on-my-way).
  if (request.action === 'on-my-way') return onMyWay(db, id, request.minutes, actor);
  if (isExtrasRequest(request)) return extrasAction(db, id, request, actor, stripe);
  const current = await findVisit(db, id);
  guard?.(current);
  if (!mayApply(current.status, request.action, actor.by)) {
    throw new HttpError(409, refusal(current.status, request.action));
  }
  if (request.action === 'cancel' && request.refund && current.order_id !== null) {
    await cancelWithRefund(db, id, request, changer, stripe);
    return;
  }
  await db.transaction(async (tx) => {
    const row = await findVisit(tx, id, true);
    // A press that lost the race to another (a second press, another device): refused as it now stands.
    if (!mayApply(row.status, request.action, actor.by)) throw new HttpError(409, refusal(row.status, request.action));
    guard?.(row);
    const changes = await changesOf(tx, row, request);
    // The same start confirmed again: not a change, so no version, e-mail or history line.
    if (changesNothing(row, request.action, changes)) return;
    const after = await transition(tx, row, request.action, actor, changes);
    await tell(tx, row, after, request, false, 0);
    if (actor.by === 'customer') await noticeCustomerChange(tx, row, after, 0);
    // The extras used, charged by a pay link with the visit done (docs/product/extras.md#charging), before its report lists them.
    if (request.action === 'done' && request.extras?.length) {
      await chargeExtras(tx, after, request.extras, request.extrasNote, actorName(actor));
    }
    if (request.action === 'done') await afterDone(tx, row, after);
  });
}

/** What a refund claim records on the order: who cancels, why, the visit, and what was refunded before. */
interface RefundClaim {
  visitId: string;
  actor: VisitChanger['actor'];
  reason: string;
  refundedBefore: number;
}

/**
 * A cancellation with a full refund (docs/product/visits.md#refunds): the booking is claimed first,
 * under the visit's lock and after every check, and the claim committed; only then is the card
 * provider asked for the refund, and the cancellation is completed as claimed. While the claim
 * stands, every other change of the visit is refused (transition.ts), so a refund never stands
 * while the visit stays booked. A refund the provider refuses releases the claim: the visit is
 * unchanged. A claim left standing (the server stopped in between) is completed by the schedule
 * (completeStalledRefunds).
 */
async function cancelWithRefund(
  db: Db,
  id: string,
  request: Extract<VisitActionRequest, { action: 'cancel' }>,
  { actor, guard }: VisitChanger,
  stripe: () => Stripe,
): Promise<void> {
  const claimed = await db.transaction(async (tx) => {
    const row = await findVisit(tx, id, true);
    guard?.(row);
    if (!mayApply(row.status, 'cancel', actor.by)) throw new HttpError(409, refusal(row.status, 'cancel'));
    const [order] = await tx.query<{ refund_pending: boolean }>(
      'select refund_pending from orders where id = $1 for update',
      [row.order_id],
    );
    if (order?.refund_pending) throw new HttpError(409, CANCELLING_MESSAGE);
    const claim: RefundClaim = {
      visitId: row.id,
      actor,
      reason: request.reason?.trim() ?? '',
      refundedBefore: row.refunded_cents ?? 0,
    };
    await tx.query(
      `update orders set refund_pending = true, refund_claim = $2::jsonb, refund_claimed_at = now(), updated_at = now()
       where id = $1`,
      [row.order_id, JSON.stringify(claim)],
    );
    return row;
  });
  const orderId = claimed.order_id!;
  try {
    await refundVisit(stripe, claimed);
  } catch (error) {
    await db.query(
      `update orders set refund_pending = false, refund_claim = null, refund_claimed_at = null, updated_at = now()
       where id = $1`,
      [orderId],
    );
    throw error;
  }
  await completeRefundClaim(db, orderId);
}

/**
 * Completes the cancellation an order's refund claim stands for, once the refund is made: the visit
 * cancelled by whoever claimed it (no check of theirs is made again: it passed before the refund),
 * the order refunded, the customer and the owner told. Nothing when no claim stands (completed already).
 */
async function completeRefundClaim(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.query<{ refund_pending: boolean; refund_claim: RefundClaim | null }>(
      'select refund_pending, refund_claim from orders where id = $1',
      [orderId],
    );
    const claim = order?.refund_pending ? order.refund_claim : null;
    if (!claim) return;
    // The visit's lock first, then the order's, as every change of a visit takes them.
    const row = await findVisit(tx, claim.visitId, true);
    const [still] = await tx.query<{ refund_pending: boolean }>(
      'select refund_pending from orders where id = $1 for update',
      [orderId],
    );
    if (!still?.refund_pending) return;
    const request = { action: 'cancel', refund: true, reason: claim.reason } as const;
    const after =
      row.status === 'cancelled'
        ? row
        : await transition(tx, row, 'cancel', claim.actor, { status: 'cancelled' }, { completesClaim: true });
    await tell(tx, row, after, request, true, claim.refundedBefore);
    if (claim.actor.by === 'customer') await noticeCustomerChange(tx, row, after, row.amount_cents ?? 0);
  });
}

/** How long a refund claim may stand before the schedule completes it and the owner is alerted. */
export const STALLED_CLAIM_MINUTES = 2;

/**
 * The schedule's part in refunds (docs/product/visits.md#refunds): each claim standing longer than 2
 * minutes (the server stopped between the refund and its record, or the provider did not answer)
 * is told to the owner once (`order.refund_pending`), then the refund is asked for again under the
 * same idempotency key (the provider answers the refund it made, or makes it now: one refund,
 * never two) and the cancellation completed. A claim whose refund still fails stays, and is tried
 * again at the next run.
 */
export async function completeStalledRefunds(db: Db, stripe: () => Stripe): Promise<number> {
  const stalled = await db.query<{ id: number; visit_id: string; claimed_at: Date }>(
    `select id, refund_claim->>'visitId' as visit_id, refund_claimed_at as claimed_at from orders
     where refund_pending and refund_claim is not null
       and refund_claimed_at < now() - make_interval(mins => $1)
     order by refund_claimed_at limit 50`,
    [STALLED_CLAIM_MINUTES],
  );
  let completed = 0;
  for (const order of stalled) {
    const row = await findVisit(db, order.visit_id);
    await db.transaction((tx) =>
      queueOwnerEvent(tx, `order-refund-pending:${order.id}:${new Date(order.claimed_at).toISOString()}`, {
        event: 'order.refund_pending',
        visitId: row.id,
        orderNumber: row.order_number ?? '',
        customerName: row.customer_name ?? '',
        email: row.customer_email,
        phone: row.phone,
        address: visitAddress(row),
        service: visitService(row),
        amount: formatCents((row.amount_cents ?? 0) - (row.refunded_cents ?? 0)),
        claimedAt: new Date(order.claimed_at).toISOString(),
        timestamp: new Date().toISOString(),
      }),
    );
    announceLeadsStored();
    try {
      await refundVisit(stripe, row);
      await completeRefundClaim(db, order.id);
      completed += 1;
    } catch (error) {
      console.error(`The refund claimed for order ${order.id} is still pending: ${String(error)}`);
    }
  }
  return completed;
}

/** What marking a visit done brings along: the owner's event, the plan's filter sizes and next visit, the report. */
async function afterDone(tx: Db, row: VisitRow, after: VisitRow): Promise<void> {
  await noticeVisitDone(tx, after);
  // The home's filter sizes, as last found, kept on the plan for its next visits.
  if (row.subscription_id && row.plan_visit_no !== null && after.filter_sizes.length) {
    await tx.query('update subscriptions set filter_sizes = $2 where id = $1', [
      row.subscription_id,
      JSON.stringify(after.filter_sizes),
    ]);
  }
  // A plan visit done may let the plan's next one be made, dated from today (docs/product/visits.md#plan-visits).
  if (row.subscription_id && row.plan_visit_no !== null) await syncPlanVisits(tx, row.subscription_id);
  await sendVisitReport(tx, row.id);
}

/**
 * A plan visit done: its report to the customer (docs/product/emails.md#e-mails), once per visit, after the
 * plan's next visit may have been made so it can say when that is due.
 */
async function sendVisitReport(tx: Db, id: string): Promise<void> {
  const row = await findVisit(tx, id);
  const report = await planVisitReport(tx, row);
  if (!report || !row.customer_email) return;
  const facts = factsOf(row, {});
  await queueMail(tx, `visit-report:${row.id}`, 'visit-report', {
    to: row.customer_email,
    ...visitReportMail(facts, report),
  });
}

/** The fields an action sets, in the order the history lists them. */
async function changesOf(tx: Db, row: VisitRow, request: VisitChangeRequest): Promise<VisitChanges> {
  switch (request.action) {
    case 'propose': {
      // A start within the visit's window (docs/product/visits.md#proposed-times); a new one replaces the last.
      const problem = proposalStartProblem(row.time_window, request.start);
      if (problem) throw new HttpError(400, problem);
      return { proposed_start: request.start, proposed_at: now(), proposal_reminded_at: null, time_note: null };
    }
    case 'confirm':
    case 'reschedule': {
      const day = request.date ?? row.day;
      const window = request.window ?? row.time_window;
      if (!VISIT_WINDOWS[window]) throw new HttpError(400, 'window must be morning, afternoon or saturday');
      if (day !== row.day || window !== row.time_window) {
        const problem = windowProblem(day, window, businessToday(now()));
        if (problem) throw new HttpError(400, problem);
        await lockWindow(tx, day, window);
        await requireBookable(tx, day, window, row.id);
      }
      const time = request.start ? confirmedTime(window, request.start) : null;
      return {
        day,
        time_window: window,
        start_time: time?.start ?? null,
        end_time: time?.end ?? null,
        status: time ? 'confirmed' : 'requested',
        over_capacity: false,
      };
    }
    case 'done': {
      const at = now();
      return {
        status: 'done',
        completion_note: request.note?.trim() || null,
        completed_at: at,
        ...didOf(row, request),
        // A booking's visit records when its service is due again, counted from the day it was done
        // (docs/product/due-again.md#when-a-service-is-due-again); a plan visit none.
        due_again: row.plan_visit_no === null ? dueAgainDay(row.service, row.options, businessToday(at)) : null,
      };
    }
    case 'no-show':
      return { status: 'no-show' };
    case 'cancel':
      return { status: 'cancelled' };
    case 'notes':
      return { tech_notes: request.techNotes.trim() };
  }
}

/**
 * What a plan visit did (docs/product/visits.md#plan-visits): the checklist items ticked (each one of its
 * tier's, in the checklist's order), the filter sizes found and the detectors tested; 400 naming the
 * field for an item not on the checklist, or for any of them on a booking's visit.
 */
function didOf(
  row: VisitRow,
  request: Extract<VisitActionRequest, { action: 'done' }>,
): Pick<VisitRow, 'checklist' | 'filter_sizes' | 'detectors_tested'> {
  const { checklist = [], filterSizes = [], detectorsTested } = request;
  const tier = row.plan_visit_no !== null && isPlanType(row.service) ? row.service : null;
  if (!tier) {
    if (checklist.length || filterSizes.length || detectorsTested !== undefined) {
      throw new HttpError(400, 'checklist, filterSizes and detectorsTested are for plan visits only');
    }
    return { checklist: [], filter_sizes: [], detectors_tested: null };
  }
  const items = visitChecklist(tier);
  const unknown = checklist.find((item) => !items.includes(item));
  if (unknown !== undefined) throw new HttpError(400, `checklist: "${unknown}" is not on this plan's checklist`);
  return {
    checklist: items.filter((item) => checklist.includes(item)),
    filter_sizes: [...new Set(filterSizes)],
    detectors_tested: detectorsTested ?? null,
  };
}

/** Tells the customer (and, for a refund, the owner's feed) of the change, once per change. */
async function tell(
  tx: Db,
  row: VisitWithOrder,
  after: VisitRow,
  request: VisitActionRequest,
  refunding: boolean,
  refundedBefore: number,
): Promise<void> {
  const to = row.customer_email;
  const facts = factsOf(row, after);
  if (request.action === 'propose') {
    if (to && after.proposed_start) {
      await queueMail(tx, `visit-proposed:${row.id}:${facts.sequence}`, 'visit-proposed', {
        to,
        ...visitProposedMail(facts, after.proposed_start, proposalLinks(after)),
      });
    }
    await textVisitEvent(tx, 'visit-proposed', after);
    return;
  }
  if (request.action === 'confirm' || request.action === 'reschedule') {
    const moved = facts.date !== row.day || facts.window !== row.time_window;
    const kind = request.action === 'confirm' && !moved ? 'visit-confirmed' : 'visit-moved';
    const mail = kind === 'visit-confirmed' ? visitConfirmedMail(facts) : visitMovedMail(facts);
    if (to) await queueMail(tx, `${kind}:${row.id}:${facts.sequence}`, kind, { to, ...mail });
    await textVisitEvent(tx, kind, after);
  }
  if (request.action === 'done') await textVisitEvent(tx, 'visit-done', after);
  if (request.action !== 'cancel') return;
  // A refund refunds the whole booking: what was paid, whoever refunded part of it before.
  const total = refunding ? (row.amount_cents ?? 0) : null;
  if (to) {
    await queueMail(tx, `visit-cancelled:${row.id}`, 'visit-cancelled', {
      to,
      ...visitCancelledMail(facts, total, request.reason?.trim() ?? ''),
    });
  }
  if (total === null || row.order_id === null) return;
  await tx.query(
    `update orders set refunded_cents = $2, status = 'refunded', refund_pending = false, refund_claim = null,
       refund_claimed_at = null, updated_at = now()
     where id = $1`,
    [row.order_id, total],
  );
  await queueOwnerEvent(tx, `order-refunded:${row.order_id}:${total}`, {
    event: 'order.refunded',
    visitId: row.id,
    orderNumber: row.order_number ?? '',
    customerName: row.customer_name ?? '',
    email: to,
    phone: row.phone,
    address: visitAddress(row),
    service: visitService(row),
    amount: formatCents(total - refundedBefore),
    amountCents: total - refundedBefore,
    refundedCents: total,
    full: true,
    reason: request.reason?.trim() ?? '',
    timestamp: new Date().toISOString(),
  });
}
