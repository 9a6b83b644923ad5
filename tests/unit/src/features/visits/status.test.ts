/** What the owner may do with a visit in each status, and every change of a visit (docs/product/visits.md#visits). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  actionsFor,
  allows,
  holdsPlace,
  nextStatuses,
  refusal,
  transitionOf,
  VISIT_STATUSES,
  VISIT_TRANSITIONS,
  type VisitStatus,
} from '@/features/visits/status';

describe('the transitions allowed from each status', () => {
  test.each([
    ['requested', ['propose', 'confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes']],
    ['confirmed', ['confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes']],
    ['no-show', ['cancel', 'notes']],
    ['done', ['notes']],
    ['cancelled', ['notes']],
  ] as const)('%s: %j', (status, actions) => {
    expect(actionsFor(status)).toEqual(actions);
  });

  test('a visit done or cancelled is never moved, confirmed or cancelled again', () => {
    for (const status of ['done', 'cancelled'] as const) {
      for (const action of ['confirm', 'reschedule', 'done', 'no-show', 'cancel'] as const) {
        expect(allows(status, action)).toBe(false);
      }
    }
    expect(refusal('done', 'cancel')).toBe('A visit that is done cannot be cancelled.');
    expect(refusal('cancelled', 'reschedule')).toBe('A visit that is cancelled cannot be moved.');
    // A time is proposed for a requested visit only: a confirmed one has its time.
    expect(allows('confirmed', 'propose')).toBe(false);
    expect(refusal('confirmed', 'propose')).toBe('A visit that is confirmed cannot be given a proposed time.');
  });

  test('only requested and confirmed visits take a place in their window', () => {
    expect(VISIT_STATUSES.filter(holdsPlace)).toEqual(['requested', 'confirmed']);
  });
});

describe("the product doc's tables are the code's (docs/product/visits.md#visits)", () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../../../docs/product/visits.md', import.meta.url)), 'utf8');
  /** The rows of the Markdown table whose header starts with `first`, as lists of cells. */
  const table = (first: string) => {
    const lines = doc.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`| ${first} `));
    expect(start, `a table headed "${first}"`).toBeGreaterThan(-1);
    const rows: string[][] = [];
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith('|')) break;
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    }
    return rows;
  };
  /** The backticked names of a cell: "`requested`, `confirmed` (moved)" -> requested, confirmed. */
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

  test('each status can become what the status table says, by some change of the transition table', () => {
    const rows = table('Status');
    expect(rows.map((row) => names(row[0]!)[0])).toEqual([...VISIT_STATUSES]);
    for (const [status, , becomes] of rows) {
      const said = new Set(names(becomes!));
      expect([...said].sort(), `${status} can become`).toEqual(nextStatuses(names(status!)[0] as VisitStatus).sort());
    }
  });

  test('the table of changes lists every transition, who makes it, from, to, and whether it raises the version', () => {
    const rows = table('Change').map(([action, by, from, to, raises]) => ({
      action: names(action!)[0],
      by,
      from: from === 'any' ? [...VISIT_STATUSES] : names(from!),
      to: to === 'unchanged' ? 'same' : names(to!),
      raisesVersion: raises === 'yes',
    }));
    expect(rows).toEqual(
      VISIT_TRANSITIONS.map((t) => ({ ...t, from: [...t.from], to: t.to === 'same' ? 'same' : [...t.to] })),
    );
  });

  test('a wrong row is caught: the check compares cells, not only counts', () => {
    const altered = VISIT_TRANSITIONS.map((t) => (t.action === 'plan kept' ? { ...t, to: ['confirmed'] } : t));
    expect(altered).not.toEqual(VISIT_TRANSITIONS);
  });
});

describe('the transition table', () => {
  test('every change is made by one kind of actor at most once, and the owner makes each desk action', () => {
    const keys = VISIT_TRANSITIONS.map((t) => `${t.action} by ${t.by}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const action of ['propose', 'confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes'] as const) {
      expect(transitionOf(action, 'owner')).not.toBeNull();
    }
  });

  test('the customer may only move or cancel a visit still to do, and answer a proposal of a requested one; the provider only cancels on a full refund', () => {
    expect(VISIT_TRANSITIONS.filter((t) => t.by === 'customer').map((t) => [t.action, [...t.from]])).toEqual([
      ['confirm', ['requested']],
      ['another time', ['requested']],
      ['reschedule', ['requested', 'confirmed']],
      ['cancel', ['requested', 'confirmed']],
    ]);
    expect(transitionOf('cancel', 'customer')?.from).not.toContain('no-show');
    expect(transitionOf('done', 'customer')).toBeNull();
    expect(VISIT_TRANSITIONS.filter((t) => t.by === 'provider').map((t) => t.action)).toEqual(['refunded']);
  });

  test('a plan kept requests again a visit its plan ending cancelled: the one way back from cancelled', () => {
    expect(nextStatuses('cancelled')).toEqual(['requested']);
    expect(
      VISIT_TRANSITIONS.filter((t) => (t.from as readonly string[]).includes('cancelled') && t.to !== 'same'),
    ).toEqual([expect.objectContaining({ action: 'plan kept', by: 'site' })]);
    expect(refusal('done', 'plan kept')).toBe('A visit that is done cannot be requested again.');
  });
});
