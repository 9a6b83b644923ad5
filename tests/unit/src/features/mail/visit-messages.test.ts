import { describe, expect, test } from 'vitest';
import { bookingConfirmedMail } from '@/features/mail/messages';
import {
  changeActions,
  changeLines,
  refundIssuedMail,
  visitCancelledMail,
  visitConfirmedMail,
  visitMovedMail,
  visitProposedMail,
  visitReminderMail,
  visitReportMail,
  type VisitFacts,
} from '@/features/mail/visit-messages';
import { SITE } from '@/site';
import { actionsOf, expectNoAddressInWords } from './words';

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
  test('both links as actions, the 24-hour rule in words; without links, the phone', () => {
    expect(changeActions(LINKS)).toEqual([
      { label: 'Reschedule', url: LINKS.reschedule },
      { label: 'Cancel', url: LINKS.cancel },
    ]);
    expect(changeLines(LINKS)).toEqual([
      `You can reschedule or cancel the visit yourself up to 24 hours before it (a full refund when you cancel a booking). Within 24 hours of the visit, please call ${SITE.phone.display}.`,
    ]);
    expect(changeActions(null)).toEqual([]);
    expect(changeLines(null)).toEqual([
      `To change it, call ${SITE.phone.display} or reply to this e-mail with your order number.`,
    ]);
    const moved = visitMovedMail(VISIT);
    expect(moved.text).toContain(`Reschedule: ${LINKS.reschedule}`);
    expect(actionsOf(moved)).toEqual([
      ['Reschedule', LINKS.reschedule],
      ['Cancel', LINKS.cancel],
      ['Your account', 'https://www.example.com/account'],
    ]);
    expectNoAddressInWords(moved);
    const confirmed = visitConfirmedMail({ ...VISIT, confirmed: { start: '13:30', end: '14:30' } });
    expect(confirmed.text).toContain(
      `Reschedule: ${LINKS.reschedule}\nCancel: ${LINKS.cancel}\nYour account: https://www.example.com/account\n`,
    );
    expect(actionsOf(confirmed).map(([label]) => label)).toEqual(['Reschedule', 'Cancel', 'Your account']);
    expectNoAddressInWords(confirmed);
    const unlinked = visitConfirmedMail({ ...VISIT, links: null });
    expect(actionsOf(unlinked)).toEqual([['Your account', 'https://www.example.com/account']]);
    expect(unlinked.text).toContain('To change it, call');
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
    expect(mail.layout.preheader).toBe(
      'We are coming tomorrow, Tuesday, December 1, 2026, afternoon (12-6 PM), for your Dryer Vent Cleaning.',
    );
    expect(actionsOf(mail).map(([label]) => label)).toEqual(['Reschedule', 'Cancel', 'Your account']);
    expectNoAddressInWords(mail);
  });

  test('a proposed time still unanswered: how to answer it (docs/product/visits.md#proposed-times)', () => {
    const mail = visitReminderMail({ ...VISIT, proposedStart: '13:30' });
    expect(mail.text).toContain(
      'We proposed 1:30 PM: please confirm it, or ask for another time, from our e-mail with the subject "Proposed time", or call (417) 555-0142.',
    );
    expect(mail.text).not.toContain('We will send you a proposed time');
    expectNoAddressInWords(mail);
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
    expect(actionsOf(full)).toEqual([]);
    expectNoAddressInWords(full);
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

describe('a proposed time (docs/product/visits.md#proposed-times)', () => {
  const PROPOSAL = { confirm: 'https://www.example.com/visit?t=y.1', another: 'https://www.example.com/visit?t=a.1' };

  test("'Confirm <time>' first, then 'Ask for another time', the visit's links and the account", () => {
    const mail = visitProposedMail(VISIT, '09:30', PROPOSAL);
    expect(mail.subject).toBe('Proposed time: Tuesday, December 1, 2026, 9:30 AM (ORD-E5F6G7H8)');
    expect(actionsOf(mail)).toEqual([
      ['Confirm 9:30 AM', PROPOSAL.confirm],
      ['Ask for another time', PROPOSAL.another],
      ['Reschedule', LINKS.reschedule],
      ['Cancel', LINKS.cancel],
      ['Your account', 'https://www.example.com/account'],
    ]);
    expect(mail.text).toContain('We propose Tuesday, December 1, 2026 at 9:30 AM for your visit.');
    expect(mail.text).toContain(`Please confirm it, or ask for another time, or call ${SITE.phone.display}.`);
    expect(mail.text).toContain(`Confirm 9:30 AM: ${PROPOSAL.confirm}\nAsk for another time: ${PROPOSAL.another}\n`);
    expect(mail.layout.preheader).toBe(
      'We propose Tuesday, December 1, 2026 at 9:30 AM for your visit. Confirm it with one tap, or ask for another time.',
    );
    expectNoAddressInWords(mail);
  });

  test('its reminder says so first; without links, a call or a reply and no proposal actions', () => {
    const reminder = visitProposedMail(VISIT, '09:30', PROPOSAL, true);
    expect(reminder.subject).toBe('Reminder: proposed time: Tuesday, December 1, 2026, 9:30 AM (ORD-E5F6G7H8)');
    expect(reminder.layout.paragraphs[0]).toBe('We have not heard from you about this time.');
    expect(reminder.layout.preheader).toMatch(
      /^We have not heard from you about Tuesday, December 1, 2026 at 9:30 AM\./,
    );
    expectNoAddressInWords(reminder);
    const unlinked = visitProposedMail({ ...VISIT, links: null }, '09:30', null);
    expect(unlinked.text).toContain(
      `To confirm it or ask for another time, call ${SITE.phone.display} or reply to this e-mail.`,
    );
    expect(actionsOf(unlinked)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(unlinked);
  });
});

describe('a visit cancelled and a visit report', () => {
  test("cancelled: 'Book again' to the services", () => {
    const mail = visitCancelledMail(VISIT, 3500, '');
    expect(mail.text).toContain('Your payment of $35.00 has been refunded to your card');
    expect(actionsOf(mail)).toEqual([['Book again', 'https://www.example.com/#services']]);
    expect(mail.text).toContain('Book again: https://www.example.com/#services');
    expectNoAddressInWords(mail);
  });

  test('the report: what was done, what comes next, the account as its action', () => {
    const mail = visitReportMail(VISIT, {
      service: 'Autopilot Lite quarterly visit',
      day: '2026-12-01',
      items: [{ item: 'Replace the air filter', done: true }],
      filterSizes: ['16x25x1'],
      detectorsTested: 3,
      note: 'All good',
      next: 'Next visit due Monday, March 1, 2027: we will call to set the day and time.',
    });
    expect(mail.text).toContain("Technician's note: All good");
    expect(mail.text).toContain('Done: Replace the air filter');
    expect(mail.layout.preheader).toBe(
      'Done on Tuesday, December 1, 2026. Next visit due Monday, March 1, 2027: we will call to set the day and time.',
    );
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
});
