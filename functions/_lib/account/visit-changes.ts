/**
 * The customer's own changes to a visit (docs/product/visits.md#changing-a-visit): which visit a signed
 * link or the signed-in customer reaches, what the page shows of it, and the move or cancel itself,
 * through the desk's own action (owner-visits.ts: capacity and closed days, the history, the
 * e-mails, the refund), written as the customer's and told to the owner.
 */
import type Stripe from 'stripe';
import { SITE } from '../../../src/site.ts';
import {
  CALL_TO_CHANGE_MESSAGE,
  changeOpen,
  closedVisitMessage,
  LINK_MESSAGES,
  PLAN_CANCEL_MESSAGE,
  TOO_SOON_MESSAGE,
  visitStart,
  wrongPurposeMessage,
  type CustomerVisit,
  type LinkProblem,
  type LinkPurpose,
  type VisitChangeAnswer,
  type VisitChangeRequest,
} from '../../../src/features/visits/changes.ts';
import { bookableDays, describeVisitTime, visitAddress } from '../../../src/features/visits/windows.ts';
import { businessToday, formatClock, formatDay } from '../../../src/lib/dates.ts';
import { holdsPlace } from '../../../src/features/visits/status.ts';
import { now as clockNow } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { applyVisitAction } from '../owner/visit-actions.ts';
import { findVisit, type VisitWithOrder } from '../visits/store.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { readVisitLink, verifiedClaims, visitLinkSecret } from '../visits/links.ts';
import { answerProposal } from './proposal-answers.ts';

/** A visit reached by a link or by its signed-in customer, and what it may be used for. */
export interface ReachedVisit {
  row: VisitWithOrder;
  purpose: LinkPurpose | 'any';
  /** The link's version, which the change must still find (a link is used once). */
  version: number | null;
}

/** The visit a link names, or a 401 saying why the link cannot be used. */
export async function visitOfLink(db: Db, token: string, now: Date = clockNow()): Promise<ReachedVisit> {
  const secret = visitLinkSecret();
  if (!secret) throw new HttpError(503, `Visit links are not available right now. Please call ${SITE.phone.display}.`);
  const claims = verifiedClaims(token, secret);
  if (!claims) throw new HttpError(401, LINK_MESSAGES.altered);
  let row: VisitWithOrder;
  try {
    row = await findVisit(db, claims.visitId);
  } catch {
    throw new HttpError(401, LINK_MESSAGES.altered);
  }
  const check = readVisitLink(token, secret, now, () => row.calendar_sequence);
  if (!check.ok) throw new HttpError(401, LINK_MESSAGES[replacedOr(check.problem, claims.purpose, row)]);
  return { row, purpose: claims.purpose, version: claims.version };
}

/**
 * A proposal's link made out of date by a newer proposal says so (docs/product/visits.md#proposed-times):
 * the visit is still requested with a proposal standing, so the link's was replaced.
 */
function replacedOr(problem: LinkProblem, purpose: LinkPurpose, row: VisitWithOrder): LinkProblem {
  const answersProposal = purpose === 'confirm' || purpose === 'another';
  return problem === 'used' && answersProposal && row.status === 'requested' && row.proposed_start !== null
    ? 'replaced'
    : problem;
}

/** The signed-in customer's own visit, or 404 (another's visit is no visit of theirs). */
export async function visitOfCustomer(db: Db, userId: string, id: string): Promise<ReachedVisit> {
  const row = await findVisit(db, id);
  if (row.user_id !== userId) throw new HttpError(404, 'No such visit.');
  return { row, purpose: 'any', version: null };
}

/** Why the visit cannot be changed at all now (no longer open, or within 24 hours), or null. */
export function blockedReason(row: VisitWithOrder, now: Date): string | null {
  if (!holdsPlace(row.status)) return closedVisitMessage(row.status);
  if (!changeOpen(visitStart(row.day, row.time_window, row.start_time), now)) return CALL_TO_CHANGE_MESSAGE;
  return null;
}

/** The visit as the page shows it. */
export function customerVisit(row: VisitWithOrder): CustomerVisit {
  return {
    id: row.id,
    service: visitService(row),
    orderNumber: row.order_number ?? row.id.slice(0, 8).toUpperCase(),
    when:
      row.status === 'confirmed' && row.start_time
        ? `${formatDay(row.day)} at ${formatClock(row.start_time)}`
        : describeVisitTime(row.day, row.time_window),
    date: row.day,
    window: row.time_window,
    start: row.start_time,
    address: row.street ? visitAddress(row) : '',
    status: row.status,
    planVisit: row.plan_visit_no !== null,
    amountCents: Math.max(0, (row.amount_cents ?? 0) - (row.refunded_cents ?? 0)),
  };
}

/** The page's answer for a reached visit. */
export function changeAnswer(reached: ReachedVisit, now: Date = clockNow()): VisitChangeAnswer {
  return {
    visit: customerVisit(reached.row),
    purpose: reached.purpose,
    proposal:
      reached.row.status === 'requested' && reached.row.proposed_start !== null && reached.row.proposed_at !== null
        ? {
            start: reached.row.proposed_start,
            startLabel: formatClock(reached.row.proposed_start),
            proposedAt: new Date(reached.row.proposed_at).toISOString(),
          }
        : null,
    blocked: blockedReason(reached.row, now),
    phone: SITE.phone.display,
    now: now.toISOString(),
  };
}

/**
 * Moves or cancels the visit for its customer: refused (409) inside 24 hours, for a visit no longer
 * open, for a window too soon, full or closed, and for a plan visit's cancel; a link only for what
 * it was made for (403), and only while its version is the visit's (401).
 */
export async function changeVisit(
  db: Db,
  reached: ReachedVisit,
  request: VisitChangeRequest,
  stripe: () => Stripe,
  now: Date = clockNow(),
): Promise<void> {
  const { row, purpose, version } = reached;
  if (purpose !== 'any' && purpose !== request.action) throw new HttpError(403, wrongPurposeMessage(purpose));
  if (request.action === 'confirm' || request.action === 'another') {
    // Answering a proposal: no 24-hour rule, only the link's version and an open proposal (proposal-answers.ts).
    await answerProposal(db, row.id, request, versionGuard(version, purpose), now);
    return;
  }
  const blocked = blockedReason(row, now);
  if (blocked) throw new HttpError(409, blocked);
  const actor = { actor: { by: 'customer' as const, email: row.customer_email }, guard: guardOf(version, now) };
  if (request.action === 'cancel') {
    if (row.plan_visit_no !== null) throw new HttpError(409, PLAN_CANCEL_MESSAGE);
    await applyVisitAction(db, row.id, { action: 'cancel', refund: row.order_id !== null, reason: '' }, actor, stripe);
    return;
  }
  const { date, window } = request;
  const day = bookableDays(businessToday(now)).find((d) => d.date === date);
  if (!day || !day.windows.includes(window)) {
    throw new HttpError(400, 'Please choose one of the open days and windows offered.');
  }
  if (date === row.day && window === row.time_window) {
    throw new HttpError(400, 'The visit is already on that day and window: choose another one.');
  }
  if (!changeOpen(visitStart(date, window), now)) throw new HttpError(409, TOO_SOON_MESSAGE);
  await applyVisitAction(db, row.id, { action: 'reschedule', date, window }, actor, stripe);
}

/** Refuses a visit a link no longer fits (changed since): a used link, or a replaced proposal's. */
function versionGuard(version: number | null, purpose: LinkPurpose | 'any') {
  return (row: VisitWithOrder) => {
    if (version === null || row.calendar_sequence === version || purpose === 'any') return;
    throw new HttpError(401, LINK_MESSAGES[replacedOr('used', purpose, row)]);
  };
}

/** Refuses a visit a link no longer fits (changed since, by a use of it or otherwise), and one now within 24 hours. */
function guardOf(version: number | null, now: Date) {
  return (row: VisitWithOrder) => {
    if (version !== null && row.calendar_sequence !== version) throw new HttpError(401, LINK_MESSAGES.used);
    const blocked = blockedReason(row, now);
    if (blocked) throw new HttpError(409, blocked);
  };
}
