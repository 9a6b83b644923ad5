/**
 * One sample of every e-mail the site sends (docs/product/email-layout.md#reading-well-everywhere),
 * by kind, built by the same functions the outbox's callers use, with realistic, long facts: a
 * long name and address, the ~200-character signed links. Typed by the outbox's kinds, so a new
 * kind without a sample does not compile. The marketing kinds carry their unsubscribe line as the
 * outbox adds it.
 */
import type { MailKind } from '../../functions/_lib/platform/mail.ts';
import type { MailContent } from '../../src/features/mail/compose.ts';
import {
  bookingConfirmedMail,
  guideMail,
  planCancelledMail,
  planChangedMail,
  planPaymentFailedMail,
  planResumedMail,
  planStartedMail,
  secondPlanRefundedMail,
  type PlanFacts,
} from '../../src/features/mail/messages.ts';
import {
  refundIssuedMail,
  visitCancelledMail,
  visitConfirmedMail,
  visitMovedMail,
  visitProposedMail,
  visitReminderMail,
  visitReportMail,
  type VisitFacts,
} from '../../src/features/mail/visit-messages.ts';
import { reviewRequestMail } from '../../src/features/mail/review-request.ts';
import { alertOfEvent, alertOfLead, ownerAlertMail } from '../../src/features/mail/owner-alerts.ts';
import { morningListMail } from '../../src/features/mail/morning-list.ts';
import { extrasReceiptMail, payReminderMail, payRequestMail } from '../../src/features/mail/extras-messages.ts';
import { coveringPlan, serviceDueFollowUpMail, serviceDueMail } from '../../src/features/mail/due-again.ts';
import { unsubscribeLinks, withUnsubscribeLine } from '../../src/features/mail/unsubscribe.ts';
import { visit } from '../unit/src/features/owner/visit-fixture.ts';

export const SITE_URL = 'https://www.springfieldhome.example';

/** A signed link as long as the site's (a visit id, a purpose, an expiry and an HMAC). */
function signed(path: string, purpose: string): string {
  return `${SITE_URL}${path}?t=${purpose}.${'v1c2d3e4f5a6b7c8d9e0'.repeat(4)}.${'Zm9vYmFyYmF6cXV4'.repeat(5)}`;
}

const LINKS = { reschedule: signed('/visit', 'reschedule'), cancel: signed('/visit', 'cancel') };

const VISIT: VisitFacts = {
  name: 'Maria Fernanda Gutierrez-Whitfield',
  orderNumber: 'SHM-20261207-4821',
  service: 'Dryer Vent Cleaning',
  address: '12345 West Republic Road, Apartment 1208B, Springfield, MO 65807',
  date: '2026-12-10',
  window: 'morning',
  confirmed: { start: '09:30', end: '10:30' },
  sequence: 2,
  siteUrl: SITE_URL,
  links: LINKS,
  proposedStart: null,
};

const PLAN: PlanFacts = {
  name: VISIT.name,
  planName: 'Autopilot Full',
  periodName: 'monthly',
  per: 'month',
  amountCents: 5900,
  periodEnd: 'January 7, 2027',
  siteUrl: SITE_URL,
};

const EXTRAS = {
  name: VISIT.name,
  orderNumber: 'SHM-20261207-4822',
  service: 'Light Bulb Replacement',
  day: '2026-12-07',
  address: VISIT.address,
  items: [
    { id: 'led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 3, amountCents: 2400 },
    {
      id: 'special-order',
      name: 'Special-order part: dimmable candelabra bulbs, frosted',
      unitCents: 850,
      qty: 1,
      amountCents: 850,
    },
  ],
  amountCents: 3250,
  note: 'Two of the hallway fixtures needed the smaller base; the rest were standard.',
  payUrl: signed('/pay', 'pay'),
  siteUrl: SITE_URL,
};

const OWNER_VISIT = visit('3f0c5b2e-9a4d-4c1b-8e7f-0123456789ab', {
  status: 'confirmed',
  date: '2026-12-07',
  start: '09:30',
  end: '10:30',
  orderNumber: VISIT.orderNumber,
  customer: { name: VISIT.name ?? '', email: 'maria.gutierrez.whitfield@example.com', phone: '(417) 555-0100' },
  address: { street: '12345 West Republic Road, Apartment 1208B', city: 'Springfield', zip: '65807' },
  notes: 'Gate code 4821; the dog is friendly.',
  route: 1,
});

/** The payload fields owner events carry. */
const EVENT = {
  customerName: VISIT.name,
  email: 'maria.gutierrez.whitfield@example.com',
  phone: '(417) 555-0100',
  address: VISIT.address,
  service: 'Dryer Vent Cleaning',
  requested: 'Thursday, December 10, morning (8 AM-12 PM)',
  amount: '$35.00',
  orderNumber: VISIT.orderNumber,
  notes: 'Gate code 4821; the dog is friendly.',
  visitId: 'v1',
  planName: 'Autopilot Full',
  amountCents: 3250,
  tipCents: 490,
  items: EXTRAS.items,
  start: '09:30',
  date: '2026-12-10',
  body: 'Can you come a little later, around 11? I have a meeting at 9.',
  reason: 'Customer asked to cancel',
};

/** The owner events that alert the owner (docs/product/emails.md#owner-events). */
export const OWNER_EVENTS = [
  'booking.paid',
  'plan.started',
  'plan.changed',
  'plan.cancelled',
  'plan.resumed',
  'plan.payment_failed',
  'order.refunded',
  'plan.refunded',
  'extras.paid',
  'plan.refund_failed',
  'order.refund_pending',
  'visit.due',
  'visit.moved',
  'visit.confirmed',
  'visit.another_time',
  'visit.cancelled',
  'text.received',
] as const;

function marketing(mail: MailContent): MailContent {
  return withUnsubscribeLine(mail, unsubscribeLinks(SITE_URL, 'u'.repeat(43)).page);
}

function ownerAlerts(): MailContent[] {
  const alerts = [
    ...OWNER_EVENTS.map((event) => alertOfEvent({ event, ...EVENT })),
    alertOfLead('contact', {
      name: 'Jordan Lee',
      phone: '(417) 555-0199',
      email: 'jordan@example.com',
      service: 'Smoke Detector Service',
      message: 'Three detectors chirp in the upstairs hallway. Could you come this week?',
    }),
    alertOfLead('plan-request', {
      fullName: 'Jordan Lee',
      phone: '(417) 555-0199',
      email: 'jordan@example.com',
      address: '400 South Main Street',
      city: 'Nixa',
      state: 'MO',
      zip: '65714',
      planName: 'Autopilot Lite',
      billingPeriod: 'monthly',
      preferredDay: 'weekday-morning',
      quotedPrice: '$39.00',
      specialInstructions: 'Two furnaces, one in the basement.',
    }),
  ];
  return alerts.flatMap((alert) => (alert ? [ownerAlertMail(alert, SITE_URL)] : []));
}

/** Every kind the outbox sends, with its samples. */
export const MAIL_SAMPLES: Record<MailKind, () => MailContent[]> = {
  'booking-confirmed': () => [
    bookingConfirmedMail({
      name: VISIT.name,
      orderNumber: VISIT.orderNumber,
      description: 'Air Filter Replacement: 2 filters, premium (MERV 11), 16x25x1 and 20x25x1',
      serviceName: 'Air Filter Replacement',
      amountCents: 6500,
      visit: {
        date: VISIT.date,
        window: 'morning',
        phone: '(417) 555-0100',
        street: '12345 West Republic Road, Apartment 1208B',
        city: 'Springfield',
        zip: '65807',
        notes: 'Gate code 4821; the dog is friendly.',
      },
      siteUrl: SITE_URL,
      links: LINKS,
      receiptUrl: `https://pay.stripe.com/receipts/invoices/${'CAcQARoXChVhY2N0XzFQ'.repeat(5)}?s=ap`,
    }),
  ],
  'plan-started': () => [
    planStartedMail({ ...PLAN, orderNumber: 'SHM-20261207-4823', hasVisitDetails: false }),
    planStartedMail({ ...PLAN, orderNumber: 'SHM-20261207-4823', hasVisitDetails: true }),
  ],
  'plan-changed': () => [planChangedMail(PLAN)],
  'plan-cancelled': () => [planCancelledMail(PLAN), planCancelledMail({ ...PLAN, periodEnd: null })],
  'plan-resumed': () => [planResumedMail(PLAN)],
  'plan-payment-failed': () => [planPaymentFailedMail(PLAN)],
  'plan-refunded': () => [
    secondPlanRefundedMail({
      name: VISIT.name,
      second: { tier: 'full', billingPeriod: 'annual' },
      kept: { tier: 'lite', billingPeriod: 'monthly' },
      refund: { cents: 63000, currency: 'usd' },
      siteUrl: SITE_URL,
    }),
  ],
  'visit-proposed': () => [
    visitProposedMail({ ...VISIT, confirmed: null }, '09:30', {
      confirm: signed('/visit', 'confirm'),
      another: signed('/visit', 'another'),
    }),
    visitProposedMail(
      { ...VISIT, confirmed: null },
      '09:30',
      { confirm: signed('/visit', 'confirm'), another: signed('/visit', 'another') },
      true,
    ),
  ],
  'visit-confirmed': () => [visitConfirmedMail(VISIT)],
  'visit-moved': () => [visitMovedMail(VISIT), visitMovedMail({ ...VISIT, confirmed: null, proposedStart: '11:00' })],
  'visit-cancelled': () => [visitCancelledMail(VISIT, 3500, 'You cancelled it from the e-mail link.')],
  'visit-report': () => [
    visitReportMail(VISIT, {
      day: '2026-12-07',
      service: 'Autopilot Full quarterly visit',
      items: [
        { item: 'Replace HVAC air filters', done: true },
        { item: 'Test smoke and CO detectors', done: true },
        { item: 'Clean the dryer vent lint trap and hose', done: false },
      ],
      filterSizes: ['16x25x1', '20x25x1'],
      detectorsTested: 6,
      note: 'The upstairs detector is ten years old: we replaced it.',
      extras: EXTRAS.items,
      next: 'Your next visit is due by March 7, 2027. We will call to set the day.',
    }),
  ],
  'refund-issued': () => [
    refundIssuedMail({
      name: VISIT.name,
      orderNumber: VISIT.orderNumber,
      description: 'Dryer Vent Cleaning',
      refundedCents: 3500,
      full: true,
    }),
  ],
  guide: () => [
    marketing(
      guideMail({
        title: 'The Springfield Homeowner’s Air Filter Guide',
        url: `${SITE_URL}/downloads/air-filter-guide.pdf`,
      }),
    ),
  ],
  'review-request': () => [
    marketing(
      reviewRequestMail({
        name: VISIT.name,
        service: 'Dryer Vent Cleaning',
        day: '2026-12-07',
        reviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
      }),
    ),
  ],
  'owner-alert': ownerAlerts,
  'morning-list': () => [
    morningListMail(
      {
        day: '2026-12-07',
        visits: [
          OWNER_VISIT,
          {
            ...OWNER_VISIT,
            id: '4a1d6c3f-0b5e-4d2c-9f80-123456789abc',
            status: 'requested',
            start: null,
            end: null,
            route: 2,
          },
        ],
        toConfirm: 2,
        proposedUnanswered: 1,
        overdue: [
          {
            name: 'Jordan Lee',
            phone: '(417) 555-0199',
            service: 'Autopilot Lite quarterly visit',
            dueDate: '2026-12-01',
          },
        ],
        leads: [{ kind: 'contact', name: 'Jordan Lee', phone: '(417) 555-0199', email: 'jordan@example.com' }],
      },
      SITE_URL,
    ),
  ],
  'visit-reminder': () => [
    visitReminderMail(VISIT),
    visitReminderMail({ ...VISIT, confirmed: null, proposedStart: '09:30' }),
  ],
  'extras-pay': () => [payRequestMail(EXTRAS)],
  'extras-reminder': () => [payReminderMail(EXTRAS)],
  'extras-receipt': () => [
    extrasReceiptMail({
      ...EXTRAS,
      tipCents: 490,
      paidAt: '2026-12-07T18:30:00Z',
      receiptUrl: `https://pay.stripe.com/receipts/payment/${'CAcaFwoVYWNjdF8xUH'.repeat(5)}`,
    }),
  ],
  'service-due': () => [
    marketing(
      serviceDueMail({
        name: VISIT.name,
        service: 'Air Filter Replacement',
        doneDay: '2026-09-23',
        dueDay: '2026-12-07',
        bookAgainUrl: signed('/services/air-filter-replacement', 'book-again'),
        plan: coveringPlan('air-filter-replacement'),
        siteUrl: SITE_URL,
      }),
    ),
  ],
  'service-due-followup': () => [
    marketing(
      serviceDueFollowUpMail({
        name: null,
        service: 'Dryer Vent Cleaning',
        doneDay: '2025-12-01',
        dueDay: '2026-12-01',
        bookAgainUrl: signed('/services/dryer-vent-cleaning', 'book-again'),
        plan: coveringPlan('dryer-vent-cleaning'),
        siteUrl: SITE_URL,
      }),
    ),
  ],
};
