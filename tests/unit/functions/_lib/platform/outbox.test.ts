import { describe, expect, test } from 'vitest';
import { backoffMs, DEFAULT_BACKOFF } from '../../../../../functions/_lib/platform/outbox.ts';

describe('backoffMs', () => {
  test.each([
    [1, 2_000],
    [2, 4_000],
    [5, 32_000],
    [11, 2_048_000],
    [12, 3_600_000],
    [40, 3_600_000],
  ])('after %i failed attempts waits at most %i ms', (attempts, ceiling) => {
    const longest = backoffMs(attempts, DEFAULT_BACKOFF, () => 0.999_999);
    expect(longest).toBeLessThanOrEqual(ceiling);
    expect(longest).toBeGreaterThan(ceiling - 5);
    expect(backoffMs(attempts, DEFAULT_BACKOFF, () => 0)).toBe(ceiling / 2);
  });

  test('jitter spreads a burst of failures between half and all of the ceiling', () => {
    const waits = [0, 0.25, 0.5, 0.75].map((r) => backoffMs(3, { baseMs: 100, maxMs: 10_000 }, () => r));
    expect(waits).toEqual([400, 500, 600, 700]);
  });
});
