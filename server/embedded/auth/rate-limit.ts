/**
 * Per-client token buckets like GoTrue's IP limiters: each key may spend `limit` requests, refilled
 * evenly over `windowMs`; and the project-wide cap on e-mails sent (RATE_LIMIT_EMAIL_SENT), a count
 * per fixed window. Pure apart from the clock they are given.
 */

/** How many requests a client may make per window. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Supabase's defaults per IP: /token 150 per 5 min; /verify 30 per 5 min; /signup, /otp, /recover,
 * /resend and PUT /user 30 per 5 min each (RATE_LIMIT_OTP, one bucket per route; api.go guards
 * /otp with limiterOpts.Otp).
 */
export const SUPABASE_RATE_RULES = {
  token: { limit: 150, windowMs: 5 * 60_000 },
  signup: { limit: 30, windowMs: 5 * 60_000 },
  otp: { limit: 30, windowMs: 5 * 60_000 },
  verify: { limit: 30, windowMs: 5 * 60_000 },
  recover: { limit: 30, windowMs: 5 * 60_000 },
  resend: { limit: 30, windowMs: 5 * 60_000 },
  user: { limit: 30, windowMs: 5 * 60_000 },
} as const satisfies Record<string, RateRule>;

/**
 * The emulator's cap on e-mails sent, project-wide, per hour. GoTrue's default is 30 (hosted
 * Supabase with the business's own SMTP starts there too); the emulator's is far above anything
 * local use or the test suites send, and a test sets its own to reach the cap.
 */
export const EMULATOR_EMAILS_PER_HOUR = 10_000;

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

/** A limiter without keys: `take()` spends one of the window's events, false when none is left. */
export interface CountLimiter {
  take(): boolean;
}

/**
 * GoTrue's IntervalLimiter (internal/ratelimit/interval.go), which RATE_LIMIT_EMAIL_SENT given as a
 * plain number builds: `limit` events per window, the count starting again at each whole window
 * since the limiter was made. A limit of 0 refuses every event.
 */
export function createIntervalLimiter(rule: RateRule, now: () => number): CountLimiter {
  let start = now();
  let count = 0;
  return {
    take() {
      const t = now();
      const windows = Math.floor((t - start) / rule.windowMs);
      if (windows > 0) {
        start += windows * rule.windowMs;
        count = 0;
      }
      if (count >= rule.limit) return false;
      count += 1;
      return true;
    },
  };
}
