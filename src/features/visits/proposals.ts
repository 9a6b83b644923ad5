/**
 * Proposed times (docs/product/visits.md#proposed-times): the owner proposes a start within a
 * requested visit's window, the customer confirms it with one tap or asks for another time. The
 * rules here are pure: where a start may fall, the starts a whole day gets (a stop takes 75
 * minutes, in route order within each window), and how the desk says how long a proposal has
 * waited. Shared by the desk and the functions. Shared core: relative imports with the extension only.
 */
import { VISIT_WINDOWS, type VisitWindow } from './windows.ts';

/** The hour a confirmed visit is given (docs/product/desk.md#owners-desk). */
export const VISIT_MINUTES = 60;
/** The drive to the next stop, added to the visit's hour when a day's starts are proposed. */
export const DRIVE_MINUTES = 15;
/** What one stop takes when a day's starts are proposed: the visit's hour and the drive. */
export const STOP_MINUTES = VISIT_MINUTES + DRIVE_MINUTES;
/** How long a proposal waits for an answer before its one reminder. */
export const PROPOSAL_REMINDER_HOURS = 24;
/** The longest note a customer leaves when asking for another time. */
export const TIME_NOTE_MAX = 500;

/** The minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes since midnight. */
export function clockOf(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Whether `start` (`HH:MM`) falls within `window`: at or after its start, before its end. */
export function withinWindow(window: VisitWindow, start: string): boolean {
  const { start: from, end } = VISIT_WINDOWS[window];
  return minutesOf(start) >= minutesOf(from) && minutesOf(start) < minutesOf(end);
}

/** A visit's hour from `start` (docs/product/desk.md#owners-desk), cut at its window's end. */
export function visitHour(window: VisitWindow, start: string): { start: string; end: string } {
  return { start, end: clockOf(Math.min(minutesOf(start) + VISIT_MINUTES, minutesOf(VISIT_WINDOWS[window].end))) };
}

/** The refusal of a proposed start outside the visit's window, naming the field; null when it fits. */
export function proposalStartProblem(window: VisitWindow, start: string): string | null {
  return withinWindow(window, start) ? null : `start must be within the window: ${VISIT_WINDOWS[window].label}.`;
}

/** A visit as a day's proposals see it, in route order within its window. */
export interface ProposalCandidate {
  id: string;
  window: VisitWindow;
  /** A start the visit already holds (a confirmed start, or a standing proposal), or null. */
  holds: string | null;
  /** Whether it is to get a proposal: requested, with none standing. */
  wants: boolean;
}

/**
 * The starts a day's proposals give (docs/product/visits.md#proposed-times): window by window, the
 * visits that want one, in the order given (route order), each the first start from the window's
 * start, 75 minutes or more after the one proposed before it, that no held start of the window
 * overlaps (each held start taking its 75 minutes) and whose hour ends within the window. A visit
 * with no such start left maps to null.
 */
export function planProposals(visits: readonly ProposalCandidate[]): Map<string, string | null> {
  const planned = new Map<string, string | null>();
  const windows = [...new Set(visits.map((visit) => visit.window))];
  for (const window of windows) {
    const inWindow = visits.filter((visit) => visit.window === window);
    const held = inWindow.flatMap((visit) => (visit.holds ? [minutesOf(visit.holds)] : []));
    const open = minutesOf(VISIT_WINDOWS[window].start);
    const close = minutesOf(VISIT_WINDOWS[window].end);
    let next = open;
    for (const visit of inWindow) {
      if (!visit.wants) continue;
      let start: number | null = null;
      for (let at = next; at + VISIT_MINUTES <= close; at += 5) {
        if (held.every((taken) => at + STOP_MINUTES <= taken || taken + STOP_MINUTES <= at)) {
          start = at;
          break;
        }
      }
      planned.set(visit.id, start === null ? null : clockOf(start));
      if (start !== null) {
        held.push(start);
        next = start + STOP_MINUTES;
      }
    }
  }
  return planned;
}

/** How long a proposal sent at `sentAt` has waited at `now`, as the desk says it: 'sent 18 h ago'. */
export function sentAgo(sentAt: string | Date, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(sentAt).getTime()) / 3_600_000);
  if (hours < 1) return 'sent less than an hour ago';
  if (hours < 48) return `sent ${hours} h ago`;
  return `sent ${Math.floor(hours / 24)} days ago`;
}
