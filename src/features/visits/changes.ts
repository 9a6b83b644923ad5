/**
 * A customer's own changes to a visit (docs/product/visits.md#changing-a-visit): the 24-hour rule, the
 * windows a visit may move to, what a link that cannot be used says, and the page's API shapes.
 * Framework-free; the page, the booking card, the e-mails and the functions share it. Shared core:
 * relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { businessTimeToUtc } from '../../lib/dates.ts';
import { VISIT_WINDOWS, type VisitWindow } from './windows.ts';

/** How long before a visit starts the customer may still change it themselves. */
export const CHANGE_NOTICE_HOURS = 24;

const NOTICE_MS = CHANGE_NOTICE_HOURS * 3_600_000;

/** When a visit starts: its confirmed time, else the start of its window (Springfield). */
export function visitStart(date: string, window: VisitWindow, start: string | null = null): Date {
  return businessTimeToUtc(date, start ?? VISIT_WINDOWS[window].start);
}

/** Whether a visit starting at `start` may still be changed at `now`: at least 24 hours ahead, to the millisecond. */
export function changeOpen(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() >= NOTICE_MS;
}

/** What the page and the API say inside 24 hours. */
export const CALL_TO_CHANGE_MESSAGE = `Changes within ${CHANGE_NOTICE_HOURS} hours of the visit are made by phone: please call ${SITE.phone.display}.`;

/** A window to move to that starts too soon. */
export const TOO_SOON_MESSAGE = `Please choose a window that starts at least ${CHANGE_NOTICE_HOURS} hours from now.`;

/** A plan visit's cancel. */
export const PLAN_CANCEL_MESSAGE =
  'Plan visits are not cancelled one by one: to cancel your plan, use Manage billing on your account page. You can move this visit to another day.';

/** The rule as the booking card and the e-mails write it. */
export const CHANGE_RULE = `Need to change plans? Reschedule or cancel from the link in your e-mail or your account, up to ${CHANGE_NOTICE_HOURS} hours before the visit (a full refund when you cancel). Within ${CHANGE_NOTICE_HOURS} hours, please call ${SITE.phone.display}.`;

/** A visit that is no longer open to changes. */
export function closedVisitMessage(status: string): string {
  return `This visit is ${status} and can no longer be changed.`;
}

/**
 * What a link is for: every visit e-mail carries a reschedule and a cancel link; a proposal's
 * e-mail (docs/product/visits.md#proposed-times) also a confirm and an another-time link.
 */
export const LINK_PURPOSES = ['reschedule', 'cancel', 'confirm', 'another'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Why a link cannot be used. */
export type LinkProblem = 'altered' | 'expired' | 'used' | 'replaced';

/** What a link that cannot be used says (the page adds 'Sign in'). */
export const LINK_MESSAGES: Readonly<Record<LinkProblem, string>> = {
  altered: 'This link is not valid: it may have been copied incompletely.',
  expired: 'This link has expired: the visit it was for is over.',
  used: 'This link has already been used, or the visit has changed since it was sent. Use the link in the latest e-mail about this visit.',
  replaced: 'This time was replaced by a newer proposal. Use the link in the latest e-mail about this visit.',
};

/** Said under every link that cannot be used: the way that always works. */
export const LINK_PHONE_LINE = `Questions? Call ${SITE.phone.display}.`;

/** A confirm or another-time answer with no proposal standing (docs/product/visits.md#proposed-times). */
export const NO_PROPOSAL_MESSAGE = `There is no proposed time to answer: the visit has changed since. Please call ${SITE.phone.display}.`;

/** A proposal whose window has already started. */
export const PROPOSAL_STARTED_MESSAGE = `This visit's window has started: please call ${SITE.phone.display}.`;

/** A link used for what it was not made for. */
export function wrongPurposeMessage(purpose: LinkPurpose): string {
  return purpose === 'another'
    ? 'This link can only ask for another time for the visit.'
    : `This link can only ${purpose} the visit.`;
}

/** A change the customer asks for. */
export type VisitChangeRequest =
  | { action: 'reschedule'; date: string; window: VisitWindow }
  | { action: 'cancel' }
  | { action: 'confirm' }
  | { action: 'another'; date: string; window: VisitWindow; note?: string | undefined };

/** A proposal standing for the visit (docs/product/visits.md#proposed-times). */
export interface CustomerProposal {
  /** `HH:MM`, Springfield time. */
  start: string;
  /** In words: '9:30 AM'. */
  startLabel: string;
  /** When it was sent (an ISO instant). */
  proposedAt: string;
}

/** The visit as the page shows it. */
export interface CustomerVisit {
  id: string;
  service: string;
  orderNumber: string;
  /** In words: the confirmed time, or the day and window. */
  when: string;
  date: string;
  window: VisitWindow;
  start: string | null;
  address: string;
  status: string;
  /** A plan visit (moved only). */
  planVisit: boolean;
  /** What a cancel refunds. */
  amountCents: number;
}

/** The answer of GET and POST /api/visit-change. */
export interface VisitChangeAnswer {
  visit: CustomerVisit;
  /** What the link may do; 'any' for the signed-in customer. */
  purpose: LinkPurpose | 'any';
  /** The proposed time to confirm or decline, or null; answering it is open until its window starts. */
  proposal: CustomerProposal | null;
  /** Why nothing may be done now (the 24-hour rule, a visit no longer open), or null. */
  blocked: string | null;
  phone: string;
  /** The site's time (an ISO instant): the windows offered are counted from it, not the phone's clock. */
  now: string;
}

/**
 * The windows a visit may move to from the availability answer's days: open (not closed, not
 * full), starting at least 24 hours after `now`, and not the visit's own day and window.
 */
export function movableWindows(
  days: readonly { date: string; closed: string | null; windows: Record<string, { full: boolean }> }[],
  now: Date,
  current: { date: string; window: VisitWindow },
): { date: string; window: VisitWindow }[] {
  const open: { date: string; window: VisitWindow }[] = [];
  for (const day of days) {
    if (day.closed) continue;
    for (const [window, places] of Object.entries(day.windows)) {
      if (!Object.hasOwn(VISIT_WINDOWS, window) || places.full) continue;
      const key = window as VisitWindow;
      if (day.date === current.date && key === current.window) continue;
      if (changeOpen(visitStart(day.date, key), now)) open.push({ date: day.date, window: key });
    }
  }
  return open;
}

/** A window a customer may ask for another time in; `same` marks the visit's own day and window. */
export interface AnswerWindow {
  date: string;
  window: VisitWindow;
  same: boolean;
}

/**
 * The windows offered when a customer asks for another time (docs/product/visits.md#proposed-times):
 * the visit's own day and window first, then, from the availability answer's days, every other open
 * window (not closed, not full) that starts after `now`. The 24-hour rule does not apply; the visit's
 * own window is left out once it has started, as the proposal can then no longer be answered.
 */
export function answerWindows(
  days: readonly { date: string; closed: string | null; windows: Record<string, { full: boolean }> }[],
  now: Date,
  current: { date: string; window: VisitWindow },
): AnswerWindow[] {
  const after = (date: string, window: VisitWindow) => visitStart(date, window).getTime() > now.getTime();
  const open: AnswerWindow[] = after(current.date, current.window)
    ? [{ date: current.date, window: current.window, same: true }]
    : [];
  for (const day of days) {
    if (day.closed) continue;
    for (const [window, places] of Object.entries(day.windows)) {
      if (!Object.hasOwn(VISIT_WINDOWS, window) || places.full) continue;
      const key = window as VisitWindow;
      if (day.date === current.date && key === current.window) continue;
      if (after(day.date, key)) open.push({ date: day.date, window: key, same: false });
    }
  }
  return open;
}
