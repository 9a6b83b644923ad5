/**
 * The customer's answers to a proposed time (docs/product/visits.md#proposed-times): 'Confirm' makes
 * the visit confirmed at the proposed start, as the owner's 'Confirm time' would (the e-mail with
 * its calendar entry); 'Ask for another time' clears the proposal and keeps the visit requested, on
 * its own window or another open one (capacity and closed days applying), with the customer's note.
 * Each goes through the visits' one transition under the customer's e-mail, and the owner is told
 * (`visit.confirmed`, `visit.another_time`). The 24-hour rule does not apply: a proposal is answered
 * until the window chosen starts.
 */
import {
  NO_PROPOSAL_MESSAGE,
  PROPOSAL_STARTED_MESSAGE,
  visitStart,
  type VisitChangeRequest,
} from '../../../src/features/visits/changes.ts';
import { TIME_NOTE_MAX, visitHour } from '../../../src/features/visits/proposals.ts';
import { closedVisitMessage } from '../../../src/features/visits/changes.ts';
import {
  BOOKING_DAYS_AHEAD,
  describeVisitTime,
  VISIT_WINDOWS,
  windowsOn,
} from '../../../src/features/visits/windows.ts';
import { visitConfirmedMail, visitMovedMail } from '../../../src/features/mail/visit-messages.ts';
import { addDays, businessToday, formatClock } from '../../../src/lib/dates.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { queueMail } from '../platform/mail.ts';
import { factsOf } from '../notices/visit-facts.ts';
import { visitEventFields } from '../notices/visit-events.ts';
import { textVisitEvent } from '../notices/visit-texts.ts';
import { lockWindow, requireBookable } from '../visits/capacity.ts';
import { findVisit, type VisitWithOrder } from '../visits/store.ts';
import { transition } from '../visits/transition.ts';

/** An answer to a proposal. */
export type ProposalAnswer = Extract<VisitChangeRequest, { action: 'confirm' | 'another' }>;

/** Why the visit's proposal cannot be answered (no proposal, or its window has started), or null while it stands. */
function proposalProblem(row: VisitWithOrder, now: Date): string | null {
  if (row.status !== 'requested') {
    return row.status === 'confirmed' ? NO_PROPOSAL_MESSAGE : closedVisitMessage(row.status);
  }
  if (row.proposed_start === null) return NO_PROPOSAL_MESSAGE;
  if (visitStart(row.day, row.time_window).getTime() <= now.getTime()) return PROPOSAL_STARTED_MESSAGE;
  return null;
}

/** Refuses a visit with no proposal to answer, or whose window has started. */
function requireOpenProposal(row: VisitWithOrder, now: Date): string {
  const problem = proposalProblem(row, now);
  if (problem !== null || row.proposed_start === null) throw new HttpError(409, problem ?? NO_PROPOSAL_MESSAGE);
  return row.proposed_start;
}

/**
 * Refuses a window another time may not be asked for: the visit's own is always offered; else a
 * window of a day up to 21 days ahead (today included) that starts after now. Capacity and closed
 * days are counted after, under the window's lock.
 */
function requireAnswerWindow(row: VisitWithOrder, request: Extract<ProposalAnswer, { action: 'another' }>, now: Date) {
  if (request.date === row.day && request.window === row.time_window) return;
  const today = businessToday(now);
  const open =
    request.date >= today &&
    request.date <= addDays(today, BOOKING_DAYS_AHEAD) &&
    windowsOn(request.date).includes(request.window) &&
    visitStart(request.date, request.window) > now;
  if (!open) throw new HttpError(400, 'Please choose one of the open days and windows offered.');
}

/**
 * Answers the visit's proposal for its customer, under the visit's lock: `guard` refuses a link that
 * no longer fits (its version), and the proposal must still stand.
 */
export async function answerProposal(
  db: Db,
  id: string,
  request: ProposalAnswer,
  guard: (row: VisitWithOrder) => void,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findVisit(tx, id, true);
    guard(row);
    const start = requireOpenProposal(row, now);
    const actor = { by: 'customer' as const, email: row.customer_email };
    if (request.action === 'confirm') {
      const after = await transition(tx, row, 'confirm', actor, {
        status: 'confirmed',
        ...startAndEnd(row, start),
        over_capacity: false,
        time_note: null,
      });
      const facts = factsOf(row, after);
      await queueMail(tx, `visit-confirmed:${row.id}:${facts.sequence}`, 'visit-confirmed', {
        to: row.customer_email,
        ...visitConfirmedMail(facts),
      });
      await textVisitEvent(tx, 'visit-confirmed', after);
      await queueOwnerEvent(tx, `visit-confirmed:${row.id}:${after.calendar_sequence}`, {
        event: 'visit.confirmed',
        ...(await visitEventFields(tx, after)),
        by: 'customer',
        start,
        startLabel: formatClock(start),
        timestamp: new Date().toISOString(),
      });
      return;
    }
    requireAnswerWindow(row, request, now);
    const moved = request.date !== row.day || request.window !== row.time_window;
    if (moved) {
      await lockWindow(tx, request.date, request.window);
      await requireBookable(tx, request.date, request.window, row.id);
    }
    const note = (request.note ?? '').trim().slice(0, TIME_NOTE_MAX);
    const after = await transition(tx, row, 'another time', actor, {
      status: 'requested',
      day: request.date,
      time_window: request.window,
      start_time: null,
      end_time: null,
      over_capacity: false,
      time_note: note || null,
    });
    if (moved) {
      const facts = factsOf(row, after);
      await queueMail(tx, `visit-moved:${row.id}:${facts.sequence}`, 'visit-moved', {
        to: row.customer_email,
        ...visitMovedMail(facts),
      });
      await textVisitEvent(tx, 'visit-moved', after);
    }
    await queueOwnerEvent(tx, `visit-another-time:${row.id}:${after.calendar_sequence}`, {
      event: 'visit.another_time',
      ...(await visitEventFields(tx, after)),
      by: 'customer',
      requested: describeVisitTime(after.day, after.time_window),
      previousDay: row.day,
      previousWindow: VISIT_WINDOWS[row.time_window].label,
      proposedStart: start,
      note,
      timestamp: new Date().toISOString(),
    });
  });
}

/**
 * A 'Y' texted back (docs/product/texts.md#replies): confirms the visit's proposal for its customer
 * as the Confirm link does, inside the caller's transaction, when the proposal the text was about
 * (the visit's `version` when it was texted) still stands; false, changing nothing, when it was
 * answered, replaced, or its window started.
 */
export async function confirmByText(tx: Db, id: string, version: number, now: Date): Promise<boolean> {
  const row = await findVisit(tx, id, true);
  if (row.calendar_sequence !== version || proposalProblem(row, now) !== null) return false;
  await answerProposal(tx, id, { action: 'confirm' }, () => {}, now);
  return true;
}

/** The confirmed hour of a proposal's start. */
function startAndEnd(row: VisitWithOrder, start: string) {
  const hour = visitHour(row.time_window, start);
  return { start_time: hour.start, end_time: hour.end };
}
