import { describe, expect, test } from 'vitest';
import { createRateLimiter } from '../../../../../server/embedded/auth/rate-limit.ts';

describe('createRateLimiter', () => {
  test('spends a bucket per key and refills it evenly over the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 3_000 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now += 999;
    expect(limiter.take('a')).toBe(false);
    now += 1;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
  });
});
