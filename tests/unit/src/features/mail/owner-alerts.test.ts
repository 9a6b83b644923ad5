import { describe, expect, test } from 'vitest';
import type { MailContent } from '@/features/mail/compose';
import { alertOfEvent, alertOfLead, ownerAlertMail } from '@/features/mail/owner-alerts';

const BOOKING = {
  event: 'booking.paid',
  orderNumber: 'ORD-E5F6G7H8',
  customerName: 'Sam Subscriber',
  email: 'sam@example.com',
  phone: '(417) 555-0100',
  address: '12 Elm St, Nixa, MO 65714',
  service: 'Dryer Vent Cleaning',
  amount: '$35.00',
  requestedDay: '2026-11-30',
  requestedWindow: 'Morning (8 AM-12 PM)',
  requested: 'Monday, November 30, Morning (8 AM-12 PM)',
  notes: 'Gate 4',
};

/** No web address in an e-mail's words: each is an action (docs/product/email-layout.md#the-layout). */
function expectNoAddressInWords(mail: MailContent): void {
  for (const words of [mail.layout.greeting, ...mail.layout.paragraphs, ...mail.layout.after]) {
    expect(words).not.toContain('http');
  }
}

describe('owner alerts (docs/product/emails.md#owner-alerts)', () => {
  test('a paid booking: what happened and what to do in one line, the details to act, the desk link', () => {
    const alert = alertOfEvent(BOOKING);
    expect(alert?.subject).toBe(
      'New booking: Dryer Vent Cleaning, Monday, November 30, Morning (8 AM-12 PM) (ORD-E5F6G7H8)',
    );
    expect(alert?.line).toBe('Sam Subscriber booked and paid for Dryer Vent Cleaning. Propose a time.');
    const mail = ownerAlertMail(alert!, 'https://www.example.com');
    expect(mail.text).toContain('Phone: (417) 555-0100');
    expect(mail.text).toContain('Address: 12 Elm St, Nixa, MO 65714');
    expect(mail.text).toContain('When: Monday, November 30, Morning (8 AM-12 PM)');
    expect(mail.text).toContain('Notes: Gate 4');
    expect(mail.text).toContain('Open the desk: https://www.example.com/owner');
    expect(mail.layout.actions).toEqual([{ label: 'Open the desk', url: 'https://www.example.com/owner' }]);
    // The inbox's summary: who did what and what to do, which the subject does not say.
    expect(mail.layout.preheader).toBe('Sam Subscriber booked and paid for Dryer Vent Cleaning. Propose a time.');
    expectNoAddressInWords(mail);
  });

  test('the desk link opens what the alert is about: the visit of a booking or a refund, the leads of a message', () => {
    const visitId = '3f0c5b2e-9a4d-4c1b-8e7f-0123456789ab';
    const booked = ownerAlertMail(alertOfEvent({ ...BOOKING, visitId })!, 'https://www.example.com');
    expect(booked.text).toContain(`Open the visit on the desk: https://www.example.com/owner/visits/${visitId}`);
    expect(booked.layout.actions).toEqual([
      { label: 'Open the visit on the desk', url: `https://www.example.com/owner/visits/${visitId}` },
    ]);
    expectNoAddressInWords(booked);
    // A visit id that is none opens the desk itself, and the button says so.
    const odd = ownerAlertMail(alertOfEvent({ ...BOOKING, visitId: 'v-1' })!, 'https://www.example.com');
    expect(odd.layout.actions).toEqual([{ label: 'Open the desk', url: 'https://www.example.com/owner' }]);
    const refunded = alertOfEvent({ event: 'order.refunded', visitId, amount: '$35.00', customerName: 'Sam' });
    expect(refunded?.target).toEqual({ visit: visitId });
    const message = alertOfLead('contact', { name: 'Zed', email: 'zed@example.com', phone: '417-555-0164' });
    const messageMail = ownerAlertMail(message!, 'https://www.example.com');
    expect(messageMail.text).toContain('Open the desk: https://www.example.com/owner?tab=leads');
    expect(messageMail.layout.actions).toEqual([
      { label: 'Open the desk', url: 'https://www.example.com/owner?tab=leads' },
    ]);
    expect(messageMail.layout.preheader).toBe('Zed sent a message through the contact form. Reply or call back.');
    expectNoAddressInWords(messageMail);
    const request = alertOfLead('plan-request', {
      fullName: 'Zed',
      planName: 'Autopilot Lite',
      billingPeriod: 'monthly',
    });
    expect(request?.target).toEqual({ tab: 'leads' });
  });

  test('a payment that landed for a full window says so and asks to move or confirm it', () => {
    const alert = alertOfEvent({ ...BOOKING, overCapacity: true });
    expect(alert?.subject).toMatch(/^Over capacity: Dryer Vent Cleaning/);
    expect(alert?.line).toContain('Move it to another window or confirm it.');
  });

  test.each([
    ['plan.started', 'Plan started: Autopilot Lite plan for Robin'],
    ['plan.changed', 'Plan changed: Robin is now on Autopilot Lite plan'],
    ['plan.cancelled', 'Plan cancelled: Autopilot Lite plan for Robin, ends Friday, December 25, 2026'],
    ['plan.resumed', 'Plan kept: Autopilot Lite plan for Robin'],
    ['plan.payment_failed', 'Payment failed: Autopilot Lite plan for Robin'],
    ['plan.refunded', 'Refund: $39.00 to Robin (ORD-1)'],
  ])('%s: %s', (event, subject) => {
    const alert = alertOfEvent({
      event,
      customerName: 'Robin',
      orderNumber: 'ORD-1',
      service: 'Autopilot Lite plan',
      amount: '$39.00',
      endsOn: 'Friday, December 25, 2026',
      requestedDay: 'evenings',
    });
    expect(alert?.subject).toBe(subject);
    const mail = ownerAlertMail(alert!, 'http://localhost:4321');
    expect(mail.text).toContain('When: Weekday afternoons (until 6 PM)');
    expect(mail.layout.preheader).toBe(alert?.line);
    expect(mail.text).toMatch(/^Open the desk: http:\/\/localhost:4321\/owner$/m);
    expectNoAddressInWords(mail);
  });

  test('extras paid (docs/product/extras.md#paid): the amount with the tip, the customer, the order, nothing to do, the visit', () => {
    const visitId = '3f0c5b2e-9a4d-4c1b-8e7f-0123456789ab';
    const alert = alertOfEvent({
      event: 'extras.paid',
      visitId,
      orderNumber: 'ORD-X9Y8Z7W6',
      customerName: 'Sam Subscriber',
      email: 'sam@example.com',
      phone: '(417) 555-0100',
      address: '12 Elm St, Nixa, MO 65714',
      service: 'Light Bulb Replacement',
      amount: '$53.50',
      amountCents: 5350,
      tipCents: 700,
      items: [
        { id: 'bulb-led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 3, amountCents: 2400 },
        { id: 'special-order', name: 'Special-order part: Globe', unitCents: 2250, qty: 1, amountCents: 2250 },
      ],
    });
    expect(alert?.subject).toBe('Extras paid: $53.50 (tip $7.00) by Sam Subscriber (ORD-X9Y8Z7W6)');
    expect(alert?.line).toBe('Sam Subscriber paid the extras of their visit. Nothing to do.');
    expect(alert?.target).toEqual({ visit: visitId });
    const mail = ownerAlertMail(alert!, 'https://www.example.com');
    expect(mail.text).toContain('Amount: $53.50');
    expect(mail.text).toContain('Tip: $7.00');
    expect(mail.text).toContain('Extras: 3 × LED bulb, standard (A19), 1 × Special-order part: Globe');
    expect(mail.text).toContain('Order: ORD-X9Y8Z7W6');
    expect(mail.text).toContain('Service: Light Bulb Replacement');
    expect(mail.text).toContain('Address: 12 Elm St, Nixa, MO 65714');
    expect(mail.text).toContain(`Open the visit on the desk: https://www.example.com/owner/visits/${visitId}`);
    expect(mail.layout.actions.map(({ label }) => label)).toEqual(['Open the visit on the desk']);
    expect(mail.layout.preheader).toBe('Sam Subscriber paid the extras of their visit. Nothing to do.');
    expectNoAddressInWords(mail);
  });

  test('extras paid without a tip, nor an amount in words: $0.00 and the amount from its cents', () => {
    const alert = alertOfEvent({
      event: 'extras.paid',
      email: 'sam@example.com',
      amountCents: 800,
      orderNumber: 'ORD-1',
    });
    expect(alert?.subject).toBe('Extras paid: $8.00 (tip $0.00) by sam@example.com (ORD-1)');
  });

  test("a second plan the site could not refund asks the owner to do it in the provider's dashboard", () => {
    const alert = alertOfEvent({
      event: 'plan.refund_failed',
      customerName: 'Ada Lovelace',
      orderNumber: 'ORD-PLAN0001',
      error: 'No such subscription',
    });
    expect(alert?.subject).toBe('Refund failed: second plan of Ada Lovelace (ORD-PLAN0001)');
    expect(alert?.line).toBe(
      "The site could not cancel and refund the second plan of Ada Lovelace: No such subscription. Cancel and refund it in the card provider's dashboard.",
    );
  });

  test("a cancellation's refund still pending after 2 minutes names the order and opens its visit", () => {
    const alert = alertOfEvent({
      event: 'order.refund_pending',
      visitId: 'b5d6c1e2-0000-4000-8000-000000000001',
      customerName: 'Ada Lovelace',
      orderNumber: 'ORD-E5F6G7H8',
      amount: '$35.00',
    });
    expect(alert?.subject).toBe('Refund pending: $35.00 to Ada Lovelace (ORD-E5F6G7H8)');
    expect(alert?.line).toMatch(/^A cancellation's refund has not been recorded for 2 minutes/);
    expect(alert?.target).toEqual({ visit: 'b5d6c1e2-0000-4000-8000-000000000001' });
  });

  test('a plan visit due and unconfirmed asks for a call; a visit done sends none', () => {
    const alert = alertOfEvent({
      event: 'visit.due',
      customerName: 'Ada Lovelace',
      phone: '(417) 555-0177',
      service: 'Autopilot Full quarterly visit',
      dueDate: '2026-12-04',
      requestedDay: 'Friday, December 4, 2026',
    });
    expect(alert?.subject).toBe('Visit due: Autopilot Full quarterly visit for Ada Lovelace, due Fri, Dec 4');
    expect(alert?.line).toBe(
      'The Autopilot Full quarterly visit of Ada Lovelace is due Fri, Dec 4 and no time is agreed yet. Call to confirm it.',
    );
    expect(alert?.details).toContainEqual(['Phone', '(417) 555-0177']);
    expect(alertOfEvent({ event: 'visit.done', customerName: 'Ada Lovelace' })).toBeNull();
  });

  test("the customer's own move and cancel (docs/product/visits.md#changing-a-visit) say what changed and what to do", () => {
    const moved = alertOfEvent({
      ...BOOKING,
      event: 'visit.moved',
      by: 'customer',
      requested: 'Tuesday, December 1, 2026, afternoon (12-6 PM)',
      previousDay: '2026-11-30',
    });
    expect(moved?.subject).toBe(
      'Visit moved by customer: Dryer Vent Cleaning for Sam Subscriber, now Tuesday, December 1, 2026, afternoon (12-6 PM)',
    );
    expect(moved?.line).toBe(
      'Sam Subscriber moved the Dryer Vent Cleaning to Tuesday, December 1, 2026, afternoon (12-6 PM). Propose a time.',
    );
    expect(moved?.details).toContainEqual(['When', 'Tuesday, December 1, 2026, afternoon (12-6 PM)']);
    const cancelled = alertOfEvent({ ...BOOKING, event: 'visit.cancelled', by: 'customer', refundedCents: 3500 });
    expect(cancelled?.subject).toBe(
      'Visit cancelled by customer: Dryer Vent Cleaning for Sam Subscriber, Monday, November 30, Morning (8 AM-12 PM)',
    );
    expect(cancelled?.line).toBe(
      'Sam Subscriber cancelled the Dryer Vent Cleaning of Monday, November 30, Morning (8 AM-12 PM); the booking was refunded in full. The place in that window is free again.',
    );
    expect(alertOfEvent({ ...BOOKING, event: 'visit.cancelled', refundedCents: 0 })?.line).not.toContain('refunded');
  });

  test("the customer's answers to a proposed time (docs/product/visits.md#proposed-times) open the visit", () => {
    const visit = { ...BOOKING, visitId: '6f1c1e2a-0000-4000-8000-000000000001', by: 'customer' };
    const confirmed = alertOfEvent({
      ...visit,
      event: 'visit.confirmed',
      requestedDay: '2026-12-08',
      startLabel: '9:30 AM',
    });
    expect(confirmed?.subject).toBe('Time confirmed: Sam Subscriber, Tue, Dec 8 at 9:30 AM');
    expect(confirmed?.line).toBe(
      'Sam Subscriber confirmed the Dryer Vent Cleaning for Tue, Dec 8 at 9:30 AM. Nothing to do: it is on the desk as confirmed.',
    );
    expect(confirmed?.target).toEqual({ visit: visit.visitId });
    const another = alertOfEvent({
      ...visit,
      event: 'visit.another_time',
      requested: 'Tuesday, December 8, 2026, afternoon (12-6 PM)',
      proposedStart: '09:30',
      note: 'After 1 please',
    });
    expect(another?.subject).toBe('Another time asked: Sam Subscriber, Tuesday, December 8, 2026, afternoon (12-6 PM)');
    expect(another?.line).toBe(
      'Sam Subscriber asked for another time than 9:30 AM for the Dryer Vent Cleaning, now Tuesday, December 8, 2026, afternoon (12-6 PM): "After 1 please" Propose another time.',
    );
    expect(alertOfEvent({ ...visit, event: 'visit.another_time', requested: 'x', note: '' })?.line).toMatch(
      /the one proposed for the Dryer Vent Cleaning, now x\. Propose another time\.$/,
    );
  });

  test("a customer's text (docs/product/texts.md#replies): 'Text from <customer>: <text>', opening the visit; a stranger goes by the number", () => {
    const alert = alertOfEvent({
      event: 'text.received',
      visitId: 'v-1',
      customerName: 'Ada Park',
      email: 'ada@example.com',
      service: 'Dryer Vent Cleaning',
      from: '+14175550142',
      text: 'Can you come\nafter 10?',
    });
    expect(alert?.subject).toBe('Text from Ada Park: Can you come after 10?');
    expect(alert?.line).toBe('Ada Park texted: "Can you come after 10?" Answer from the desk or call.');
    expect(alert?.details).toContainEqual(['Phone', '+14175550142']);
    expect(alert?.details).toContainEqual(['Message', 'Can you come\nafter 10?']);
    expect(alert?.target).toEqual({ visit: 'v-1' });
    const stranger = alertOfEvent({ event: 'text.received', visitId: '', from: '+14175550177', text: 'Who is this?' });
    expect(stranger?.subject).toBe('Text from +14175550177: Who is this?');
    expect(stranger?.target).toBeUndefined();
  });

  test('a renewal paid, a guide download and an unknown event send no alert', () => {
    expect(alertOfEvent({ event: 'plan.renewed' })).toBeNull();
    expect(alertOfEvent({})).toBeNull();
    expect(alertOfLead('download', { email: 'a@example.com' })).toBeNull();
  });

  test('a contact message and a plan request, with the phone and address where there is one', () => {
    const contact = alertOfLead('contact', {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '417-555-0101',
      message: 'Hi',
    });
    expect(contact?.subject).toBe('Contact message from Ada');
    expect(contact?.details).toContainEqual(['Phone', '417-555-0101']);
    expect(contact?.details).toContainEqual(['Message', 'Hi']);
    const request = alertOfLead('plan-request', {
      fullName: 'Bo',
      planName: 'Autopilot Full',
      billingPeriod: 'annual',
      phone: '417-555-0102',
      address: '1 Main St',
      city: 'Ozark',
      state: 'MO',
      zip: '65721',
      quotedPrice: '$420 per year',
      preferredDay: '',
    });
    expect(request?.subject).toBe('Plan request from Bo: Autopilot Full (annual)');
    expect(request?.details).toContainEqual(['Address', '1 Main St, Ozark, MO 65721']);
    expect(request?.details.map(([label]) => label)).not.toContain('When');
  });
});
