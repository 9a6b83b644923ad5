/** The desk's Due list in words (docs/product/due-again.md#the-owners-list). */
import { describe, expect, test } from 'vitest';
import {
  DUE_CSV_PATH,
  dueDay,
  dueLine,
  dueName,
  duePath,
  lastVisitLine,
  NOBODY_DUE,
  reminderLines,
  soonestFirst,
} from '@/features/owner/desk-due';
import type { DueCustomer } from '@/features/visits/owner-api';

function due(visitId: string, over: Partial<DueCustomer> = {}): DueCustomer {
  return {
    customer: { name: `Customer ${visitId}`, email: `${visitId}@example.com`, phone: '(417) 555-0142' },
    service: 'Air Filter Replacement',
    serviceType: 'air-filter-replacement',
    dueDate: '2026-12-08',
    lastVisit: '2026-11-08',
    remindedAt: null,
    followedUpAt: null,
    visitId,
    ...over,
  };
}

describe("the desk's Due list (docs/product/due-again.md#the-owners-list)", () => {
  test('reads the next 30 days and overdue; the CSV is the export of the same rows', () => {
    expect(duePath()).toBe('/api/owner/due?within=30');
    expect(duePath(7)).toBe('/api/owner/due?within=7');
    expect(DUE_CSV_PATH).toBe('/api/owner/export/due.csv');
    expect(NOBODY_DUE).toBe('Nobody is due in the next 30 days.');
  });

  test('soonest due first, overdue ones at the top; the same day keeps the order given', () => {
    const list = [
      due('a', { dueDate: '2026-12-20' }),
      due('b', { dueDate: '2026-11-30' }),
      due('c', { dueDate: '2026-12-08' }),
      due('d', { dueDate: '2026-12-08' }),
    ];
    expect(soonestFirst(list).map((d) => d.visitId)).toEqual(['b', 'c', 'd', 'a']);
    expect(list.map((d) => d.visitId)).toEqual(['a', 'b', 'c', 'd']);
  });

  test("the due day, 'Overdue since' once it has passed (due today is not overdue)", () => {
    const today = '2026-12-08';
    expect(dueLine(due('a', { dueDate: '2026-12-08' }), today)).toBe('Due Dec 8, 2026');
    expect(dueLine(due('a', { dueDate: '2027-01-02' }), today)).toBe('Due Jan 2, 2027');
    expect(dueLine(due('a', { dueDate: '2026-12-07' }), today)).toBe('Overdue since Dec 7, 2026');
    expect(lastVisitLine(due('a', { lastVisit: '2025-12-08' }))).toBe('Last visit Dec 8, 2025');
    expect(dueDay('2026-02-28')).toBe('Feb 28, 2026');
  });

  test("the reminders as far as they went, each the day it was in Springfield; else 'Not yet reminded'", () => {
    expect(reminderLines(due('a'))).toEqual(['Not yet reminded']);
    // 10 AM Springfield time on Dec 1 (16:00 UTC).
    expect(reminderLines(due('a', { remindedAt: '2026-12-01T16:00:00.000Z' }))).toEqual(['Reminded Dec 1, 2026']);
    // 3 AM UTC on Dec 16 is still Dec 15 in Springfield.
    expect(
      reminderLines(due('a', { remindedAt: '2026-12-01T16:00:00.000Z', followedUpAt: '2026-12-16T03:00:00.000Z' })),
    ).toEqual(['Reminded Dec 1, 2026', 'Followed up Dec 15, 2026']);
  });

  test('the name, or the e-mail when the booking gave none', () => {
    expect(dueName(due('a'))).toBe('Customer a');
    expect(dueName(due('a', { customer: { name: null, email: 'a@example.com', phone: '' } }))).toBe('a@example.com');
    expect(dueName(due('a', { customer: { name: '  ', email: 'a@example.com', phone: '' } }))).toBe('a@example.com');
  });
});
