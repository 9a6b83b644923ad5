import { describe, expect, test } from 'vitest';
import { createIntervalLimiter, createRateLimiter } from '../../../../../server/embedded/auth/rate-limit.ts';

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

describe("createIntervalLimiter (GoTrue's RATE_LIMIT_EMAIL_SENT: e-mails per hour, project-wide)", () => {
  const HOUR = 60 * 60_000;

  test('allows the limit per window, counting again from each whole window since it was made', () => {
    let now = 1_000;
    const cap = createIntervalLimiter({ limit: 2, windowMs: HOUR }, () => now);
    expect([1, 2, 3].map(() => cap.take())).toEqual([true, true, false]);
    now += HOUR - 1;
    expect(cap.take()).toBe(false);
    now += 1;
    expect([1, 2, 3].map(() => cap.take())).toEqual([true, true, false]);
    // Idle for two and a half windows: the current one started on a whole window, not now.
    now += 2.5 * HOUR;
    expect([1, 2, 3].map(() => cap.take())).toEqual([true, true, false]);
    now += 0.5 * HOUR;
    expect(cap.take()).toBe(true);
  });

  test('a limit of 0 refuses every e-mail, as GoTrue does', () => {
    const cap = createIntervalLimiter({ limit: 0, windowMs: HOUR }, () => 0);
    expect(cap.take()).toBe(false);
  });
});
