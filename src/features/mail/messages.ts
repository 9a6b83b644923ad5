/**
 * The e-mails the site sends a customer (docs/product/emails.md#e-mails): each as the parts of
 * src/features/mail/compose.ts, every link an action (a button with words), never in the words.
 * Pure: the functions queue them (functions/_lib/platform/mail.ts). Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { formatCents } from '../../lib/format.ts';
import { type Visit } from '../booking/visit.ts';
import { describeVisitTime, visitAddress } from '../visits/windows.ts';
import { visitCalendarFile } from './calendar.ts';
import { compose, greet, type MailContent } from './compose.ts';
import { accountAction, changeActions, changeLines, type VisitLinks } from './visit-messages.ts';
import { secondPlanMessage, type NamedPlan } from '../plans/second-plan.ts';

/** Booking confirmed: order number, what, amount, address, the requested window and an `.ics`. */
export function bookingConfirmedMail(booking: {
  name: string | null;
  orderNumber: string;
  description: string;
  serviceName: string;
  amountCents: number;
  visit: Visit;
  siteUrl: string;
  /** The visit's signed links (docs/product/visits.md#changing-a-visit); the phone without them. */
  links?: VisitLinks | null;
  /** The card provider's invoice of the payment (docs/product/emails.md#receipts), when it made one. */
  receiptUrl?: string | null;
}): MailContent {
  const address = visitAddress(booking.visit);
  const mail = compose({
    subject: `Booking confirmed: ${booking.description} (${booking.orderNumber})`,
    preheader: `Paid ${formatCents(booking.amountCents)} for ${booking.description}. We will propose a time within a day.`,
    greeting: greet(booking.name),
    paragraphs: [
      `Thank you for your booking. Your payment of ${formatCents(booking.amountCents)} is received.`,
      'We will send you a proposed time within a day: confirm it with one tap, or call us.',
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
    actions: [
      ...changeActions(booking.links),
      accountAction(booking.siteUrl),
      ...(booking.receiptUrl ? [{ label: 'Receipt', url: booking.receiptUrl }] : []),
    ],
    after: [
      ...(booking.links
        ? changeLines(booking.links)
        : [
            `To reschedule or cancel, call ${SITE.phone.display} or reply to this e-mail with your order number, at least a day before the visit.`,
          ]),
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
  /** What one period is in "<price> per <unit>": "month", "3 months", "year"; null when unknown. */
  per: string | null;
  /** The plan's price for one period, in cents (not what a change or a credit makes the next charge). */
  amountCents: number | null;
  /** When the next charge (or the end of a cancelled plan) is, in words; null when unknown. */
  periodEnd: string | null;
  siteUrl: string;
}

/** "Plan price: $39.00 per month", when the price is known. */
function planPrice(plan: PlanFacts): readonly (readonly [string, string])[] {
  if (plan.amountCents === null) return [];
  return [['Plan price', `${formatCents(plan.amountCents)}${plan.per ? ` per ${plan.per}` : ''}`]];
}

/**
 * Plan started: plan, billing, amount, next charge, first visit (and, for a plan bought without
 * visit details, where to give them) and the 30-day notice rule.
 */
export function planStartedMail(
  plan: PlanFacts & { orderNumber: string | null; hasVisitDetails: boolean },
): MailContent {
  return compose({
    subject: `Welcome to ${plan.planName}`,
    preheader: `Your ${plan.planName} plan has started. We call you within ${SITE.claims.responseHours} hours to set the day of your first visit.`,
    greeting: greet(plan.name),
    paragraphs: [
      `Your ${plan.planName} plan has started. Thank you!`,
      `First visit: we call you within ${SITE.claims.responseHours} hours to set the day of your first visit.`,
      // Bought from the home page: we have no phone or address to call or visit yet.
      ...(plan.hasVisitDetails
        ? []
        : [
            'We do not have your phone number and address yet. Please add them under Visit details on your account page, or reply to this e-mail with them.',
          ]),
    ],
    details: [
      ...(plan.orderNumber ? ([['Order number', plan.orderNumber]] as const) : []),
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...(plan.amountCents !== null ? ([['Amount', formatCents(plan.amountCents)]] as const) : []),
      ...(plan.periodEnd ? ([['Next charge', plan.periodEnd]] as const) : []),
    ],
    actions: [accountAction(plan.siteUrl)],
    after: [
      "No contract: cancel any time, with 30 days' notice before your next visit, in the billing portal on your account page, by e-mail or by phone. Your plan then runs to the end of the period you have paid for.",
    ],
  });
}

/**
 * Plan changed: the new plan, billing, its price per period and renewal date. The card provider
 * prorates the change, so no amount here is said to be charged; the account page shows the next charge.
 */
export function planChangedMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `Your plan is now ${plan.planName} (${plan.periodName})`,
    preheader: `Your plan is now ${plan.planName}, billed ${plan.periodName}. The change takes effect at once.`,
    greeting: greet(plan.name),
    paragraphs: [
      'Your Autopilot plan has changed. The change takes effect at once.',
      "The card provider prorates it: the unused part of what you had paid is credited against the new plan, so what it charges now, or keeps as a credit for your next payments, is not the plan's price.",
    ],
    details: [
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...planPrice(plan),
      ...(plan.periodEnd ? ([['Renews on', plan.periodEnd]] as const) : []),
    ],
    actions: [accountAction(plan.siteUrl)],
    after: ['Your account page shows your next charge.', `Questions? Call ${SITE.phone.display}.`],
  });
}

/**
 * Plan cancelled: when it ends, and that nothing more is charged. `periodEnd` null: it has
 * already ended (cancelled at once, or its payment could not be collected).
 */
export function planCancelledMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `Your ${plan.planName} plan is cancelled`,
    greeting: greet(plan.name),
    paragraphs: [
      plan.periodEnd
        ? `Your ${plan.planName} plan is cancelled. It stays active until ${plan.periodEnd}, with its visits in the period you have paid for, then ends. Nothing more is charged.`
        : `Your ${plan.planName} plan is cancelled and has ended. Nothing more is charged.`,
      `Changed your mind? Resubscribe any time, or call ${SITE.phone.display}.`,
    ],
    details: [
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...(plan.periodEnd ? ([['Ends on', plan.periodEnd]] as const) : []),
    ],
    actions: [{ label: 'See the plans', url: `${plan.siteUrl}/#autopilot` }],
  });
}

/** Plan kept: a cancellation undone, so the plan continues and renews on its date. */
export function planResumedMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `Your ${plan.planName} plan continues`,
    greeting: greet(plan.name),
    paragraphs: [
      plan.periodEnd
        ? `Your ${plan.planName} plan is no longer set to cancel. It continues as before and renews on ${plan.periodEnd}.`
        : `Your ${plan.planName} plan is no longer set to cancel. It continues as before and renews at the end of the current period.`,
    ],
    details: [
      ['Plan', plan.planName],
      ['Billing', plan.periodName],
      ...planPrice(plan),
      ...(plan.periodEnd ? ([['Renews on', plan.periodEnd]] as const) : []),
    ],
    actions: [accountAction(plan.siteUrl)],
  });
}

/**
 * A renewal payment that did not go through: the card provider tries again; the customer can
 * update the card with Manage billing or call. Until it is paid the account shows no active plan.
 */
export function planPaymentFailedMail(plan: PlanFacts): MailContent {
  return compose({
    subject: `The payment for your ${plan.planName} plan did not go through`,
    greeting: greet(plan.name),
    paragraphs: [
      `The payment for your ${plan.planName} plan did not go through. The card provider will try your card again over the next few days.`,
      `To sort it out, update your card with Manage billing on your account page, or call us at ${SITE.phone.display}.`,
      'Until the payment goes through, your account page shows no active plan. Once it is paid, your plan carries on as before.',
    ],
    details: [['Plan', plan.planName], ['Billing', plan.periodName], ...planPrice(plan)],
    actions: [accountAction(plan.siteUrl)],
  });
}

/** The guide asked for in a lead dialog: its link. */
export function guideMail(guide: { title: string; url: string }): MailContent {
  return compose({
    subject: `Your guide: ${guide.title}`,
    // Never the name typed: anyone can send this to any address (docs/product/emails.md#e-mails).
    greeting: greet(null),
    paragraphs: [`Here is the guide you asked for: ${guide.title}.`],
    actions: [{ label: 'Download the guide', url: guide.url }],
    after: [`Would you rather we did it for you? Call ${SITE.phone.display}.`],
  });
}

/**
 * A second plan cancelled and refunded (docs/product/plans.md#one-live-plan-per-customer): the words of
 * the payment page and the account, once the refund is made.
 */
export function secondPlanRefundedMail(input: {
  name: string | null;
  second: NamedPlan;
  kept: NamedPlan | null;
  refund: { cents: number; currency: string };
  siteUrl: string;
}): MailContent {
  return compose({
    subject: 'Your second Autopilot plan was cancelled and refunded',
    greeting: greet(input.name),
    paragraphs: [secondPlanMessage({ second: input.second, kept: input.kept, refund: input.refund })],
    actions: [accountAction(input.siteUrl)],
  });
}
