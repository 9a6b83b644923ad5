/**
 * What the customer is told when the owner changes a visit (docs/product/desk.md#owners-desk): the time
 * confirmed, the visit moved, the visit cancelled (and whether and how much was refunded), and a
 * refund made anywhere (docs/product/visits.md#refunds), and a plan visit's report (docs/product/emails.md#e-mails). Each confirmation or move carries the updated
 * calendar entry: the booking's UID, a higher sequence. Every link is an action (a button with
 * words, docs/product/email-layout.md), never in the words. Pure. Shared core: relative imports
 * with the extension only.
 */
import { SITE } from '../../site.ts';
import { formatClock, formatDay } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import { describeVisitTime, type VisitWindow } from '../visits/windows.ts';
import { reportLines, type VisitReport } from '../visits/visit-report.ts';
import { visitCalendarFile } from './calendar.ts';
import { compose, greet, type MailAction, type MailContent } from './compose.ts';
import { CHANGE_NOTICE_HOURS } from '../visits/changes.ts';

/** A visit as its e-mails name it. */
export interface VisitFacts {
  name: string | null;
  orderNumber: string;
  /** What is done: "Dryer Vent Cleaning". */
  service: string;
  address: string;
  date: string;
  window: VisitWindow;
  /** The confirmed start and end (`HH:MM`, Springfield), or null while only the window is set. */
  confirmed: { start: string; end: string } | null;
  /** The calendar entry's sequence after this change. */
  sequence: number;
  siteUrl: string;
  /** The visit's reschedule and cancel links as they are after this change (none without a secret). */
  links?: VisitLinks | null;
  /** A proposed start standing without an answer (`HH:MM`; docs/product/visits.md#proposed-times), or null. */
  proposedStart?: string | null;
}

/** What a visit without a confirmed time says of its time: the proposal standing, or the one to come. */
function unconfirmedLine(visit: VisitFacts): string {
  return visit.proposedStart
    ? `We proposed ${formatClock(visit.proposedStart)}: please confirm it, or ask for another time, from our e-mail with the subject "Proposed time", or call ${SITE.phone.display}.`
    : 'We will send you a proposed time within that window.';
}

/** A visit's signed links (docs/product/visits.md#changing-a-visit). */
export interface VisitLinks {
  reschedule: string;
  cancel: string;
}

/** When the visit is, in words: the confirmed time, or the window asked for. */
function when(visit: VisitFacts): string {
  return visit.confirmed
    ? `${formatDay(visit.date)}, ${formatClock(visit.confirmed.start)}`
    : describeVisitTime(visit.date, visit.window);
}

function withCalendar(mail: MailContent, visit: VisitFacts, cancelled = false): MailContent {
  return {
    ...mail,
    attachments: [
      {
        filename: `${visit.orderNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: visitCalendarFile({
          orderNumber: visit.orderNumber,
          serviceName: visit.service,
          date: visit.date,
          window: visit.window,
          address: visit.address,
          confirmed: visit.confirmed,
          sequence: visit.sequence,
          cancelled,
        }),
      },
    ],
  };
}

/**
 * How to change the visit, in words (docs/product/visits.md#changing-a-visit): the 24-hour rule when
 * it has links (they are its actions, `changeActions`), or, without links, the phone.
 */
export function changeLines(links: VisitLinks | null | undefined): string[] {
  if (!links) return [`To change it, call ${SITE.phone.display} or reply to this e-mail with your order number.`];
  return [
    `You can reschedule or cancel the visit yourself up to ${CHANGE_NOTICE_HOURS} hours before it (a full refund when you cancel a booking). Within ${CHANGE_NOTICE_HOURS} hours of the visit, please call ${SITE.phone.display}.`,
  ];
}

/** The visit's 'Reschedule' and 'Cancel' actions, none without links. */
export function changeActions(links: VisitLinks | null | undefined): MailAction[] {
  return links
    ? [
        { label: 'Reschedule', url: links.reschedule },
        { label: 'Cancel', url: links.cancel },
      ]
    : [];
}

/** The account page, where the customer's visits (and plan) are: 'Your account'. */
export function accountAction(siteUrl: string): MailAction {
  return { label: 'Your account', url: `${siteUrl}/account` };
}

/** Visit confirmed: the day and the hour agreed, with the calendar entry updated. */
export function visitConfirmedMail(visit: VisitFacts): MailContent {
  const mail = compose({
    subject: `Visit confirmed: ${when(visit)} (${visit.orderNumber})`,
    greeting: greet(visit.name),
    paragraphs: [`Your visit is confirmed for ${when(visit)}. Our technician will arrive at that time.`],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', visit.service],
      ['When', when(visit)],
      ['Address', visit.address],
    ],
    actions: [...changeActions(visit.links), accountAction(visit.siteUrl)],
    after: [...changeLines(visit.links), 'The attached calendar file updates your entry.'],
  });
  return withCalendar(mail, visit);
}

/** A proposal's two answers (docs/product/visits.md#proposed-times): each a signed link that does one thing. */
export interface ProposalLinks {
  confirm: string;
  another: string;
}

/**
 * Proposed time (docs/product/visits.md#proposed-times): the start the owner proposes, 'Confirm <time>'
 * and 'Ask for another time' as its first actions, then the visit's own; without links (no secret
 * set), a reply or a call. `reminder` is its one reminder, 24 hours later without an answer.
 */
export function visitProposedMail(
  visit: VisitFacts,
  start: string,
  links: ProposalLinks | null,
  reminder = false,
): MailContent {
  const at = `${formatDay(visit.date)}, ${formatClock(start)}`;
  const proposal = `${formatDay(visit.date)} at ${formatClock(start)}`;
  return compose({
    subject: `${reminder ? 'Reminder: proposed time' : 'Proposed time'}: ${at} (${visit.orderNumber})`,
    preheader: reminder
      ? `We have not heard from you about ${proposal}. Confirm it with one tap, or ask for another time.`
      : `We propose ${proposal} for your visit. Confirm it with one tap, or ask for another time.`,
    greeting: greet(visit.name),
    paragraphs: [
      ...(reminder ? ['We have not heard from you about this time.'] : []),
      `We propose ${proposal} for your visit.`,
      links
        ? `Please confirm it, or ask for another time, or call ${SITE.phone.display}.`
        : `To confirm it or ask for another time, call ${SITE.phone.display} or reply to this e-mail.`,
    ],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', visit.service],
      ['When', at],
      ...(visit.address ? ([['Address', visit.address]] as const) : []),
    ],
    actions: [
      ...(links
        ? [
            { label: `Confirm ${formatClock(start)}`, url: links.confirm },
            { label: 'Ask for another time', url: links.another },
          ]
        : []),
      ...changeActions(visit.links),
      accountAction(visit.siteUrl),
    ],
    after: changeLines(visit.links),
  });
}

/** Visit moved: the new day (and hour, or window), with the calendar entry updated. */
export function visitMovedMail(visit: VisitFacts): MailContent {
  const mail = compose({
    subject: `Visit moved: ${when(visit)} (${visit.orderNumber})`,
    greeting: greet(visit.name),
    paragraphs: [
      `Your visit has moved to ${when(visit)}.`,
      ...(visit.confirmed ? [] : ['We will send you a proposed time within that window.']),
    ],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', visit.service],
      ['When', when(visit)],
      ['Address', visit.address],
    ],
    actions: [...changeActions(visit.links), accountAction(visit.siteUrl)],
    after: [...changeLines(visit.links), 'The attached calendar file updates your entry.'],
  });
  return withCalendar(mail, visit);
}

/** Visit cancelled: whether and how much was refunded; the calendar entry is removed. */
export function visitCancelledMail(visit: VisitFacts, refundedCents: number | null, reason: string): MailContent {
  const refund =
    refundedCents !== null && refundedCents > 0
      ? `Your payment of ${formatCents(refundedCents)} has been refunded to your card (refunds take 5 to 10 days to show on a statement).`
      : 'No refund was made for this visit.';
  const mail = compose({
    subject: `Visit cancelled (${visit.orderNumber})`,
    greeting: greet(visit.name),
    paragraphs: [`Your visit of ${when(visit)} is cancelled${reason ? `: ${reason}` : '.'}`, refund],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', visit.service],
      ['Address', visit.address],
    ],
    actions: [{ label: 'Book again', url: `${visit.siteUrl}/#services` }],
    after: [`Questions? Call ${SITE.phone.display}.`],
  });
  return withCalendar(mail, visit, true);
}

/**
 * The reminder the day before (docs/product/emails.md#visit-reminder): when (the confirmed time, or the
 * window), the address and the visit's links.
 */
export function visitReminderMail(visit: VisitFacts): MailContent {
  return compose({
    subject: `Reminder: your visit tomorrow, ${when(visit)} (${visit.orderNumber})`,
    preheader: `We are coming tomorrow, ${when(visit)}, for your ${visit.service}.`,
    greeting: greet(visit.name),
    paragraphs: [
      'This is a reminder that we are coming tomorrow.',
      ...(visit.confirmed ? [] : [unconfirmedLine(visit)]),
    ],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', visit.service],
      ['When', when(visit)],
      ...(visit.address ? ([['Address', visit.address]] as const) : []),
    ],
    actions: [...changeActions(visit.links), accountAction(visit.siteUrl)],
    after: changeLines(visit.links),
  });
}

/**
 * A refund made anywhere (the card provider's dashboard, the desk) that no cancellation told of. A
 * full refund of a booking cancels its visit; of extras (`kind: 'extras'`,
 * docs/product/extras.md#refunding-extras) it refunds the payment and the visit stays done.
 */
export function refundIssuedMail(refund: {
  name: string | null;
  orderNumber: string;
  description: string;
  refundedCents: number;
  full: boolean;
  /** What the order paid for: a booking (the default) or a visit's extras. */
  kind?: 'booking' | 'extras';
}): MailContent {
  const full =
    refund.kind === 'extras'
      ? 'The extras payment is refunded in full.'
      : 'The order is refunded in full; its visit is cancelled.';
  return compose({
    subject: `Refund issued (${refund.orderNumber})`,
    greeting: greet(refund.name),
    paragraphs: [
      `We have refunded ${formatCents(refund.refundedCents)} of your order ${refund.orderNumber} to your card (refunds take 5 to 10 days to show on a statement).`,
      ...(refund.full ? [full] : []),
    ],
    details: [
      ['Order number', refund.orderNumber],
      ['Service', refund.description],
      ['Refunded', formatCents(refund.refundedCents)],
    ],
    after: [`Questions? Call ${SITE.phone.display}.`],
  });
}

/** Visit report: what a plan visit did, and what comes next and when. */
export function visitReportMail(
  visit: Pick<VisitFacts, 'name' | 'orderNumber' | 'siteUrl'>,
  report: VisitReport,
): MailContent {
  return compose({
    subject: `Visit report: ${report.service}, ${formatDay(report.day)} (${visit.orderNumber})`,
    preheader: `Done on ${formatDay(report.day)}. ${report.next}`,
    greeting: greet(visit.name),
    paragraphs: [
      `Your ${report.service} was done on ${formatDay(report.day)}. Here is what we did:`,
      ...reportLines(report),
      ...(report.note ? [`Technician's note: ${report.note}`] : []),
      report.next,
    ],
    details: [
      ['Order number', visit.orderNumber],
      ['Service', report.service],
      ['Done', formatDay(report.day)],
    ],
    actions: [accountAction(visit.siteUrl)],
    after: [`Questions? Call ${SITE.phone.display}.`],
  });
}
