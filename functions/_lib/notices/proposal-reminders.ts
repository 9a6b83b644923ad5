/**
 * A proposal's one reminder (docs/product/visits.md#proposed-times): a customer who has not answered
 * a proposed time 24 hours after it was sent gets 'Reminder: proposed time ...' with the same two
 * links (the proposal's version is unchanged, so they still work), once per proposal, while the
 * visit's window has not started. A newer proposal is a new proposal: it may be reminded once too.
 */
import { visitProposedMail } from '../../../src/features/mail/visit-messages.ts';
import { visitStart } from '../../../src/features/visits/changes.ts';
import { PROPOSAL_REMINDER_HOURS } from '../../../src/features/visits/proposals.ts';
import { businessToday } from '../../../src/lib/dates.ts';
import { now as clockNow } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { announceMailQueued, queueMail } from '../platform/mail.ts';
import { factsOf } from './visit-facts.ts';
import { proposalLinks } from '../visits/links.ts';
import { markProposalReminded, SELECT_VISITS, type VisitWithOrder } from '../visits/store.ts';

/** Queues the reminders due at `at`; answers how many were queued. */
export async function sendProposalReminders(db: Db, at: Date = clockNow()): Promise<number> {
  const due = new Date(at.getTime() - PROPOSAL_REMINDER_HOURS * 3_600_000);
  const visits = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.status = 'requested' and v.proposed_start is not null
       and v.proposal_reminded_at is null and v.proposed_at <= $1 and v.day >= $2 and v.customer_email <> ''
     order by v.proposed_at limit 200`,
    [due, businessToday(at)],
  );
  let sent = 0;
  for (const visit of visits) {
    const start = visit.proposed_start;
    // A proposal whose window has started can no longer be answered: no reminder for it.
    if (start === null || visitStart(visit.day, visit.time_window) <= at) continue;
    await db.transaction(async (tx) => {
      await queueMail(tx, `visit-proposed-reminder:${visit.id}:${visit.calendar_sequence}`, 'visit-proposed', {
        to: visit.customer_email,
        ...visitProposedMail(factsOf(visit, {}), start, proposalLinks(visit), true),
      });
      await markProposalReminded(tx, visit.id, at);
    });
    sent += 1;
  }
  if (sent > 0) announceMailQueued();
  return sent;
}
