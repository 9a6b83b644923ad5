/**
 * A whole day's proposed times (docs/product/visits.md#proposed-times, docs/product/desk.md#owner-api):
 * every requested visit of the day without a proposal gets a start by the stated rule (a stop takes
 * 75 minutes, in route order within each window), each through the owner's own 'propose' action
 * (the history, the e-mail with its links). With `preview`, nothing is written or sent: the answer
 * shows the starts it would propose.
 */
import type Stripe from 'stripe';
import { formatDay, businessToday, dayProblem } from '../../../src/lib/dates.ts';
import type { OwnerVisit, ProposeDayAnswer } from '../../../src/features/visits/owner-api.ts';
import { planProposals } from '../../../src/features/visits/proposals.ts';
import { now } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { listVisits } from '../visits/desk.ts';
import { applyVisitAction } from './visit-actions.ts';

/** The starts the rule gives the day's visits that want one: visit id -> start (null when none is left). */
function plan(visits: readonly OwnerVisit[]): Map<string, string | null> {
  return planProposals(
    visits
      .filter((visit) => visit.status === 'requested' || visit.status === 'confirmed')
      .map((visit) => ({
        id: visit.id,
        window: visit.window,
        holds: visit.status === 'confirmed' ? visit.start : visit.proposedStart,
        wants: visit.status === 'requested' && visit.proposedStart === null,
      })),
  );
}

/**
 * Proposes the day's starts as the owner (`email`), or with `preview` only shows them: 400 naming
 * `date` for a day that is not one or has passed. A visit changed meanwhile (confirmed, moved, given
 * a proposal by another press) is left as it now is: its proposal is refused by its status, or skipped.
 */
export async function proposeDay(
  db: Db,
  date: string,
  preview: boolean,
  email: string,
  stripe: () => Stripe,
): Promise<ProposeDayAnswer> {
  const problem = dayProblem('date', date);
  if (problem) throw new HttpError(400, problem);
  if (date < businessToday(now())) {
    throw new HttpError(400, `date: ${formatDay(date)} has passed: choose today or a later day`);
  }
  const visits = await listVisits(db, date, date, null);
  const starts = plan(visits);
  if (preview) {
    return {
      proposed: [...starts.values()].filter((start) => start !== null).length,
      visits: visits.map((visit) =>
        starts.has(visit.id) ? { ...visit, proposedStart: starts.get(visit.id) ?? null } : visit,
      ),
    };
  }
  let proposed = 0;
  for (const [id, start] of starts) {
    if (start === null) continue;
    try {
      await applyVisitAction(
        db,
        id,
        { action: 'propose', start },
        { actor: { by: 'owner', email }, guard: unproposed },
        stripe,
      );
      proposed += 1;
    } catch (error) {
      // Changed since the list was read: it keeps what it now has.
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
    }
  }
  return { proposed, visits: await listVisits(db, date, date, null) };
}

/** A visit that has a proposal by now (another press, the dialog) keeps it. */
function unproposed(row: { proposed_start: string | null }): void {
  if (row.proposed_start !== null) throw new HttpError(409, 'This visit has a proposed time already.');
}
