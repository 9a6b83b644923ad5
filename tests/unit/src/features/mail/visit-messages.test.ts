import { describe, expect, test } from 'vitest';
import { bookingConfirmedMail } from '@/features/mail/messages';
import {
  changeLines,
  refundIssuedMail,
  visitMovedMail,
  visitReminderMail,
  type VisitFacts,
} from '@/features/mail/visit-messages';
import { SITE } from '@/site';

const LINKS = { reschedule: 'https://www.example.com/visit?t=r.1', cancel: 'https://www.example.com/visit?t=c.1' };
const VISIT: VisitFacts = {
  name: 'Sam Subscriber',
  orderNumber: 'ORD-E5F6G7H8',
  service: 'Dryer Vent Cleaning',
  address: '12 Elm St, Nixa, MO 65714',
  date: '2026-12-01',
  window: 'afternoon',
  confirmed: null,
  sequence: 1,
  siteUrl: 'https://www.example.com',
  links: LINKS,
};

describe("a visit's e-mails carry its links (docs/product/visits.md#changing-a-visit)", () => {
  test('both links with the 24-hour rule; without links, the phone', () => {
    expect(changeLines(LINKS)).toEqual([
      'To move or cancel the visit yourself, up to 24 hours before it (a full refund when you cancel a booking):',
      `Reschedule: ${LINKS.reschedule}`,
      `Cancel: ${LINKS.cancel}`,
      `Within 24 hours of the visit, please call ${SITE.phone.display}.`,
    ]);
    expect(changeLines(null)).toEqual([
      `To change it, call ${SITE.phone.display} or reply to this e-mail with your order number.`,
    ]);
    const moved = visitMovedMail(VISIT);
    expect(moved.text).toContain(`Reschedule: ${LINKS.reschedule}`);
    expect(moved.html).toContain(`<a href="${LINKS.cancel}">`);
    const booked = bookingConfirmedMail({
      name: 'Sam',
      orderNumber: 'ORD-1',
      description: 'Dryer Vent Cleaning',
      serviceName: 'Dryer Vent Cleaning',
      amountCents: 3500,
      visit: {
        street: '12 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '(417) 555-0100',
        date: '2026-12-01',
        window: 'morning',
        notes: '',
      },
      siteUrl: 'https://www.example.com',
      links: LINKS,
    });
    expect(booked.text).toContain(`Cancel: ${LINKS.cancel}`);
    expect(booked.text).not.toContain('reply to this e-mail');
  });
});

describe('the reminder the day before (docs/product/emails.md#visit-reminder)', () => {
  test('the window while no time is agreed, the address and both links', () => {
    const mail = visitReminderMail(VISIT);
    expect(mail.subject).toBe(
      'Reminder: your visit tomorrow, Tuesday, December 1, 2026, afternoon (12-6 PM) (ORD-E5F6G7H8)',
    );
    expect(mail.text).toContain('This is a reminder that we are coming tomorrow.');
    expect(mail.text).toContain('We will send you a proposed time within that window.');
    expect(mail.text).toContain('12 Elm St, Nixa, MO 65714');
    expect(mail.text).toContain(`Reschedule: ${LINKS.reschedule}`);
    expect(mail.text).toContain(`Cancel: ${LINKS.cancel}`);
  });

  test('a proposed time still unanswered: how to answer it (docs/product/visits.md#proposed-times)', () => {
    const mail = visitReminderMail({ ...VISIT, proposedStart: '13:30' });
    expect(mail.text).toContain(
      'We proposed 1:30 PM: please confirm it, or ask for another time, from our e-mail with the subject "Proposed time", or call (417) 555-0142.',
    );
    expect(mail.text).not.toContain('We will send you a proposed time');
  });

  test('the confirmed time once agreed', () => {
    const mail = visitReminderMail({ ...VISIT, confirmed: { start: '13:30', end: '14:30' } });
    expect(mail.subject).toBe('Reminder: your visit tomorrow, Tuesday, December 1, 2026, 1:30 PM (ORD-E5F6G7H8)');
    expect(mail.text).not.toContain('We will send you a proposed time');
  });
});

describe('a refund issued (docs/product/visits.md#refunds)', () => {
  const refund = { name: 'Sam', orderNumber: 'ORD-1', description: 'Dryer Vent Cleaning', refundedCents: 3500 };

  test("a booking's full refund says its visit is cancelled; a part refund says nothing of it", () => {
    const full = refundIssuedMail({ ...refund, full: true });
    expect(full.subject).toBe('Refund issued (ORD-1)');
    expect(full.text).toContain('The order is refunded in full; its visit is cancelled.');
    expect(refundIssuedMail({ ...refund, full: true, kind: 'booking' }).text).toBe(full.text);
    expect(refundIssuedMail({ ...refund, full: false }).text).not.toContain('in full');
  });

  test("extras' full refund says the payment is refunded, not that a visit is cancelled (docs/product/extras.md#refunding-extras)", () => {
    const mail = refundIssuedMail({
      ...refund,
      description: 'Extras: 3 × LED bulb, standard (A19)',
      refundedCents: 2900,
      full: true,
      kind: 'extras',
    });
    expect(mail.text).toContain('The extras payment is refunded in full.');
    expect(mail.text).not.toContain('cancelled');
    expect(mail.text).toContain('We have refunded $29.00 of your order ORD-1 to your card');
  });
});
