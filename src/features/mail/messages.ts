/**
 * The e-mails the site sends a customer (docs/product.md#e-mails): each as plain text and simple,
 * accessible HTML built from the same lines, signed with the business details of `src/site.ts`.
 * Pure: the functions queue them (functions/_lib/mail.ts). Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import { createEvent } from 'ics';
import { SITE } from '../../site.ts';
import { formatCents } from '../../lib/format.ts';
import {
  BUSINESS_TIME_ZONE,
  describeVisitTime,
  VISIT_WINDOWS,
  visitAddress,
  type VisitWindow,
} from '../checkout/visit.ts';

/** A file sent with an e-mail; `content` is its text. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** An e-mail's subject and bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** What an e-mail says: a heading, paragraphs, and a list of labelled details. */
interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  details?: readonly (readonly [label: string, value: string])[];
  after?: readonly string[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A paragraph's text as HTML, its web addresses made links. */
function paragraphHtml(text: string): string {
  return text
    .split(/(https?:\/\/[^\s]+)/)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const SIGNATURE = [SITE.name, `${SITE.phone.display} · ${SITE.email}`];

/** Plain text and HTML from the same parts. */
function compose({ subject, greeting, paragraphs, details = [], after = [] }: MailParts): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...SIGNATURE,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 600px; margin: 0 auto; padding: 16px">
<h1 style="font-size: 22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${paragraphHtml(p)}</p>`).join('\n')}
${details.length ? `<table role="presentation" style="border-collapse: collapse">${details.map(([label, value]) => `<tr><th scope="row" style="text-align: left; padding: 4px 12px 4px 0; vertical-align: top">${escapeHtml(label)}</th><td style="padding: 4px 0">${escapeHtml(value)}</td></tr>`).join('')}</table>` : ''}
${after.map((p) => `<p>${paragraphHtml(p)}</p>`).join('\n')}
<p style="color: #4b5563">${SIGNATURE.map(escapeHtml).join('<br>')}</p>
</body></html>
`;
  return { subject, text, html };
}

function greet(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}

/** The UTC instant of a wall-clock time in Springfield on `date`. */
export function businessTimeToUtc(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
  );
  return new Date(guess.getTime() - (shown - guess.getTime()));
}

/** The visit window as an iCalendar event (`.ics`), for the customer's calendar. */
export function visitCalendarFile(booking: {
  orderNumber: string;
  serviceName: string;
  date: string;
  window: VisitWindow;
  address: string;
}): string {
  const { start, end } = VISIT_WINDOWS[booking.window];
  const utc = (time: string) => {
    const d = businessTimeToUtc(booking.date, time);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [
      number,
      number,
      number,
      number,
      number,
    ];
  };
  const { error, value } = createEvent({
    uid: `${booking.orderNumber}@${SITE.email.split('@')[1] ?? 'localhost'}`,
    title: `${booking.serviceName} (${SITE.name})`,
    description: `Order ${booking.orderNumber}. Requested window: we will call to confirm the time. ${SITE.phone.display}`,
    location: booking.address,
    start: utc(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'TENTATIVE',
    productId: SITE.name,
  });
  if (error || !value) throw new Error(`Could not write the calendar file: ${String(error)}`);
  return value;
}

/** A paid booking's visit, as the order stores it. */
export interface BookedVisit {
  street: string;
  city: string;
  zip: string;
  phone: string;
  date: string;
  window: VisitWindow;
  notes: string;
}

/** Booking confirmed: order number, what, amount, address, the requested window and an `.ics`. */
export function bookingConfirmedMail(booking: {
  name: string | null;
  orderNumber: string;
  description: string;
  serviceName: string;
  amountCents: number;
  visit: BookedVisit;
  siteUrl: string;
}): MailContent {
  const address = visitAddress(booking.visit);
  const mail = compose({
    subject: `Booking confirmed: ${booking.description} (${booking.orderNumber})`,
    greeting: greet(booking.name),
    paragraphs: [
      `Thank you for your booking. Your payment of ${formatCents(booking.amountCents)} is received.`,
      'We will call to confirm the time within the window you asked for.',
    ],
    details: [
      ['Order number', booking.orderNumber],
      ['Service', booking.description],
      ['Amount paid', formatCents(booking.amountCents)],
      ['Address', address],
      ['Requested', describeVisitTime(booking.visit.date, booking.visit.window)],
      ['Phone', booking.visit.phone],
      ...(booking.visit.notes ? ([['Notes', booking.visit.notes]] as const) : []),
    ],
    after: [
      `To reschedule or cancel, call ${SITE.phone.display} or reply to this e-mail with your order number, at least a day before the visit.`,
      `Your visits: ${booking.siteUrl}/account`,
      'The attached calendar file holds the requested window.',
    ],
  });
  return {
    ...mail,
    attachments: [
      {
        filename: `${booking.orderNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: visitCalendarFile({
          orderNumber: booking.orderNumber,
          serviceName: booking.serviceName,
          date: booking.visit.date,
          window: booking.visit.window,
          address,
        }),
      },
    ],
  };
}

/** A plan as its e-mails describe it. */
export interface PlanFacts {
  name: string | null;
  planName: string;
  /** "monthly", "every 3 months", "annual". */
  periodName: string;
  amountCents: number | null;
  /** When the next charge (or the end of a cancelled plan) is, in words; null when unknown. */
  periodEnd: string | null;
  siteUrl: string;
}

/** Plan started: plan, billing, amount, next charge, first visit and the 30-day notice rule. */
export function planStartedMail(plan: PlanFacts & { orderNumber: string | null }): MailContent {
  return compose({
    subject: `Welcome to ${plan.planName}`,
    greeting: greet(plan.name),
    paragraphs: [
      `Your ${plan.planName} plan has started. Thank you!`,
      `First visit: we call you within ${SITE.claims.responseHours} hours to set the day of your first visit.`,
    ],
    details: [
      ...(plan.orderNumber ? ([['Order number', plan.orderNumber]] as const) : []),
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...(plan.amountCents !== null ? ([['Amount', formatCents(plan.amountCents)]] as const) : []),
      ...(plan.periodEnd ? ([['Next charge', plan.periodEnd]] as const) : []),
    ],
    after: [
      "No contract: cancel any time, with 30 days' notice before your next visit, in the billing portal on your account page, by e-mail or by phone. Your plan then runs to the end of the period you have paid for.",
      `Your plan and visits: ${plan.siteUrl}/account`,
    ],
  });
}

/** Plan changed: the new plan, billing and amount. */
export function planChangedMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `Your plan is now ${plan.planName} (${plan.periodName})`,
    greeting: greet(plan.name),
    paragraphs: ['Your Autopilot plan has changed. The change takes effect at once, prorated by the card provider.'],
    details: [
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...(plan.amountCents !== null ? ([['Amount', formatCents(plan.amountCents)]] as const) : []),
      ...(plan.periodEnd ? ([['Next charge', plan.periodEnd]] as const) : []),
    ],
    after: [`Questions? Call ${SITE.phone.display}. Your plan: ${plan.siteUrl}/account`],
  });
}

/** Plan cancelled: when it ends, and that nothing more is charged. */
export function planCancelledMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `Your ${plan.planName} plan is cancelled`,
    greeting: greet(plan.name),
    paragraphs: [
      plan.periodEnd
        ? `Your ${plan.planName} plan is cancelled. It stays active until ${plan.periodEnd}, with its visits in the period you have paid for, then ends. Nothing more is charged.`
        : `Your ${plan.planName} plan is cancelled and has ended. Nothing more is charged.`,
    ],
    details: [
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...(plan.periodEnd ? ([['Ends on', plan.periodEnd]] as const) : []),
    ],
    after: [`Changed your mind? Resubscribe any time at ${plan.siteUrl}/#autopilot or call ${SITE.phone.display}.`],
  });
}

/** The guide asked for in a lead dialog: its link. */
export function guideMail(guide: { firstName: string; title: string; url: string }): MailContent {
  return compose({
    subject: `Your guide: ${guide.title}`,
    greeting: greet(guide.firstName),
    paragraphs: [`Here is the guide you asked for: ${guide.title}.`, `Download it (PDF): ${guide.url}`],
    after: [`Would you rather we did it for you? Call ${SITE.phone.display}.`],
  });
}
