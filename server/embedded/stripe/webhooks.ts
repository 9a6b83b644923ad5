/**
 * Delivers recorded events to the webhook endpoint one at a time, in the order they happened, each
 * signed at sending time as Stripe signs it. A failed attempt (network error, timeout, non-2xx) is
 * retried with exponential backoff up to a bounded number of attempts, all recorded in
 * `emulator_stripe.events`; the queue blocks on its head so later events never overtake it. An
 * attempt cut short by shutdown is not counted, and the delivery resumes at the next start.
 */
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { signatureHeader } from './signature.ts';

/** How often and how long a failing delivery is retried. */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Quick retries suit a local stack: a developer fixing the webhook sees the event land soon. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 5 * 60_000 };

/** The delay before the next attempt after `failedAttempts` failures: doubling, capped. */
export function retryDelayMs(failedAttempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** A running delivery loop. */
export interface Deliverer {
  /** Wakes the loop: new events were committed. */
  kick(): void;
  /** Stops the loop, abandoning an attempt in flight without counting it. */
  stop(): Promise<void>;
}

export interface DelivererOptions {
  db: Db;
  url: string;
  secret: string;
  retry: RetryPolicy;
  log: (message: string) => void;
  /** How long the endpoint may take to answer. */
  timeoutMs?: number;
}

interface PendingEvent {
  seq: number;
  id: string;
  type: string;
  payload: string;
  attempts: number;
  wait_ms: number;
}

// With nothing pending the loop waits for a kick; this bounded poll also catches events written
// by another process sharing the database.
const IDLE_POLL_MS = 30_000;

// What an attempt cut short by stop() returns: unlike a failure's text, it cannot be a message.
const ABORTED = Symbol('aborted');

/** Starts delivering pending events (including any left from a previous run). */
export function startDeliverer({ db, url, secret, retry, log, timeoutMs = 10_000 }: DelivererOptions): Deliverer {
  const shutdown = new AbortController();
  let stopped = false;
  let dirty = false;
  let wake: (() => void) | null = null;

  function sleep(ms: number): Promise<void> {
    if (dirty || stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });
  }

  async function send(event: PendingEvent): Promise<string | null | typeof ABORTED> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(event.payload, secret, timestamp),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.payload,
        redirect: 'manual',
        signal: AbortSignal.any([shutdown.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await res.arrayBuffer();
      return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
    } catch (error) {
      if (stopped) return ABORTED;
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Tries the oldest pending event if it is due; returns how long to wait, or null when idle. */
  async function deliverNext(): Promise<number | null> {
    const [event] = await db.query<PendingEvent>(
      `select seq, id, type, payload, attempts,
              greatest(0, extract(epoch from next_attempt_at - clock_timestamp()) * 1000)::float8 as wait_ms
       from emulator_stripe.events where delivery_state = 'pending' order by seq limit 1`,
    );
    if (!event) return null;
    if (event.wait_ms > 0) return event.wait_ms;
    const failure = await send(event);
    if (failure === ABORTED) return 0;
    const attempts = event.attempts + 1;
    if (failure === null) {
      await db.query(
        `update emulator_stripe.events set delivery_state = 'delivered', attempts = $2, delivered_at = now(),
           last_error = null where seq = $1`,
        [event.seq, attempts],
      );
      return 0;
    }
    const givingUp = attempts >= retry.maxAttempts;
    const delay = retryDelayMs(attempts, retry);
    await db.query(
      `update emulator_stripe.events set attempts = $2, last_error = $3, delivery_state = $4,
         next_attempt_at = clock_timestamp() + make_interval(secs => $5::float8 / 1000) where seq = $1`,
      [event.seq, attempts, failure, givingUp ? 'failed' : 'pending', delay],
    );
    log(
      `Stripe emulator: ${event.type} ${event.id} to ${url} failed (${failure}), attempt ${attempts} of ` +
        `${retry.maxAttempts}; ${givingUp ? 'giving up' : `retrying in ${Math.round(delay / 1000)} s`}`,
    );
    return 0;
  }

  const loop = (async () => {
    while (!stopped) {
      dirty = false;
      let wait: number | null;
      try {
        wait = await deliverNext();
      } catch (error) {
        if (stopped) break;
        log(`Stripe emulator: webhook delivery loop error: ${error instanceof Error ? error.message : String(error)}`);
        wait = 1000;
      }
      if (wait !== 0) await sleep(wait ?? IDLE_POLL_MS);
    }
  })();

  return {
    kick() {
      dirty = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      shutdown.abort();
      wake?.();
      await loop;
    },
  };
}
