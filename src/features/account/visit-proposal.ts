/**
 * What /visit offers for a proposed time (docs/product/visits.md#proposed-times), from the page's
 * answer: the proposal and the answers the link allows (a confirm link confirms, an another-time link
 * asks for another time, the signed-in customer may do both), or, for a proposal's link, why it can no
 * longer be answered. The 24-hour rule does not apply: a proposal is answered until its window starts.
 */
import {
  closedVisitMessage,
  NO_PROPOSAL_MESSAGE,
  PROPOSAL_STARTED_MESSAGE,
  visitStart,
  type CustomerProposal,
  type VisitChangeAnswer,
} from '@/features/visits/changes';
import { VISIT_WINDOWS } from '@/features/visits/windows';
import { formatClock, formatDay } from '@/lib/dates';

/** The proposal part of /visit: nothing, a proposal to answer, or why a proposal's link cannot answer. */
export type ProposalOffer =
  | { kind: 'none' }
  | { kind: 'open'; proposal: CustomerProposal; confirm: boolean; another: boolean }
  | { kind: 'closed'; message: string };

/** What the page offers for the answer's proposal, counted from the site's time (`answer.now`). */
export function proposalOffer(answer: VisitChangeAnswer): ProposalOffer {
  const { visit, purpose, proposal } = answer;
  const forProposal = purpose === 'confirm' || purpose === 'another';
  if (!forProposal && purpose !== 'any') return { kind: 'none' };
  const started = visitStart(visit.date, visit.window).getTime() <= new Date(answer.now).getTime();
  if (proposal && visit.status === 'requested' && !started) {
    return { kind: 'open', proposal, confirm: purpose !== 'another', another: purpose !== 'confirm' };
  }
  if (!forProposal) return { kind: 'none' };
  if (visit.status !== 'requested' && visit.status !== 'confirmed') {
    return { kind: 'closed', message: closedVisitMessage(visit.status) };
  }
  return { kind: 'closed', message: proposal && started ? PROPOSAL_STARTED_MESSAGE : NO_PROPOSAL_MESSAGE };
}

/** 'We propose Tuesday, December 8, 2026 at 9:30 AM.' */
export function proposalLine(date: string, proposal: CustomerProposal): string {
  return `We propose ${formatDay(date)} at ${proposal.startLabel}.`;
}

/** The status once the customer confirmed: the visit's day and confirmed start. */
export function confirmedLine(after: VisitChangeAnswer, proposal: CustomerProposal): string {
  const start = after.visit.start ? formatClock(after.visit.start) : proposal.startLabel;
  return `Visit confirmed: ${formatDay(after.visit.date)} at ${start}.`;
}

/** The status once the customer asked for another time: the day and window it is now asked for. */
export function anotherTimeLine(after: VisitChangeAnswer): string {
  return `Thank you: we will send you another time for ${formatDay(after.visit.date)}, ${VISIT_WINDOWS[after.visit.window].label}.`;
}
