import { describe, expect, test } from 'vitest';
import {
  anotherTimeLine,
  confirmedLine,
  proposalLine,
  proposalOffer,
  type ProposalOffer,
} from '@/features/account/visit-proposal';
import {
  NO_PROPOSAL_MESSAGE,
  PROPOSAL_STARTED_MESSAGE,
  type LinkPurpose,
  type VisitChangeAnswer,
} from '@/features/visits/changes';

// Tuesday, December 8, 2026 (CST, UTC-6): the morning window starts at 8 AM, 14:00 UTC.
const PROPOSAL = { start: '09:30', startLabel: '9:30 AM', proposedAt: '2026-12-06T20:00:00.000Z' };

function answerOf(
  purpose: LinkPurpose | 'any',
  changes: { now?: string; status?: string; proposal?: typeof PROPOSAL | null; blocked?: string | null } = {},
): VisitChangeAnswer {
  return {
    visit: {
      id: 'visit-1',
      service: 'Dryer Vent Cleaning',
      orderNumber: 'ORD-E5F6G7H8',
      when: 'Tuesday, December 8, 2026, morning (8 AM-12 PM)',
      date: '2026-12-08',
      window: 'morning',
      start: null,
      address: '12 Elm St, Nixa, MO 65714',
      status: changes.status ?? 'requested',
      planVisit: false,
      amountCents: 3500,
    },
    purpose,
    proposal: changes.proposal === undefined ? PROPOSAL : changes.proposal,
    blocked: changes.blocked ?? null,
    phone: '(417) 555-0142',
    now: changes.now ?? '2026-12-07T18:00:00.000Z',
  };
}

const open = (confirm: boolean, another: boolean): ProposalOffer => ({
  kind: 'open',
  proposal: PROPOSAL,
  confirm,
  another,
});

describe('what /visit offers for a proposed time (docs/product/visits.md#proposed-times)', () => {
  test('a confirm link confirms, an another-time link asks for another time, the signed-in customer may do both', () => {
    expect(proposalOffer(answerOf('confirm'))).toEqual(open(true, false));
    expect(proposalOffer(answerOf('another'))).toEqual(open(false, true));
    expect(proposalOffer(answerOf('any'))).toEqual(open(true, true));
  });

  test('the reschedule and cancel links show no proposal, nor the signed-in customer without one', () => {
    expect(proposalOffer(answerOf('reschedule'))).toEqual({ kind: 'none' });
    expect(proposalOffer(answerOf('cancel'))).toEqual({ kind: 'none' });
    expect(proposalOffer(answerOf('any', { proposal: null }))).toEqual({ kind: 'none' });
  });

  test('no 24-hour rule: 14 hours before the window, with the rule blocking a move, it is still answered', () => {
    const blocked = 'Changes within 24 hours of the visit are made by phone: please call (417) 555-0142.';
    expect(proposalOffer(answerOf('confirm', { blocked }))).toEqual(open(true, false));
    expect(proposalOffer(answerOf('any', { blocked }))).toEqual(open(true, true));
  });

  test('open until the window starts, to the millisecond, counted from the site time', () => {
    expect(proposalOffer(answerOf('confirm', { now: '2026-12-08T13:59:59.999Z' }))).toEqual(open(true, false));
    expect(proposalOffer(answerOf('confirm', { now: '2026-12-08T14:00:00.000Z' }))).toEqual({
      kind: 'closed',
      message: PROPOSAL_STARTED_MESSAGE,
    });
    // Signed in, the page goes on as it did without a proposal (its own 24-hour rule says call).
    expect(proposalOffer(answerOf('any', { now: '2026-12-08T14:00:00.000Z' }))).toEqual({ kind: 'none' });
  });

  test("a proposal's link with no proposal standing, or for a visit no longer open, says so", () => {
    expect(proposalOffer(answerOf('another', { proposal: null }))).toEqual({
      kind: 'closed',
      message: NO_PROPOSAL_MESSAGE,
    });
    expect(proposalOffer(answerOf('confirm', { status: 'confirmed', proposal: null }))).toEqual({
      kind: 'closed',
      message: NO_PROPOSAL_MESSAGE,
    });
    expect(proposalOffer(answerOf('confirm', { status: 'cancelled', proposal: null }))).toEqual({
      kind: 'closed',
      message: 'This visit is cancelled and can no longer be changed.',
    });
  });
});

describe("the proposal's words", () => {
  test('the proposal, the confirmation and the request for another time', () => {
    expect(proposalLine('2026-12-08', PROPOSAL)).toBe('We propose Tuesday, December 8, 2026 at 9:30 AM.');
    const confirmed = answerOf('confirm', { status: 'confirmed', proposal: null });
    confirmed.visit.start = '09:30';
    expect(confirmedLine(confirmed, PROPOSAL)).toBe('Visit confirmed: Tuesday, December 8, 2026 at 9:30 AM.');
    const moved = answerOf('another', { proposal: null });
    moved.visit.date = '2026-12-09';
    moved.visit.window = 'afternoon';
    expect(anotherTimeLine(moved)).toBe(
      'Thank you: we will send you another time for Wednesday, December 9, 2026, Afternoon (12-6 PM).',
    );
  });
});
