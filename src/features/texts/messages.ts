/**
 * The words of the texts about a visit (docs/product/texts.md#what-is-texted), verbatim from the
 * table: each builder gives the bare sentence; the texts outbox adds the business's name before
 * it, and for the first text to a number how to stop after it (docs/product/texts.md#consent).
 * `<day>` is 'Tue, Dec 8', `<time>` '9:30 AM', `<window>` the window's label. Shared core: Node
 * loads it directly from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { formatClock, formatDay } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import { VISIT_WINDOWS, type VisitWindow } from '../visits/windows.ts';

/** The longest text that fits one segment of the GSM alphabet. */
export const SEGMENT_CHARACTERS = 160;

/** A visit as its texts name it: the service's name, the day, the window and the confirmed start, if any. */
export interface VisitTextFacts {
  service: string;
  /** `YYYY-MM-DD`. */
  day: string;
  window: VisitWindow;
  /** The confirmed start, `HH:MM`, or null while none is. */
  start: string | null;
}

/** 'Tue, Dec 8' for a `YYYY-MM-DD` day. */
function dayOf(day: string): string {
  return formatDay(day, 'short');
}

/** The confirmed time ('9:30 AM'), else the window's label. */
function timeOrWindow(visit: VisitTextFacts): string {
  return visit.start ? formatClock(visit.start) : VISIT_WINDOWS[visit.window].label;
}

/** A booking is paid (its visit stored). */
export function bookingReceivedText(visit: VisitTextFacts): string {
  return `We got your booking: ${visit.service}, ${dayOf(visit.day)}, ${VISIT_WINDOWS[visit.window].label}. We will text you a time to confirm.`;
}

/** A time is proposed: `start` is the proposed start, `HH:MM`. */
export function visitProposedText(visit: VisitTextFacts, start: string): string {
  const time = formatClock(start);
  return `We propose ${dayOf(visit.day)} at ${time} for ${visit.service}. Reply Y to confirm ${time}, or call ${SITE.phone.display}.`;
}

/** The time is confirmed (by the owner, a link or a 'Y'); the visit has its start. */
export function visitConfirmedText(visit: VisitTextFacts & { start: string }): string {
  return `Confirmed: ${visit.service} on ${dayOf(visit.day)} at ${formatClock(visit.start)}.`;
}

/**
 * The visit is moved (by the owner or the customer), with the visit's own signed reschedule link;
 * without one (no link secret set) it says to call, as the e-mails do.
 */
export function visitMovedText(visit: VisitTextFacts, link: string | null): string {
  const change = link ?? `call ${SITE.phone.display}.`;
  return `Your visit is moved to ${dayOf(visit.day)}, ${timeOrWindow(visit)}. Change it: ${change}`;
}

/** The visit reminder at 5 PM, the day before. */
export function visitReminderText(visit: VisitTextFacts): string {
  return `Reminder: we come tomorrow, ${timeOrWindow(visit)}.`;
}

/** The owner presses On my way, with the minutes to the customer. */
export function onMyWayText(minutes: number): string {
  return `On my way: I will be there in about ${minutes} minutes.`;
}

/** The visit is marked done. */
export function visitDoneText(visit: Pick<VisitTextFacts, 'service'>): string {
  return `Your ${visit.service} visit is done. Thank you!`;
}

/**
 * A pay request is made (docs/product/extras.md#the-pay-link): how many extras the visit used (the
 * quantities summed), their total and the signed pay link, the one link this text carries.
 */
export function payRequestText(f: { count: number; amountCents: number; payUrl: string }): string {
  return `Your visit used ${f.count} ${f.count === 1 ? 'extra' : 'extras'}, ${formatCents(f.amountCents)}. Pay (tip optional): ${f.payUrl}`;
}

/** The GSM 03.38 basic alphabet (its extension's characters count twice: none is used here). */
const GSM =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** Whether every character of `text` is in the GSM basic alphabet (else a text is sent as UCS-2, 70 to a segment). */
export function isGsmText(text: string): boolean {
  return [...text].every((character) => GSM.includes(character));
}
