/** The owner's desk in words and numbers (docs/product/desk.md#owners-desk). */
import { describe, expect, test } from 'vitest';
import {
  actionDone,
  BUSINESS_ADDRESS,
  byWindow,
  customerName,
  dayRoute,
  dueLabel,
  endOfMonth,
  filtersLabel,
  parseFilterSizes,
  describeChange,
  oldestFirst,
  telHref,
  visitTime,
  weekFrom,
  weekSummary,
} from '@/features/owner/desk';
import type { PayRequest } from '@/features/extras/extras';
import type { ClosedDay } from '@/features/visits/owner-api';
import { visit } from './visit-fixture';

describe('a day on the desk (docs/product/desk.md#owners-desk)', () => {
  test('visits by window, windows and visits in the order the API gave (route order)', () => {
    const day = [
      visit('b', { route: 1 }),
      visit('a', { route: 2 }),
      visit('c', { window: 'afternoon', route: 3 }),
      visit('x', { status: 'cancelled' }),
      visit('d', { window: 'afternoon', route: 4 }),
    ];
    expect(byWindow(day).map((g) => [g.label, g.visits.map((v) => v.id)])).toEqual([
      ['Morning (8 AM-12 PM)', ['b', 'a', 'x']],
      ['Afternoon (12-6 PM)', ['c', 'd']],
    ]);
    expect(byWindow([])).toEqual([]);
  });

  test("the route runs from the business through the visits still to do, in the API's order", () => {
    const day = [
      visit('b', { status: 'confirmed' }),
      visit('done', { status: 'done' }),
      visit('a'),
      visit('x', { status: 'cancelled' }),
    ];
    const stops = [BUSINESS_ADDRESS, 'b Elm St, Nixa, MO 65714', 'a Elm St, Nixa, MO 65714'];
    expect(dayRoute(day)).toBe(`https://www.google.com/maps/dir/${stops.map(encodeURIComponent).join('/')}`);
    expect(BUSINESS_ADDRESS).toBe('100 Example Street, Springfield, MO 65806');
    expect(dayRoute([visit('x', { status: 'cancelled' })])).toBeNull();
    expect(dayRoute([])).toBeNull();
  });

  test('the time once confirmed, else the window; the name, else the e-mail', () => {
    expect(visitTime(visit('a'))).toBe('Morning (8 AM-12 PM)');
    expect(visitTime(visit('a', { window: 'saturday' }))).toBe('Saturday (9 AM-4 PM)');
    expect(visitTime(visit('a', { start: '09:30', end: '10:30' }))).toBe('9:30 AM-10:30 AM');
    expect(visitTime(visit('a', { window: 'afternoon', start: '17:30', end: '18:00' }))).toBe('5:30 PM-6:00 PM');
    expect(customerName(visit('a'))).toBe('Customer a');
    expect(customerName(visit('a', { customer: { name: null, email: 'a@example.com', phone: '' } }))).toBe(
      'a@example.com',
    );
    expect(customerName(visit('a', { customer: { name: '  ', email: 'a@example.com', phone: '' } }))).toBe(
      'a@example.com',
    );
  });
});

describe('tap to call', () => {
  test.each([
    ['(417) 555-0177', 'tel:+14175550177'],
    ['417.555.0177', 'tel:+14175550177'],
    ['1-417-555-0177', 'tel:+14175550177'],
    ['+1 (417) 555-0177', 'tel:+14175550177'],
    ['555-0177', 'tel:5550177'],
  ])('%s -> %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('To confirm: requested visits, oldest request first', () => {
  test('by the time of the request, then by day; other statuses left out', () => {
    const visits = [
      visit('late', { requestedAt: '2026-11-21T09:00:00.000Z', date: '2026-12-01' }),
      visit('early', { requestedAt: '2026-11-19T09:00:00.000Z', date: '2026-12-09' }),
      visit('confirmed', { status: 'confirmed', requestedAt: '2026-11-01T09:00:00.000Z' }),
      visit('same-time-later-day', { requestedAt: '2026-11-21T09:00:00.000Z', date: '2026-12-03' }),
    ];
    expect(oldestFirst(visits).map((v) => v.id)).toEqual(['early', 'late', 'same-time-later-day']);
  });
});

describe('the week: each window against the capacity', () => {
  const closed: ClosedDay[] = [
    { date: '2026-12-03', reason: 'Training day', source: 'owner' },
    { date: '2026-12-25', reason: 'Christmas Day', source: 'holiday' },
  ];

  test('seven days from the first; Saturday has one window, Sunday none; closed days their reason', () => {
    const week = weekFrom('2026-12-01');
    expect(week).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
    const visits = [
      visit('a'),
      visit('b', { status: 'confirmed' }),
      visit('c', { status: 'cancelled' }),
      visit('d', { status: 'done' }),
      visit('e', { window: 'afternoon' }),
      visit('s', { date: '2026-12-05', window: 'saturday' }),
    ];
    const summary = weekSummary(week, visits, closed, 2);
    expect(summary.map((day) => [day.date, day.closed, day.windows.map((w) => [w.window, w.booked, w.full])])).toEqual([
      // Cancelled and done visits hold no place: two of two is full.
      [
        '2026-12-01',
        null,
        [
          ['morning', 2, true],
          ['afternoon', 1, false],
        ],
      ],
      [
        '2026-12-02',
        null,
        [
          ['morning', 0, false],
          ['afternoon', 0, false],
        ],
      ],
      ['2026-12-03', 'Training day', []],
      [
        '2026-12-04',
        null,
        [
          ['morning', 0, false],
          ['afternoon', 0, false],
        ],
      ],
      ['2026-12-05', null, [['saturday', 1, false]]],
      ['2026-12-06', 'Sunday', []],
      [
        '2026-12-07',
        null,
        [
          ['morning', 0, false],
          ['afternoon', 0, false],
        ],
      ],
    ]);
    expect(summary[0]?.windows[0]?.label).toBe('Morning (8 AM-12 PM)');
  });

  test('over capacity counts as full; a holiday is closed with its name', () => {
    const three = [visit('a'), visit('b'), visit('c')];
    expect(weekSummary(['2026-12-01'], three, [], 2)[0]?.windows[0]).toMatchObject({ booked: 3, full: true });
    expect(weekSummary(['2026-12-01'], three, [], 20)[0]?.windows[0]).toMatchObject({ booked: 3, full: false });
    expect(weekSummary(['2026-12-25'], [], closed, 3)[0]).toEqual({
      date: '2026-12-25',
      closed: 'Christmas Day',
      windows: [],
    });
  });
});

describe('the history in words', () => {
  test('who, what, when (Springfield time), and each field that changed', () => {
    expect(
      describeChange({
        at: '2026-11-20T15:30:00.000Z',
        actor: 'owner:owner@springfieldhome.example',
        action: 'confirm',
        before: { status: 'requested', start_time: null, calendar_sequence: 0 },
        after: { status: 'confirmed', start_time: '09:30', calendar_sequence: 1 },
      }),
    ).toEqual({
      when: 'Nov 20, 9:30 AM',
      who: 'owner@springfieldhome.example',
      what: 'Time confirmed',
      changes: ['status: Requested -> Confirmed', 'start time: none -> 9:30 AM'],
    });
    // The customer's own move (docs/product/visits.md#changing-a-visit).
    expect(
      describeChange({
        at: '2026-11-20T15:30:00.000Z',
        actor: 'customer:ann@example.com',
        action: 'reschedule',
        before: { day: '2026-11-30', time_window: 'morning' },
        after: { day: '2026-12-01', time_window: 'afternoon', calendar_sequence: 1 },
      }),
    ).toMatchObject({
      who: 'the customer (ann@example.com)',
      what: 'Moved',
      changes: ['day: Mon, Nov 30 -> Tue, Dec 1', 'time window: Morning (8 AM-12 PM) -> Afternoon (12-6 PM)'],
    });
    expect(
      describeChange({
        at: '2026-07-01T22:05:00.000Z',
        actor: 'site',
        action: 'created',
        before: null,
        after: { status: 'requested', day: '2026-07-06', window: 'morning', overCapacity: true },
      }),
    ).toEqual({
      when: 'Jul 1, 5:05 PM',
      who: 'the site',
      what: 'Booked',
      changes: ['status: Requested', 'day: Mon, Jul 6', 'window: Morning (8 AM-12 PM)', 'over capacity: true'],
    });
    expect(
      describeChange({
        at: '2026-07-01T22:05:00.000Z',
        actor: 'provider',
        action: 'refunded',
        before: {},
        after: null,
      }),
    ).toMatchObject({ who: 'the card provider', what: 'Refunded and cancelled', changes: [] });
    expect(
      describeChange({
        at: '2026-11-30T16:00:00.000Z',
        actor: 'owner:owner@springfieldhome.example',
        action: 'done',
        before: { status: 'confirmed', completed_at: null },
        after: { status: 'done', completed_at: '2026-11-30T16:00:00.000Z' },
      }).changes,
    ).toEqual(['status: Confirmed -> Done', 'completed at: none -> Nov 30, 10:00 AM']);
    // The site's own bookkeeping (the version, the plan-ending mark) is not the owner's to read.
    expect(
      describeChange({
        at: '2026-11-30T16:00:00.000Z',
        actor: 'site',
        action: 'plan ending',
        before: { status: 'requested', plan_ending: false, calendar_sequence: 0 },
        after: { status: 'cancelled', plan_ending: true, calendar_sequence: 1 },
      }),
    ).toMatchObject({ who: 'the site', what: 'plan ending', changes: ['status: Requested -> Cancelled'] });
    // A proposal, and the customer's answer asking for another time (docs/product/visits.md#proposed-times).
    expect(
      describeChange({
        at: '2026-11-25T15:00:00.000Z',
        actor: 'owner:owner@springfieldhome.example',
        action: 'propose',
        before: { proposed_start: null },
        after: { proposed_start: '09:30', calendar_sequence: 1 },
      }),
    ).toMatchObject({ what: 'Time proposed', changes: ['proposed start: none -> 9:30 AM'] });
    expect(
      describeChange({
        at: '2026-11-25T18:00:00.000Z',
        actor: 'customer:ann@example.com',
        action: 'another time',
        before: { proposed_start: '09:30' },
        after: { proposed_start: null, time_note: 'After 10 please' },
      }),
    ).toMatchObject({
      who: 'the customer (ann@example.com)',
      what: 'Another time asked',
      changes: ['proposed start: 9:30 AM -> none', 'time note: After 10 please'],
    });
    expect(
      describeChange({ at: '2026-07-01T22:05:00.000Z', actor: 'robot', action: 'tidied', before: null, after: null }),
    ).toMatchObject({ who: 'robot', what: 'tidied' });
  });
});

describe('what each action answers', () => {
  test('the messages of docs/product/desk.md#owners-desk, from the visit as it now is', () => {
    const confirmed = visit('a', { status: 'confirmed', start: '09:30', end: '10:30' });
    expect(actionDone({ action: 'confirm', start: '09:30' }, confirmed)).toBe(
      'Visit confirmed: Tuesday, December 1, 2026 at 9:30 AM.',
    );
    expect(
      actionDone(
        { action: 'reschedule', date: '2026-12-05', window: 'saturday' },
        visit('a', {
          date: '2026-12-05',
          window: 'saturday',
        }),
      ),
    ).toBe('Visit moved to Saturday, December 5, 2026, Saturday (9 AM-4 PM).');
    expect(actionDone({ action: 'done' }, visit('a'))).toBe('Visit marked done.');
    expect(actionDone({ action: 'no-show' }, visit('a'))).toBe('Visit marked a no-show.');
    expect(actionDone({ action: 'cancel', refund: true }, visit('a'))).toBe('Visit cancelled and $35.00 refunded.');
    expect(actionDone({ action: 'cancel', refund: false }, visit('a'))).toBe('Visit cancelled.');
    expect(actionDone({ action: 'cancel', refund: true }, visit('a', { amountCents: 0 }))).toBe('Visit cancelled.');
    expect(actionDone({ action: 'notes', techNotes: 'Ladder' }, visit('a'))).toBe('Notes saved.');
    expect(
      actionDone(
        { action: 'propose', start: '09:30' },
        visit('a', { proposedStart: '09:30', proposedAt: '2026-11-25T15:00:00.000Z' }),
      ),
    ).toBe('Proposed Tuesday, December 1, 2026 at 9:30 AM: the customer has been e-mailed.');
  });

  test('extras (docs/product/extras.md#charging): the pay request sent, withdrawn, refunded', () => {
    const payRequest: PayRequest = {
      id: 'pr-1',
      orderNumber: 'ORD-EXTRA001',
      status: 'unpaid',
      items: [{ id: 'dryer-vent-hood', name: 'Dryer vent hood, outside', unitCents: 2500, qty: 1, amountCents: 2500 }],
      amountCents: 2500,
      tipCents: 0,
      note: null,
      createdAt: '2026-12-01T18:00:00.000Z',
      paidAt: null,
      refundedCents: 0,
    };
    const done = visit('a', { status: 'done', payRequest });
    const sent = 'Pay request for $25.00 sent (ORD-EXTRA001): the customer has been e-mailed a pay link.';
    const extras = [{ id: 'dryer-vent-hood', qty: 1 }];
    expect(actionDone({ action: 'done', extras }, done)).toBe(`Visit marked done. ${sent}`);
    expect(actionDone({ action: 'charge', extras }, done)).toBe(sent);
    expect(actionDone({ action: 'charge', extras }, visit('a', { status: 'done' }))).toBe('Pay request sent.');
    expect(
      actionDone({ action: 'cancel-charge' }, visit('a', { payRequest: { ...payRequest, status: 'cancelled' } })),
    ).toBe('Pay request cancelled: its link now says nothing is owed.');
    const refunded = { ...payRequest, status: 'paid' as const, tipCents: 300, refundedCents: 2800 };
    expect(actionDone({ action: 'refund-extras' }, visit('a', { payRequest: refunded }))).toBe(
      'Extras refunded: $28.00.',
    );
    expect(actionDone({ action: 'refund-extras' }, visit('a'))).toBe('Extras refunded.');
  });

  test("the extras' history in words: amounts as money, the lines as words", () => {
    expect(
      describeChange({
        at: '2026-12-01T18:00:00.000Z',
        actor: 'owner:owner@example.com',
        action: 'extras charged',
        before: null,
        after: { payRequest: 'ORD-EXTRA001', amountCents: 2500, items: ['1 × Dryer vent hood, outside'] },
      }),
    ).toMatchObject({
      what: 'Extras charged (pay link sent)',
      changes: ['pay request: ORD-EXTRA001', 'amount: $25.00', 'items: 1 × Dryer vent hood, outside'],
    });
    expect(
      describeChange({
        at: '2026-12-02T18:00:00.000Z',
        actor: 'customer',
        action: 'extras paid',
        before: null,
        after: { payRequest: 'ORD-EXTRA001', amountCents: 2800, tipCents: 300 },
      }),
    ).toMatchObject({ what: 'Extras paid', changes: ['pay request: ORD-EXTRA001', 'amount: $28.00', 'tip: $3.00'] });
    expect(
      describeChange({
        at: '2026-12-02T18:00:00.000Z',
        actor: 'owner:owner@example.com',
        action: 'extras cancelled',
        before: null,
        after: { payRequest: 'ORD-EXTRA001' },
      }),
    ).toMatchObject({ what: 'Pay request cancelled' });
  });
});

describe('plan visits due (docs/product/desk.md#owners-desk)', () => {
  test('due by the end of this month, overdue ones included', () => {
    expect(endOfMonth('2026-11-30')).toBe('2026-11-30');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
  });

  test("'Due <day>', and 'Overdue' once the day has passed; nothing for a booking", () => {
    const plan = visit('p', { dueDate: '2026-12-07', planVisit: 1 });
    expect(dueLabel(plan, '2026-11-30')).toBe('Due Mon, Dec 7');
    expect(dueLabel(plan, '2026-12-07')).toBe('Due Mon, Dec 7');
    expect(dueLabel(plan, '2026-12-08')).toBe('Overdue: due Mon, Dec 7');
    expect(dueLabel(visit('b'), '2026-11-30')).toBeNull();
  });
});

describe('filter sizes (docs/product/visits.md#plan-visits)', () => {
  test("a plan visit still to do shows the home's sizes; one done or without sizes shows none", () => {
    const plan = visit('p', { dueDate: '2026-12-07', planVisit: 2, planFilterSizes: ['16x25x1', '20x20x1'] });
    expect(filtersLabel(plan)).toBe('Filters: 16x25x1, 20x20x1');
    expect(filtersLabel({ ...plan, status: 'confirmed' })).toBe('Filters: 16x25x1, 20x20x1');
    expect(filtersLabel({ ...plan, status: 'done' })).toBeNull();
    expect(filtersLabel(visit('b'))).toBeNull();
  });

  test('sizes as typed: commas, spaces or lines', () => {
    expect(parseFilterSizes(' 16x25x1, 20x20x1\n14x20x1 ')).toEqual(['16x25x1', '20x20x1', '14x20x1']);
    expect(parseFilterSizes('  ')).toEqual([]);
  });
});
