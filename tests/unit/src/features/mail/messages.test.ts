import { describe, expect, test } from 'vitest';
import {
  bookingConfirmedMail,
  guideMail,
  planCancelledMail,
  planChangedMail,
  planPaymentFailedMail,
  planResumedMail,
  planStartedMail,
  secondPlanRefundedMail,
} from '@/features/mail/messages';
import { visitCalendarFile } from '@/features/mail/calendar';
import { actionsOf, expectNoAddressInWords } from './words';

const BOOKING = {
  name: 'Sam Subscriber',
  orderNumber: 'ORD-E5F6G7H8',
  description: 'Air Filter Replacement (Premium filter)',
  serviceName: 'Air Filter Replacement',
  amountCents: 3000,
  visit: {
    street: '12 Elm St',
    city: 'Nixa',
    zip: '65714',
    phone: '(417) 555-0100',
    date: '2026-11-30',
    window: 'morning' as const,
    notes: 'Gate code 1234 <b>',
  },
  siteUrl: 'https://www.example.com',
};

describe('the booking-confirmed e-mail', () => {
  const mail = bookingConfirmedMail(BOOKING);
  test('says the order number, what, amount, address, requested window and how to change it', () => {
    expect(mail.subject).toBe('Booking confirmed: Air Filter Replacement (Premium filter) (ORD-E5F6G7H8)');
    for (const part of [
      'Hello Sam Subscriber,',
      'Order number: ORD-E5F6G7H8',
      'Amount paid: $30.00',
      'Address: 12 Elm St, Nixa, MO 65714',
      'Requested: Monday, November 30, 2026, morning (8 AM-12 PM)',
      'We will send you a proposed time within a day: confirm it with one tap, or call us.',
      'To reschedule or cancel, call (417) 555-0142',
      'Springfield Home Maintenance',
    ]) {
      expect(mail.text).toContain(part);
    }
  });
  test('its preheader sums it up; the account is an action, no address in the words', () => {
    expect(mail.layout.preheader).toBe(
      'Paid $30.00 for Air Filter Replacement (Premium filter). We will propose a time within a day.',
    );
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expect(mail.text).toContain('Your account: https://www.example.com/account');
    expect(mail.layout.details).toContainEqual(['Notes', 'Gate code 1234 <b>']);
    expectNoAddressInWords(mail);
  });
  test("with the visit's links and the card provider's receipt: Reschedule, Cancel, Your account, Receipt", () => {
    const links = { reschedule: 'https://www.example.com/visit?t=r.1', cancel: 'https://www.example.com/visit?t=c.1' };
    const receipt = 'https://invoice.stripe.com/i/acct_1/test_abc';
    const full = bookingConfirmedMail({ ...BOOKING, links, receiptUrl: receipt });
    expect(actionsOf(full)).toEqual([
      ['Reschedule', links.reschedule],
      ['Cancel', links.cancel],
      ['Your account', 'https://www.example.com/account'],
      ['Receipt', receipt],
    ]);
    expect(full.text).toContain(
      `Reschedule: ${links.reschedule}\nCancel: ${links.cancel}\nYour account: https://www.example.com/account\nReceipt: ${receipt}\n`,
    );
    expect(full.text).toContain('You can reschedule or cancel the visit yourself up to 24 hours before it');
    expect(full.text).not.toContain('To reschedule or cancel, call');
    expectNoAddressInWords(full);
  });
  test('an .ics of the requested window, in Springfield time', () => {
    const [ics] = mail.attachments ?? [];
    expect(ics?.filename).toBe('ORD-E5F6G7H8.ics');
    expect(ics?.contentType).toContain('text/calendar');
    // 8 AM-12 PM Central (UTC-6 in November).
    expect(ics?.content).toContain('DTSTART:20261130T140000Z');
    expect(ics?.content).toContain('DTEND:20261130T180000Z');
    expect(ics?.content).toContain('LOCATION:12 Elm St\\, Nixa\\, MO 65714');
  });
});

describe('the calendar file of a Saturday visit', () => {
  test('a Saturday window', () => {
    const ics = visitCalendarFile({
      orderNumber: 'ORD-1',
      serviceName: 'Dryer Vent Cleaning',
      date: '2026-11-28',
      window: 'saturday',
      address: '1 Main St, Springfield, MO 65806',
    });
    expect(ics).toContain('DTSTART:20261128T150000Z');
    expect(ics).toContain('DTEND:20261128T220000Z');
  });
});

describe('plan and guide e-mails', () => {
  const plan = {
    name: null,
    planName: 'Autopilot Lite',
    periodName: 'monthly',
    per: 'month',
    amountCents: 3900,
    periodEnd: 'Friday, December 25, 2026',
    siteUrl: 'https://www.example.com',
  };
  test('plan started: plan, billing, amount, next charge, first visit and the 30-day notice rule', () => {
    const mail = planStartedMail({ ...plan, orderNumber: 'ORD-1', hasVisitDetails: true });
    for (const part of [
      'Hello,',
      'Plan: Autopilot Lite',
      'Billing: monthly',
      'Amount: $39.00',
      'Next charge: Friday, December 25, 2026',
      'we call you within 24 hours',
      "30 days' notice",
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toContain('We do not have your phone number');
    expect(mail.layout.preheader).toBe(
      'Your Autopilot Lite plan has started. We call you within 24 hours to set the day of your first visit.',
    );
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
  test('plan started without visit details (bought from the home page): asks for the phone and address we need to call', () => {
    const mail = planStartedMail({ ...plan, orderNumber: 'ORD-1', hasVisitDetails: false });
    expect(mail.text).toContain(
      'We do not have your phone number and address yet. Please add them under Visit details on your account page, or reply to this e-mail with them.',
    );
    expect(mail.text).toContain('Your account: https://www.example.com/account');
    expectNoAddressInWords(mail);
  });
  test('plan cancelled: when it ends and that nothing more is charged', () => {
    const mail = planCancelledMail(plan);
    expect(mail.subject).toBe('Your Autopilot Lite plan is cancelled');
    expect(mail.text).toContain('stays active until Friday, December 25, 2026');
    expect(mail.text).toContain('Nothing more is charged.');
    expect(mail.text).toContain('Changed your mind? Resubscribe any time, or call (417) 555-0142.');
    expect(actionsOf(mail)).toEqual([['See the plans', 'https://www.example.com/#autopilot']]);
    expectNoAddressInWords(mail);
  });
  test('plan cancelled at once, or ended unpaid: it has ended, with no end date to come', () => {
    const mail = planCancelledMail({ ...plan, periodEnd: null });
    expect(mail.text).toContain('Your Autopilot Lite plan is cancelled and has ended. Nothing more is charged.');
    expect(mail.text).not.toContain('stays active');
    expectNoAddressInWords(mail);
  });
  test('plan changed: the price per period and the renewal date, never an amount said to be charged', () => {
    const mail = planChangedMail({
      ...plan,
      planName: 'Autopilot Full',
      periodName: 'annual',
      per: 'year',
      amountCents: 63000,
    });
    expect(mail.subject).toBe('Your plan is now Autopilot Full (annual)');
    for (const part of [
      'Plan: Autopilot Full',
      'Billing: annual',
      'Plan price: $630.00 per year',
      'Renews on: Friday, December 25, 2026',
      'The card provider prorates it',
      'Your account page shows your next charge.',
      'Your account: https://www.example.com/account',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toMatch(/^Amount:/m);
    expect(mail.text).not.toContain('Next charge:');
    expect(mail.layout.preheader).toBe(
      'Your plan is now Autopilot Full, billed annual. The change takes effect at once.',
    );
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
  test('plan kept: it continues and renews on its date', () => {
    const mail = planResumedMail(plan);
    expect(mail.subject).toBe('Your Autopilot Lite plan continues');
    expect(mail.text).toContain(
      'no longer set to cancel. It continues as before and renews on Friday, December 25, 2026.',
    );
    expect(mail.text).toContain('Plan price: $39.00 per month');
    expect(mail.text).not.toContain('cancelled');
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
  test('payment failed: the provider tries again, update the card from the account page or call; no cancellation', () => {
    const mail = planPaymentFailedMail({ ...plan, name: 'Dana' });
    expect(mail.subject).toBe('The payment for your Autopilot Lite plan did not go through');
    for (const part of [
      'Hello Dana,',
      'The card provider will try your card again',
      'update your card with Manage billing on your account page, or call us at (417) 555-0142.',
      'Your account: https://www.example.com/account',
      'Until the payment goes through, your account page shows no active plan.',
      'Plan price: $39.00 per month',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toMatch(/cancel|Nothing more is charged/i);
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
  test('the guide: its link, and a greeting with no name (docs/product/emails.md#e-mails)', () => {
    const mail = guideMail({ title: 'Air Filter Schedule Guide', url: 'https://x.example/a.pdf' });
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('Here is the guide you asked for: Air Filter Schedule Guide.');
    expect(mail.text).toContain('Download the guide: https://x.example/a.pdf');
    expect(actionsOf(mail)).toEqual([['Download the guide', 'https://x.example/a.pdf']]);
    expectNoAddressInWords(mail);
  });
  test('a second plan refunded: the words of the page and the account as its action', () => {
    const mail = secondPlanRefundedMail({
      name: 'Dana',
      second: { tier: 'full', billingPeriod: 'monthly' },
      kept: { tier: 'lite', billingPeriod: 'monthly' },
      refund: { cents: 6900, currency: 'usd' },
      siteUrl: 'https://www.example.com',
    });
    expect(mail.text).toContain('Your Autopilot Lite (monthly) plan continues as it is.');
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
});
