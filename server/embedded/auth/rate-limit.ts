/**
 * Per-client token buckets like GoTrue's IP limiters: each key may spend `limit` requests, refilled
 * evenly over `windowMs`. Pure apart from the clock it is given.
 */

/** How many requests a client may make per window. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Supabase's defaults per IP: /token 150 per 5 min; /verify 30 per 5 min; /signup, /recover,
 * /resend and PUT /user 30 per 5 min each (RATE_LIMIT_OTP, one bucket per route).
 */
export const SUPABASE_RATE_RULES = {
  token: { limit: 150, windowMs: 5 * 60_000 },
  signup: { limit: 30, windowMs: 5 * 60_000 },
  verify: { limit: 30, windowMs: 5 * 60_000 },
  recover: { limit: 30, windowMs: 5 * 60_000 },
  resend: { limit: 30, windowMs: 5 * 60_000 },
  user: { limit: 30, windowMs: 5 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** A limiter: `take(key)` spends one request of `key`'s bucket, false when it is empty. */
export interface RateLimiter {
  take(key: string): boolean;
}

// Full buckets are forgotten once this many clients are tracked, so memory stays bounded.
const PRUNE_AT = 10_000;

/** A token-bucket limiter for `rule` on the clock `now` (ms). */
export function createRateLimiter(rule: RateRule, now: () => number): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = rule.limit / rule.windowMs;
  const level = (bucket: { tokens: number; at: number }, t: number) =>
    Math.min(rule.limit, bucket.tokens + (t - bucket.at) * refillPerMs);

  return {
    take(key) {
      const t = now();
      if (buckets.size >= PRUNE_AT) {
        for (const [k, b] of buckets) if (level(b, t) >= rule.limit) buckets.delete(k);
      }
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : rule.limit;
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        return false;
      }
      buckets.set(key, { tokens: tokens - 1, at: t });
      return true;
    },
  };
}
