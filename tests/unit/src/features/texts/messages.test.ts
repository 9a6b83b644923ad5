import { describe, expect, test } from 'vitest';
import {
  bookingReceivedText,
  isGsmText,
  onMyWayText,
  payRequestText,
  SEGMENT_CHARACTERS,
  visitConfirmedText,
  visitDoneText,
  visitMovedText,
  visitProposedText,
  visitReminderText,
  type VisitTextFacts,
} from '../../../../../src/features/texts/messages.ts';
import { PLAN_CONSENT_WORDING, VISIT_CONSENT_WORDING } from '../../../../../src/features/texts/consent.ts';
import { withPrefix } from '../../../../../functions/_lib/texts/queue.ts';

/** Tue, Dec 8, 2026: a dryer vent cleaning, requested for the morning. */
const REQUESTED: VisitTextFacts = { service: 'Dryer Vent Cleaning', day: '2026-12-08', window: 'morning', start: null };
const CONFIRMED = { ...REQUESTED, start: '09:30' };
const LINK = 'https://springfieldhome.example/visit?t=eyJwIjoicmVzY2hlZHVsZSJ9.abc';

describe('the texts about a visit (docs/product/texts.md#what-is-texted)', () => {
  test('a booking is paid', () => {
    expect(bookingReceivedText(REQUESTED)).toBe(
      'We got your booking: Dryer Vent Cleaning, Tue, Dec 8, Morning (8 AM-12 PM). We will text you a time to confirm.',
    );
  });

  test('a time is proposed: the time twice and the phone', () => {
    expect(visitProposedText(REQUESTED, '09:30')).toBe(
      'We propose Tue, Dec 8 at 9:30 AM for Dryer Vent Cleaning. Reply Y to confirm 9:30 AM, or call (417) 555-0142.',
    );
  });

  test('the time is confirmed', () => {
    expect(visitConfirmedText(CONFIRMED)).toBe('Confirmed: Dryer Vent Cleaning on Tue, Dec 8 at 9:30 AM.');
  });

  test('the visit is moved: the time when confirmed, else the window, and the reschedule link', () => {
    expect(visitMovedText({ ...CONFIRMED, day: '2026-12-10', start: '14:15' }, LINK)).toBe(
      `Your visit is moved to Thu, Dec 10, 2:15 PM. Change it: ${LINK}`,
    );
    expect(visitMovedText({ ...REQUESTED, window: 'saturday', day: '2026-12-12' }, LINK)).toBe(
      `Your visit is moved to Sat, Dec 12, Saturday (9 AM-4 PM). Change it: ${LINK}`,
    );
  });

  test('the visit is moved without a link secret: it says to call', () => {
    expect(visitMovedText(REQUESTED, null)).toBe(
      'Your visit is moved to Tue, Dec 8, Morning (8 AM-12 PM). Change it: call (417) 555-0142.',
    );
  });

  test('the reminder at 5 PM: the time, else the window', () => {
    expect(visitReminderText(CONFIRMED)).toBe('Reminder: we come tomorrow, 9:30 AM.');
    expect(visitReminderText({ ...REQUESTED, window: 'afternoon' })).toBe(
      'Reminder: we come tomorrow, Afternoon (12-6 PM).',
    );
  });

  test('on my way, with the minutes', () => {
    expect(onMyWayText(25)).toBe('On my way: I will be there in about 25 minutes.');
  });

  test('done', () => {
    expect(visitDoneText({ service: 'Autopilot Full' })).toBe('Your Autopilot Full visit is done. Thank you!');
  });

  test('a pay request (docs/product/extras.md#the-pay-link): the extras counted, the total, the pay link', () => {
    const pay = 'https://springfieldhome.example/pay?t=eyJwIjoicGF5In0.abc';
    expect(payRequestText({ count: 4, amountCents: 4650, payUrl: pay })).toBe(
      `Your visit used 4 extras, $46.50. Pay (tip optional): ${pay}`,
    );
    expect(payRequestText({ count: 1, amountCents: 800, payUrl: pay })).toBe(
      `Your visit used 1 extra, $8.00. Pay (tip optional): ${pay}`,
    );
    expect(withPrefix(payRequestText({ count: 4, amountCents: 4650, payUrl: pay }), false)).toBe(
      `Springfield Home: Your visit used 4 extras, $46.50. Pay (tip optional): ${pay}`,
    );
  });
});

describe('one segment where it can (docs/product/texts.md#what-is-texted)', () => {
  // The longest of each part the texts name: the longest service and plan names, a two-digit day
  // of the longest month name, the longest window label, a start of two digits, 180 minutes.
  const LONGEST: VisitTextFacts & { start: string } = {
    service: 'Smoke Detector Batteries',
    day: '2026-12-30',
    window: 'morning',
    start: '10:45',
  };
  const requested = { ...LONGEST, start: null };
  const bodies = {
    'booking received': bookingReceivedText(requested),
    proposed: visitProposedText(requested, '10:45'),
    confirmed: visitConfirmedText(LONGEST),
    'moved (no link)': visitMovedText(requested, null),
    reminder: visitReminderText(requested),
    'on my way': onMyWayText(180),
    done: visitDoneText({ service: 'Autopilot Full' }),
  };
  // As the texts outbox sends them: the first text to a number, and every later one.
  const first = (body: string) => withPrefix(body, true);
  const later = (body: string) => withPrefix(body, false);

  test('every text is of the GSM alphabet, so a segment holds 160 characters', () => {
    for (const body of Object.values(bodies)) expect(isGsmText(first(body)), body).toBe(true);
    expect(isGsmText('Curly ’quotes’')).toBe(false);
  });

  test('with the later prefix every text is one segment, the longest parts named', () => {
    for (const [name, body] of Object.entries(bodies)) {
      expect(later(body).length, name).toBeLessThanOrEqual(SEGMENT_CHARACTERS);
    }
  });

  test('as a first text, all but the booking and the proposal are one segment; those two are 182 characters', () => {
    const lengths = Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, first(body).length]));
    expect(lengths).toEqual({
      'booking received': 182,
      proposed: 182,
      confirmed: 128,
      'moved (no link)': 154,
      reminder: 114,
      'on my way': 113,
      done: 110,
    });
  });

  test('the moved text carries its link whole, however long: allowed past one segment', () => {
    const link = `https://springfieldhome.example/visit?t=${'x'.repeat(160)}`;
    expect(later(visitMovedText(requested, link)).endsWith(` Change it: ${link}`)).toBe(true);
  });
});

describe('the consent box (docs/product/texts.md#consent)', () => {
  test('the wording of the booking card and of the plan visit details', () => {
    expect(VISIT_CONSENT_WORDING).toBe(
      'Text me about this visit (booking, reminders, on my way). Msg & data rates may apply. Reply STOP to stop.',
    );
    expect(PLAN_CONSENT_WORDING).toBe(VISIT_CONSENT_WORDING.replace('about this visit', "about my plan's visits"));
  });
});
