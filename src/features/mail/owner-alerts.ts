/**
 * The owner's alert e-mails (docs/product/emails.md#owner-alerts): one line of what happened and what to
 * do, the details needed to act, and the desk's link as a button; read from an owner event's payload or a
 * stored lead's. Pure. Shared core: relative imports with the extension only.
 */
import { formatClock, formatDay } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import { preferredDayLabel } from '../plans/plan-request.ts';
import { deskPath, opensVisit, type DeskTarget } from '../visits/desk-link.ts';
import { compose, type MailContent } from './compose.ts';
import { extrasWords } from './describe.ts';

/** What an alert says before it is written out. */
export interface OwnerAlert {
  subject: string;
  /** What happened and what to do, in one line. */
  line: string;
  details: readonly (readonly [label: string, value: string])[];
  /** What the desk link opens: the visit the alert is about, or the list it belongs to. */
  target?: DeskTarget;
}

type Payload = Record<string, unknown>;

/** A payload field as text ('' when absent or not a string or number). */
function text(payload: Payload, field: string): string {
  const value = payload[field];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Who the event is about, in words: the name, else the e-mail. */
function who(payload: Payload, nameField = 'customerName'): string {
  return text(payload, nameField) || text(payload, 'email') || 'A customer';
}

/** The labelled details, without the empty ones. */
function details(pairs: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  return pairs.filter(([, value]) => value !== '');
}

/** A plan's preferred time in words (a booking's day is a date and stays as it is); none stays empty. */
function preferredWords(value: string): string {
  return value && preferredDayLabel(value);
}

/** A whole number of cents from a payload field (0 when absent or not one). */
function cents(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** The details every owner event carries, in the order the owner reads them. */
function eventDetails(payload: Payload): (readonly [string, string])[] {
  const requested = text(payload, 'requested');
  const preferred = text(payload, 'requestedDay');
  const when = requested || preferredWords(preferred);
  return details([
    ['Name', text(payload, 'customerName')],
    ['Phone', text(payload, 'phone')],
    ['E-mail', text(payload, 'email')],
    ['Address', text(payload, 'address')],
    ['Service', text(payload, 'service')],
    ['When', when],
    ['Amount', text(payload, 'amount')],
    ['Order', text(payload, 'orderNumber')],
    ['Notes', text(payload, 'notes') || text(payload, 'reason')],
  ]);
}

/**
 * The alert of an owner event (docs/product/emails.md#owner-events), or null for one that asks nothing of
 * the owner (a renewal paid, a visit done).
 */
export function alertOfEvent(payload: Payload): OwnerAlert | null {
  const alert = eventAlert(payload);
  const visit = text(payload, 'visitId');
  return alert && visit ? { ...alert, target: { visit } } : alert;
}

/** The alert of an owner event, before its desk link. */
function eventAlert(payload: Payload): OwnerAlert | null {
  const customer = who(payload);
  const service = text(payload, 'service');
  const order = text(payload, 'orderNumber');
  const withOrder = order ? ` (${order})` : '';
  const facts = eventDetails(payload);
  switch (text(payload, 'event')) {
    case 'booking.paid': {
      const when = text(payload, 'requested');
      if (payload['overCapacity'] === true) {
        return {
          subject: `Over capacity: ${service}, ${when}${withOrder}`,
          line: `${customer} paid for ${service} in a window that was already full. Move it to another window or confirm it.`,
          details: facts,
        };
      }
      return {
        subject: `New booking: ${service}, ${when}${withOrder}`,
        line: `${customer} booked and paid for ${service}. Propose a time.`,
        details: facts,
      };
    }
    case 'plan.started':
      return {
        subject: `Plan started: ${service} for ${customer}`,
        line: `${customer} started the ${service}. Call to set the day of the first visit.`,
        details: facts,
      };
    case 'plan.changed':
      return {
        subject: `Plan changed: ${customer} is now on ${service}`,
        line: `${customer} changed plan: now ${service}, from today.`,
        details: facts,
      };
    case 'plan.cancelled': {
      const ends = text(payload, 'endsOn');
      return {
        subject: `Plan cancelled: ${service} for ${customer}${ends ? `, ends ${ends}` : ''}`,
        line: `${customer} cancelled the ${service}${ends ? `; it ends ${ends}` : ''}. No visits after that.`,
        details: facts,
      };
    }
    case 'plan.resumed':
      return {
        subject: `Plan kept: ${service} for ${customer}`,
        line: `${customer} kept the ${service}: it is no longer set to cancel.`,
        details: facts,
      };
    case 'plan.payment_failed':
      return {
        subject: `Payment failed: ${service} for ${customer}`,
        line: `The payment for the ${service} of ${customer} did not go through. Call them to sort the payment out.`,
        details: facts,
      };
    case 'order.refunded':
    case 'plan.refunded': {
      const amount = text(payload, 'amount');
      return {
        subject: `Refund: ${amount} to ${customer}${withOrder}`,
        line: `${amount} was refunded to ${customer} for ${service}.`,
        details: facts,
      };
    }
    case 'extras.paid': {
      // A pay link paid (docs/product/extras.md#paid): `amount` is what was paid, the tip included.
      const amount = text(payload, 'amount') || formatCents(cents(payload['amountCents']));
      const tip = formatCents(cents(payload['tipCents']));
      return {
        subject: `Extras paid: ${amount} (tip ${tip}) by ${customer}${withOrder}`,
        line: `${customer} paid the extras of their visit. Nothing to do.`,
        details: details([
          ['Name', text(payload, 'customerName')],
          ['Phone', text(payload, 'phone')],
          ['E-mail', text(payload, 'email')],
          ['Address', text(payload, 'address')],
          ['Service', service],
          ['Amount', amount],
          ['Tip', tip],
          ['Extras', extrasWords(payload['items'])],
          ['Order', order],
        ]),
      };
    }
    case 'plan.refund_failed':
      return {
        subject: `Refund failed: second plan of ${customer}${withOrder}`,
        line: `The site could not cancel and refund the second plan of ${customer}: ${text(payload, 'error') || 'no reason given'}. Cancel and refund it in the card provider's dashboard.`,
        details: facts,
      };
    case 'order.refund_pending':
      return {
        subject: `Refund pending: ${text(payload, 'amount') || 'a refund'} to ${customer}${withOrder}`,
        line: `A cancellation's refund has not been recorded for 2 minutes: the site is asking the card provider again. If this alert repeats, check the refund in the card provider's dashboard.`,
        details: facts,
      };
    case 'visit.due': {
      const dueDate = text(payload, 'dueDate');
      const due = /^\d{4}-\d{2}-\d{2}$/.test(dueDate) ? formatDay(dueDate, 'short') : dueDate;
      return {
        subject: `Visit due: ${service} for ${customer}${due ? `, due ${due}` : ''}`,
        line: `The ${service} of ${customer} is due${due ? ` ${due}` : ''} and no time is agreed yet. Call to confirm it.`,
        details: facts,
      };
    }
    case 'visit.moved':
      return {
        subject: `Visit moved by customer: ${service} for ${customer}, now ${text(payload, 'requested')}`,
        line: `${customer} moved the ${service} to ${text(payload, 'requested')}. Propose a time.`,
        details: facts,
      };
    case 'visit.confirmed': {
      // The customer confirmed a proposed time (docs/product/visits.md#proposed-times).
      const day = text(payload, 'requestedDay');
      const at = `${/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day, 'short') : day} at ${text(payload, 'startLabel')}`;
      return {
        subject: `Time confirmed: ${customer}, ${at}`,
        line: `${customer} confirmed the ${service} for ${at}. Nothing to do: it is on the desk as confirmed.`,
        details: facts,
      };
    }
    case 'visit.another_time': {
      const note = text(payload, 'note');
      return {
        subject: `Another time asked: ${customer}, ${text(payload, 'requested')}`,
        line: `${customer} asked for another time than ${text(payload, 'proposedStart') ? formatClock(text(payload, 'proposedStart')) : 'the one proposed'} for the ${service}, now ${text(payload, 'requested')}${note ? `: "${note}"` : '.'} Propose another time.`,
        details: facts,
      };
    }
    case 'visit.cancelled':
      return {
        subject: `Visit cancelled by customer: ${service} for ${customer}, ${text(payload, 'requested')}`,
        line: `${customer} cancelled the ${service} of ${text(payload, 'requested')}${
          Number(payload['refundedCents']) > 0 ? '; the booking was refunded in full' : ''
        }. The place in that window is free again.`,
        details: facts,
      };
    case 'text.received': {
      // A customer's text that is no keyword (docs/product/texts.md#replies); a number that is no customer's goes by its number.
      const from = text(payload, 'customerName') || text(payload, 'email') || text(payload, 'from');
      const said = text(payload, 'text').replace(/\s+/g, ' ');
      return {
        subject: `Text from ${from}: ${said}`,
        line: `${from} texted: "${said}" Answer from the desk or call.`,
        details: details([
          ['Name', text(payload, 'customerName')],
          ['Phone', text(payload, 'from')],
          ['E-mail', text(payload, 'email')],
          ['Service', service],
          ['Message', text(payload, 'text')],
        ]),
      };
    }
    default:
      return null;
  }
}

/**
 * The alert of a stored lead: a contact message or a plan request; null for a guide download
 * (nothing to act on) and for owner events (alertOfEvent).
 */
export function alertOfLead(kind: string, payload: Payload): OwnerAlert | null {
  if (kind === 'contact') {
    const name = who(payload, 'name');
    return {
      subject: `Contact message from ${name}`,
      line: `${name} sent a message through the contact form. Reply or call back.`,
      details: details([
        ['Name', text(payload, 'name')],
        ['Phone', text(payload, 'phone')],
        ['E-mail', text(payload, 'email')],
        ['Service', text(payload, 'service')],
        ['Message', text(payload, 'message')],
      ]),
      target: { tab: 'leads' },
    };
  }
  if (kind === 'plan-request') {
    const name = who(payload, 'fullName');
    const plan = text(payload, 'planName');
    const period = text(payload, 'billingPeriod');
    const address = [
      text(payload, 'address'),
      text(payload, 'city'),
      `${text(payload, 'state')} ${text(payload, 'zip')}`,
    ]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', ');
    const preferred = text(payload, 'preferredDay');
    return {
      subject: `Plan request from ${name}: ${plan} (${period})`,
      line: `${name} asked for the ${plan} plan. Call to talk it through and send the sign-up.`,
      details: details([
        ['Name', text(payload, 'fullName')],
        ['Phone', text(payload, 'phone')],
        ['E-mail', text(payload, 'email')],
        ['Address', address],
        ['Service', `${plan} plan, ${period}`],
        ['When', preferredWords(preferred)],
        ['Amount', text(payload, 'quotedPrice')],
        ['Notes', text(payload, 'specialInstructions')],
      ]),
      target: { tab: 'leads' },
    };
  }
  return null;
}

/**
 * The alert written out: its line first (also the inbox's summary), the details, and a button
 * opening what it is about on the desk ('Open the visit on the desk: <address>' in the text);
 * `siteUrl` without a trailing slash.
 */
export function ownerAlertMail(alert: OwnerAlert, siteUrl: string): MailContent {
  const path = deskPath(alert.target ?? null);
  // deskPath opens the desk itself for a visit id that is none: the button then says so.
  const label = opensVisit(path) ? 'Open the visit on the desk' : 'Open the desk';
  return compose({
    subject: alert.subject,
    preheader: alert.line,
    greeting: alert.line,
    paragraphs: [],
    details: alert.details,
    actions: [{ label, url: `${siteUrl}${path}` }],
  });
}
