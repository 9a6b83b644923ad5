/**
 * Proposed times on the desk in words (docs/product/desk.md#owners-desk,
 * docs/product/visits.md#proposed-times): To confirm's two lists, a standing proposal and the
 * customer's note asking for another time, and the lines of 'Propose times for <day>' before they are
 * sent. Framework-free. Apart from desk.ts because only the later tabs and the visit's dialog use
 * them: desk.ts comes with Today (src/integrations/chunks.ts, "desk").
 */
import type { OwnerVisit } from '@/features/visits/owner-api';
import { sentAgo } from '@/features/visits/proposals';
import { formatClock, formatDay } from '@/lib/dates';
import { customerName, oldestFirst } from './desk';

/** To confirm's two lists (docs/product/desk.md#owners-desk): the requests without a proposal and those waiting for an answer. */
export interface ToConfirmLists {
  /** No time proposed yet: the oldest request first. */
  unproposed: OwnerVisit[];
  /** Proposed, no answer yet: the oldest proposal first. */
  proposed: OwnerVisit[];
}

/** Requested visits split by whether a proposal stands, each list in its order. */
export function toConfirmLists(visits: readonly OwnerVisit[]): ToConfirmLists {
  const requested = oldestFirst(visits);
  return {
    unproposed: requested.filter((visit) => visit.proposedStart === null),
    // A stable sort: proposals sent together stay oldest request first.
    proposed: requested
      .filter((visit) => visit.proposedStart !== null)
      .sort((a, b) => (a.proposedAt ?? '').localeCompare(b.proposedAt ?? '')),
  };
}

/**
 * A standing proposal in words (docs/product/visits.md#proposed-times): 'Proposed 9:30 AM, no answer yet
 * (sent 18 h ago)', with ', reminded' inside once its reminder went; null without one.
 */
export function proposalLabel(
  visit: Pick<OwnerVisit, 'status' | 'proposedStart' | 'proposedAt' | 'proposalRemindedAt'>,
  now: Date,
): string | null {
  if (visit.status !== 'requested' || visit.proposedStart === null) return null;
  const waited = [
    ...(visit.proposedAt ? [sentAgo(visit.proposedAt, now)] : []),
    ...(visit.proposalRemindedAt ? ['reminded'] : []),
  ];
  const since = waited.length > 0 ? ` (${waited.join(', ')})` : '';
  return `Proposed ${formatClock(visit.proposedStart)}, no answer yet${since}`;
}

/** The customer's note when they asked for another time: 'Asked for another time: "After 10 please"'; null without one. */
export function timeNoteLabel(visit: Pick<OwnerVisit, 'timeNote'>): string | null {
  return visit.timeNote ? `Asked for another time: "${visit.timeNote}"` : null;
}

/** Whether a visit is one 'Propose times for <day>' gives a start: requested, with no proposal standing. */
function wantsProposal(visit: Pick<OwnerVisit, 'status' | 'proposedStart'>): boolean {
  return visit.status === 'requested' && visit.proposedStart === null;
}

/** Whether a day offers 'Propose times for <day>': one of its visits is requested with no proposal standing. */
export function wantsProposals(visits: readonly Pick<OwnerVisit, 'status' | 'proposedStart'>[]): boolean {
  return visits.some(wantsProposal);
}

/** One line of a day's proposals before they are sent. */
export interface PreviewLine {
  id: string;
  /** '9:30 AM: Ann Smith, Dryer Vent Cleaning', or 'No time left in the window: Ann Smith'. */
  text: string;
  /** Whether the rule found the visit a start. */
  placed: boolean;
}

/**
 * What 'Propose times for <day>' would send (docs/product/desk.md#owners-desk), from the server's
 * preview, in its (route) order: a line for each requested visit with no proposal sent (no
 * `proposedAt`: a standing one has it), with the start the preview gives it, or 'No time left in the
 * window' when it gives none.
 */
export function proposalPreview(preview: readonly OwnerVisit[]): PreviewLine[] {
  return preview
    .filter((visit) => visit.status === 'requested' && visit.proposedAt === null)
    .map((visit) => {
      const name = customerName(visit);
      return visit.proposedStart === null
        ? { id: visit.id, text: `No time left in the window: ${name}`, placed: false }
        : { id: visit.id, text: `${formatClock(visit.proposedStart)}: ${name}, ${visit.service}`, placed: true };
    });
}

/** What the desk says once a day's proposals were sent: 'Proposed 3 times for Tue, Dec 8.' */
export function proposedDayDone(proposed: number, date: string): string {
  return `Proposed ${proposed} ${proposed === 1 ? 'time' : 'times'} for ${formatDay(date, 'short')}.`;
}
