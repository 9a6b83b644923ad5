/**
 * The owner's calendar feed as written (docs/product/calendar-feed.md#what-the-feed-holds): soonest
 * first, the customers' UIDs, a confirmed visit at its time and a requested one as its window, the
 * summary, place and description lines, two visits of one plan under two UIDs, and an empty feed.
 */
import { describe, expect, test } from 'vitest';
import {
  calendarFeed,
  calendarFeedUrl,
  CALENDAR_TOKEN_PATTERN,
} from '../../../../../functions/_lib/owner/calendar-feed.ts';
import type { VisitWithOrder } from '../../../../../functions/_lib/visits/store.ts';
import { visitCalendarFile, visitCalendarUid } from '../../../../../src/features/mail/calendar.ts';
import { deskPath } from '../../../../../src/features/visits/desk-link.ts';
import { icsEvents } from '../../../../support/ics.ts';

const ORIGIN = 'https://springfield-home.example';

function row(id: string, fields: Partial<VisitWithOrder> = {}): VisitWithOrder {
  return {
    id,
    order_id: 1,
    subscription_id: null,
    user_id: 'user',
    customer_name: 'Ann Archer',
    customer_email: 'ann@example.com',
    phone: '(417) 555-0142',
    street: '12 Elm St',
    city: 'Nixa',
    zip: '65714',
    service: 'dryer-vent-cleaning',
    options: {},
    day: '2026-12-08',
    time_window: 'morning',
    start_time: null,
    end_time: null,
    status: 'requested',
    notes: '',
    tech_notes: '',
    completion_note: null,
    completed_at: null,
    over_capacity: false,
    calendar_sequence: 0,
    plan_visit_no: null,
    due_date: null,
    plan_ending: false,
    checklist: [],
    filter_sizes: [],
    detectors_tested: null,
    proposed_start: null,
    proposed_at: null,
    proposal_reminded_at: null,
    time_note: null,
    due_again: null,
    created_at: new Date('2026-12-01T15:00:00Z'),
    updated_at: new Date('2026-12-01T15:00:00Z'),
    plan_tier: null,
    plan_filter_sizes: null,
    order_number: 'ORD-AAAA0001',
    amount_cents: 3500,
    refunded_cents: null,
    checkout_session_id: null,
    pay_request: null,
    ...fields,
  };
}

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('calendarFeed', () => {
  test('soonest first, each under the UID of the customer’s file', () => {
    const later = row(ID(1), { day: '2026-12-09', order_number: 'ORD-AAAA0001' });
    const afternoon = row(ID(2), { time_window: 'afternoon', order_number: 'ORD-AAAA0002' });
    const confirmed = row(ID(3), {
      status: 'confirmed',
      start_time: '09:30',
      end_time: '10:30',
      calendar_sequence: 2,
      order_number: 'ORD-AAAA0003',
    });
    const events = icsEvents(calendarFeed([later, afternoon, confirmed], ORIGIN));
    expect(events.map((e) => e['UID'])).toEqual([
      visitCalendarUid('ORD-AAAA0003'),
      visitCalendarUid('ORD-AAAA0002'),
      visitCalendarUid('ORD-AAAA0001'),
    ]);
    // The customer's own file of the confirmed visit: the same UID, times, status and sequence.
    const [own] = icsEvents(
      visitCalendarFile({
        orderNumber: 'ORD-AAAA0003',
        serviceName: 'Dryer Vent Cleaning',
        date: '2026-12-08',
        window: 'morning',
        address: '12 Elm St, Nixa, MO 65714',
        confirmed: { start: '09:30', end: '10:30' },
        sequence: 2,
      }),
    );
    for (const property of ['UID', 'DTSTART', 'DTEND', 'STATUS', 'SEQUENCE', 'LOCATION']) {
      expect(events[0]?.[property], property).toBe(own?.[property]);
    }
  });

  test('a confirmed visit at its time; a requested one as its window, with a standing proposal', () => {
    const [confirmed, requested] = icsEvents(
      calendarFeed(
        [
          row(ID(1), { status: 'confirmed', start_time: '09:30', end_time: '10:30', notes: ' Side gate ' }),
          row(ID(2), {
            time_window: 'afternoon',
            customer_name: null,
            customer_email: 'bo@example.com',
            proposed_start: '13:00',
            order_number: 'ORD-AAAA0002',
          }),
        ],
        ORIGIN,
      ),
    );
    // December: Central Standard Time, six hours behind UTC.
    expect(confirmed).toMatchObject({
      SUMMARY: 'Dryer Vent Cleaning – Ann Archer',
      DTSTART: '20261208T153000Z',
      DTEND: '20261208T163000Z',
      STATUS: 'CONFIRMED',
      LOCATION: '12 Elm St, Nixa, MO 65714',
      URL: `${ORIGIN}${deskPath({ visit: ID(1) })}`,
    });
    expect(confirmed?.['DESCRIPTION']?.split('\n')).toEqual([
      'Confirmed 9:30 AM-10:30 AM',
      'Phone: (417) 555-0142',
      'Order ORD-AAAA0001',
      'Notes: Side gate',
      `Open on the desk: ${ORIGIN}${deskPath({ visit: ID(1) })}`,
    ]);
    expect(requested).toMatchObject({
      SUMMARY: 'Dryer Vent Cleaning – bo@example.com',
      DTSTART: '20261208T180000Z',
      DTEND: '20261209T000000Z',
      STATUS: 'TENTATIVE',
    });
    expect(requested?.['DESCRIPTION']?.split('\n').slice(0, 3)).toEqual([
      'Requested: Afternoon (12-6 PM), no time yet',
      'Proposed 1:00 PM, no answer yet',
      'Phone: (417) 555-0142',
    ]);
  });

  test("a plan's visits: the plan's order and the visit's number; two to do under two UIDs", () => {
    const plan = { order_id: null, subscription_id: 'sub_1', service: 'lite', order_number: 'ORD-PLAN0001' };
    const events = icsEvents(
      calendarFeed(
        [
          row(ID(2), { ...plan, plan_visit_no: 3, day: '2026-12-10', phone: '' }),
          row(ID(1), { ...plan, plan_visit_no: 2, day: '2026-12-08' }),
        ],
        ORIGIN,
      ),
    );
    expect(events.map((e) => e['UID'])).toEqual([visitCalendarUid('ORD-PLAN0001'), visitCalendarUid('ORD-PLAN0001-3')]);
    expect(events[0]?.['SUMMARY']).toBe('Autopilot Lite quarterly visit – Ann Archer');
    expect(events[1]?.['DESCRIPTION']?.split('\n').slice(1, 3)).toEqual([
      'No phone yet',
      'Order ORD-PLAN0001, plan visit 3',
    ]);
  });

  test('no visit: an empty calendar, named, asking to be read again within the hour', () => {
    const ics = calendarFeed([], ORIGIN);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(ics).toContain('X-WR-CALNAME:Springfield Home Maintenance visits\r\n');
    expect(ics).toContain('X-PUBLISHED-TTL:PT1H\r\n');
    expect(ics).not.toContain('BEGIN:VEVENT');
  });
});

describe('the link', () => {
  test('the feed’s address with the token in its query', () => {
    const token = 'a'.repeat(43);
    expect(calendarFeedUrl(ORIGIN, token)).toBe(`${ORIGIN}/api/calendar?t=${token}`);
    expect(CALENDAR_TOKEN_PATTERN.test(token)).toBe(true);
    expect(CALENDAR_TOKEN_PATTERN.test(`${token}a`)).toBe(false);
    expect(CALENDAR_TOKEN_PATTERN.test('a+b/'.repeat(11).slice(0, 43))).toBe(false);
  });
});
