/**
 * A per-client request limit for the public forms, kept in memory: each client may make `limit`
 * requests per fixed window. Enough to stop a script filling the leads table; a determined
 * attacker with many addresses needs a CDN rule, not this.
 */
import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from './http-error.ts';

/**
 * The client an address stands for: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:203.0.113.9`), an IPv6 address as its /64 network, since one home or phone is handed a
 * whole /64 and can pick a new address in it for every request. Anything else is used as given.
 */
export function clientKey(address: string): string {
  if (isIPv4(address) || !ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

/** Counts requests per client in fixed windows. */
export interface RequestLimiter {
  /** Counts one request from `address`; throws a 429 HttpError when its client is over the limit. */
  hit(address: string): void;
  /** How many clients are counted in the current window (memory stays bounded by one window's clients). */
  clients(): number;
}

/**
 * A limiter of `limit()` requests per `windowMs`; a limit of 0 or less turns it off. The windows
 * are the clock's (every client's resets together), so a new window starts with a new, empty map
 * and the old one is dropped whole: each request costs one map lookup however many clients came
 * before (the old per-client windows were swept by walking every key, 2.6 ms a request at 24,000
 * clients).
 */
export function createRequestLimiter(limit: () => number, windowMs = 60_000, now = Date.now): RequestLimiter {
  let windowStart = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    hit(address) {
      const max = limit();
      if (!(max > 0)) return;
      const t = now();
      if (t - windowStart >= windowMs) {
        windowStart = t - (t % windowMs);
        counts = new Map();
      }
      const key = clientKey(address);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > max) {
        const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - t) / 1000));
        throw new HttpError(429, 'Too many requests. Please wait a minute and try again.', {
          'Retry-After': String(retryAfter),
        });
      }
    },
    clients: () => counts.size,
  };
}

/** The lead forms' limit per client and endpoint per minute: LEAD_RATE_LIMIT (default 10; 0 = off). */
export function leadRateLimit(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env['LEAD_RATE_LIMIT'] ?? 10);
  return Number.isFinite(configured) ? configured : 10;
}
