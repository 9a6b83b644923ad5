import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { visitActionRequest } from '@/features/visits/owner-api';
import { firstIssue } from '@/lib/validation';

/** The first message the schema gives for `body`, or null when it passes. */
function refusal(body: unknown): string | null {
  const result = z.safeParse(visitActionRequest, body);
  return result.success ? null : (result.error.issues[0]?.message ?? 'refused');
}

describe("'done' with what a plan visit did (docs/product/visits.md#plan-visits)", () => {
  test('a checklist, filter sizes and detectors tested pass; sizes trimmed and lower-cased', () => {
    const parsed = z.parse(visitActionRequest, {
      action: 'done',
      checklist: ['Air filters replaced'],
      filterSizes: [' 16X25X1 ', '20x25x4.5'],
      detectorsTested: 3,
    });
    expect(parsed).toEqual({
      action: 'done',
      checklist: ['Air filters replaced'],
      filterSizes: ['16x25x1', '20x25x4.5'],
      detectorsTested: 3,
    });
    expect(refusal({ action: 'done' })).toBeNull();
  });

  test.each([
    [{ filterSizes: ['16 by 25'] }, 'filterSizes: each size must look like 16x25x1'],
    [{ filterSizes: ['16x25'] }, 'filterSizes: each size must look like 16x25x1'],
    [{ filterSizes: '16x25x1' }, 'filterSizes'],
    [{ detectorsTested: 2.5 }, 'detectorsTested must be a whole number from 0 to 50'],
    [{ detectorsTested: -1 }, 'detectorsTested must be a whole number from 0 to 50'],
    [{ detectorsTested: 51 }, 'detectorsTested must be a whole number from 0 to 50'],
    [{ checklist: [3] }, 'checklist must list the items done'],
  ])('%j is refused, naming the field', (extra, message) => {
    expect(refusal({ action: 'done', ...extra })).toContain(message);
  });
});

describe('a refusal names the field (docs/product/desk.md#owner-api)', () => {
  test('a bad filter size names filterSizes, not its place in the list', () => {
    const result = z.safeParse(visitActionRequest, { action: 'done', filterSizes: ['16x25x1', '16x25'] });
    expect(result.success).toBe(false);
    expect(firstIssue(result.error!)).toBe('filterSizes: each size must look like 16x25x1');
  });
});
