/** Proposed times on the desk in words (docs/product/desk.md#owners-desk, docs/product/visits.md#proposed-times). */
import { describe, expect, test } from 'vitest';
import {
  proposalLabel,
  proposalPreview,
  proposedDayDone,
  timeNoteLabel,
  toConfirmLists,
  wantsProposals,
} from '@/features/owner/desk-proposals';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { visit } from './visit-fixture';

describe('To confirm: no time proposed yet, then proposed with no answer yet', () => {
  const proposed = (id: string, at: string, over: Partial<OwnerVisit> = {}) =>
    visit(id, { proposedStart: '09:30', proposedAt: at, ...over });

  test('without a proposal the oldest request first; with one the oldest proposal first; others left out', () => {
    const lists = toConfirmLists([
      visit('late', { requestedAt: '2026-11-21T09:00:00.000Z' }),
      proposed('sent-last', '2026-11-25T15:00:00.000Z', { requestedAt: '2026-11-10T09:00:00.000Z' }),
      visit('early', { requestedAt: '2026-11-19T09:00:00.000Z', timeNote: 'After 10 please' }),
      proposed('sent-first', '2026-11-24T15:00:00.000Z', { requestedAt: '2026-11-22T09:00:00.000Z' }),
      // Sent together with sent-last: the older request comes first.
      proposed('sent-with-last', '2026-11-25T15:00:00.000Z', { requestedAt: '2026-11-09T09:00:00.000Z' }),
      visit('confirmed', { status: 'confirmed', requestedAt: '2026-11-01T09:00:00.000Z' }),
    ]);
    expect(lists.unproposed.map((v) => v.id)).toEqual(['early', 'late']);
    expect(lists.proposed.map((v) => v.id)).toEqual(['sent-first', 'sent-with-last', 'sent-last']);
    expect(toConfirmLists([])).toEqual({ unproposed: [], proposed: [] });
  });

  test("'Proposed <time>, no answer yet (sent <n> h ago)', ', reminded' once the reminder went", () => {
    const now = new Date('2026-11-26T09:00:00.000Z');
    expect(proposalLabel(proposed('a', '2026-11-25T15:00:00.000Z'), now)).toBe(
      'Proposed 9:30 AM, no answer yet (sent 18 h ago)',
    );
    expect(proposalLabel(proposed('a', '2026-11-26T08:30:00.000Z', { proposedStart: '13:05' }), now)).toBe(
      'Proposed 1:05 PM, no answer yet (sent less than an hour ago)',
    );
    expect(
      proposalLabel(proposed('a', '2026-11-24T08:00:00.000Z', { proposalRemindedAt: '2026-11-25T08:15:00.000Z' }), now),
    ).toBe('Proposed 9:30 AM, no answer yet (sent 2 days ago, reminded)');
    // No proposal, or a visit no longer waiting for an answer: nothing to say.
    expect(proposalLabel(visit('a'), now)).toBeNull();
    expect(proposalLabel(proposed('a', '2026-11-25T15:00:00.000Z', { status: 'confirmed' }), now)).toBeNull();
  });

  test('the note of a customer who asked for another time, quoted', () => {
    expect(timeNoteLabel(visit('a', { timeNote: 'After 10 please' }))).toBe(
      'Asked for another time: "After 10 please"',
    );
    expect(timeNoteLabel(visit('a'))).toBeNull();
    expect(timeNoteLabel(visit('a', { timeNote: '' }))).toBeNull();
  });
});

describe('Propose times for a day (docs/product/desk.md#owners-desk)', () => {
  test('offered while the day has a requested visit without a proposal', () => {
    expect(wantsProposals([visit('a', { status: 'confirmed' }), visit('b')])).toBe(true);
    expect(wantsProposals([visit('a', { proposedStart: '09:30', proposedAt: '2026-11-25T15:00:00.000Z' })])).toBe(
      false,
    );
    expect(wantsProposals([visit('a', { status: 'cancelled' }), visit('b', { status: 'confirmed' })])).toBe(false);
    expect(wantsProposals([])).toBe(false);
  });

  test("'<time>: <customer>, <service>' in route order, and 'No time left in the window' for one it cannot place", () => {
    // The server's preview: the day's visits in route order, the starts it would propose filled in.
    const standing = { proposedStart: '08:00', proposedAt: '2026-11-25T15:00:00.000Z' };
    const preview = [
      visit('held', standing),
      visit('b', { proposedStart: '09:15' }),
      visit('a', { service: 'Air Filter Replacement (Premium filter)', proposedStart: '11:45' }),
      visit('c', { status: 'confirmed', start: '10:30', end: '11:30' }),
      visit('full', { customer: { name: null, email: 'full@example.com', phone: '' } }),
      visit('x', { status: 'cancelled' }),
      visit('pm', { window: 'afternoon', proposedStart: '12:00' }),
    ];
    expect(proposalPreview(preview)).toEqual([
      { id: 'b', text: '9:15 AM: Customer b, Dryer Vent Cleaning', placed: true },
      { id: 'a', text: '11:45 AM: Customer a, Air Filter Replacement (Premium filter)', placed: true },
      { id: 'full', text: 'No time left in the window: full@example.com', placed: false },
      { id: 'pm', text: '12:00 PM: Customer pm, Dryer Vent Cleaning', placed: true },
    ]);
    // A proposal already sent is not sent again: nothing to list.
    expect(proposalPreview([visit('held', standing)])).toEqual([]);
  });

  test("'Proposed <n> times for <day>.'", () => {
    expect(proposedDayDone(3, '2026-12-08')).toBe('Proposed 3 times for Tue, Dec 8.');
    expect(proposedDayDone(1, '2026-12-08')).toBe('Proposed 1 time for Tue, Dec 8.');
    expect(proposedDayDone(0, '2026-12-08')).toBe('Proposed 0 times for Tue, Dec 8.');
  });
});
