/** A day's proposed starts and the desk's words for a proposal's wait (docs/product/visits.md#proposed-times). */
import { describe, expect, test } from 'vitest';
import {
  planProposals,
  proposalStartProblem,
  sentAgo,
  STOP_MINUTES,
  visitHour,
  type ProposalCandidate,
} from '@/features/visits/proposals';

const wanting = (id: string, window: ProposalCandidate['window'] = 'morning'): ProposalCandidate => ({
  id,
  window,
  holds: null,
  wants: true,
});

describe("a day's proposals: a stop takes 75 minutes, in route order, never outside the window", () => {
  test('three mornings from 8:00, 75 minutes apart', () => {
    expect(STOP_MINUTES).toBe(75);
    const planned = planProposals([wanting('a'), wanting('b'), wanting('c')]);
    expect([...planned]).toEqual([
      ['a', '08:00'],
      ['b', '09:15'],
      ['c', '10:30'],
    ]);
  });

  test("a held start (a confirmed time or a standing proposal) keeps its 75 minutes; the visit's hour must end in the window", () => {
    const planned = planProposals([
      wanting('a'),
      { id: 'held', window: 'morning', holds: '09:00', wants: false },
      wanting('b'),
      wanting('c'),
    ]);
    // 8:00 would run into 9:00's stop; the first free start is 10:15; then 11:30 would end at 12:30.
    expect(planned.get('a')).toBe('10:15');
    expect(planned.get('b')).toBeNull();
    expect(planned.get('c')).toBeNull();
    expect(planned.has('held')).toBe(false);
  });

  test('each window on its own: an afternoon starts at noon, a Saturday at 9', () => {
    const planned = planProposals([wanting('m'), wanting('p', 'afternoon'), wanting('q', 'afternoon')]);
    expect(Object.fromEntries(planned)).toEqual({ m: '08:00', p: '12:00', q: '13:15' });
    expect(planProposals([wanting('s', 'saturday')]).get('s')).toBe('09:00');
  });

  test('a whole window filled: the starts stop where the last hour still ends in the window', () => {
    const planned = planProposals(Array.from({ length: 6 }, (_, i) => wanting(`v${i}`, 'afternoon')));
    expect([...planned.values()]).toEqual(['12:00', '13:15', '14:30', '15:45', '17:00', null]);
  });
});

describe('a single proposal', () => {
  test('a start within the window, else the refusal names the field and the window', () => {
    expect(proposalStartProblem('morning', '08:00')).toBeNull();
    expect(proposalStartProblem('morning', '11:59')).toBeNull();
    expect(proposalStartProblem('morning', '12:00')).toBe('start must be within the window: Morning (8 AM-12 PM).');
    expect(proposalStartProblem('morning', '07:59')).toBe('start must be within the window: Morning (8 AM-12 PM).');
    expect(proposalStartProblem('saturday', '16:00')).toBe('start must be within the window: Saturday (9 AM-4 PM).');
  });

  test("confirmed, it takes an hour cut at the window's end", () => {
    expect(visitHour('morning', '09:30')).toEqual({ start: '09:30', end: '10:30' });
    expect(visitHour('morning', '11:30')).toEqual({ start: '11:30', end: '12:00' });
  });

  test('how long it has waited, as the desk says it', () => {
    const now = new Date('2026-12-08T12:00:00Z');
    expect(sentAgo('2026-12-08T11:30:00Z', now)).toBe('sent less than an hour ago');
    expect(sentAgo('2026-12-07T18:00:00Z', now)).toBe('sent 18 h ago');
    expect(sentAgo('2026-12-06T12:00:01Z', now)).toBe('sent 47 h ago');
    expect(sentAgo('2026-12-05T12:00:00Z', now)).toBe('sent 3 days ago');
  });
});
