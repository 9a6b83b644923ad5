/**
 * A per-client request limit for the public forms, kept in memory: each key (endpoint and IP) may
 * make `limit` requests per fixed window. Enough to stop a script filling the leads table; a
 * determined attacker with many addresses needs a CDN rule, not this.
 */
import { HttpError } from './http.ts';

/** Counts requests per key in fixed windows. */
export interface RequestLimiter {
  /** Counts one request of `key`; throws a 429 HttpError when it is over the limit. */
  hit(key: string): void;
}

// Stale windows are swept once this many keys are tracked, so memory stays bounded.
const SWEEP_AT = 10_000;

/** A limiter of `limit()` requests per `windowMs`; a limit of 0 or less turns it off. */
export function createRequestLimiter(limit: () => number, windowMs = 60_000, now = Date.now): RequestLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const max = limit();
      if (!(max > 0)) return;
      const t = now();
      if (windows.size >= SWEEP_AT) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || t - window.start >= windowMs) {
        window = { start: t, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > max) {
        const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - t) / 1000));
        throw new HttpError(429, 'Too many requests. Please wait a minute and try again.', {
          'Retry-After': String(retryAfter),
        });
      }
    },
  };
}

/** The lead forms' limit per IP and endpoint per minute: LEAD_RATE_LIMIT (default 10; 0 = off). */
export function leadRateLimit(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env['LEAD_RATE_LIMIT'] ?? 10);
  return Number.isFinite(configured) ? configured : 10;
}
