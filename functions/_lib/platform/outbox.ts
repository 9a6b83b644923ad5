/**
 * The outboxes: relay what was stored to where it goes and never drop it. The leads outbox POSTs
 * leads and owner events to the automation tool's webhooks; the mail outbox (mail.ts) sends
 * e-mails over SMTP. Each due row is claimed (a lease on its row, so no two workers send it at
 * once), delivered with a per-attempt timeout, and marked delivered on success (never sent
 * again); any other outcome counts an attempt, records the error and schedules a retry with
 * exponential backoff and jitter. All state is in the database, so deliveries resume after a restart.
 */
import type { Db } from './db.ts';
import { describe, type ClaimedRow, type OutboxQueue } from './outbox-queue.ts';

/** How retries are spaced: base x 2^attempts, capped, then scaled by a random 50-100 %. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/** 2 s, 4 s, 8 s ... up to an hour: a tool down for a day gets a try every hour until it is back. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 60 * 60_000 };

/** The wait after `attempts` failed attempts; `random` in [0, 1) spreads retries of a burst apart. */
export function backoffMs(attempts: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts));
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}

export type { ClaimedRow, Outcome, OutboxQueue } from './outbox-queue.ts';
export { describe } from './outbox-queue.ts';

/** What the outbox needs; everything but `db` has a production default. */
export interface OutboxOptions {
  db: Db;
  /** What it relays: the leads to their webhooks (leads/leads-queue.ts), the e-mails to SMTP (mail.ts). */
  queue: OutboxQueue;
  backoff?: BackoffPolicy;
  /** How long the automation tool may take to answer one lead (default 10 s). */
  timeoutMs?: number;
  /** How many leads are sent at once (default 10). */
  batchSize?: number;
  /** Wait between checks when nothing is due, catching leads written by another process (default 30 s). */
  idlePollMs?: number;
  log?: (message: string) => void;
}

/** A running outbox worker. */
export interface Outbox {
  /** Wakes the worker: a lead was stored. */
  kick(): void;
  /** Stops the worker; a send in flight is abandoned, not counted, and retried at the next start. */
  stop(): Promise<void>;
}

const MAX_ERROR_LENGTH = 500;

/** One worker's view of the outbox: `pass` sends a batch of due leads. */
interface Relay {
  /** Sends a batch of due leads; returns how long to wait (0: go again at once). */
  pass(): Promise<number>;
}

/**
 * The relay logic shared by the long-running worker (startOutbox) and the scheduled drain
 * (drainOutbox): `signal` cuts sends in flight when the caller stops.
 */
function createRelay(options: OutboxOptions, signal: AbortSignal): Relay {
  const {
    db,
    queue,
    backoff = DEFAULT_BACKOFF,
    timeoutMs = 10_000,
    batchSize = 10,
    idlePollMs = 30_000,
    log = (message: string) => console.warn(message),
  } = options;
  const table = queue.table;
  // Due times by the queue's clock when it has one (the texts' 8 AM), else the database's.
  const clockNow = (): string | null => queue.now?.().toISOString() ?? null;
  /** "Now" in SQL: the clock's time passed as parameter `$n`, or the database's. */
  const nowSql = (n: number) => `coalesce($${n}::timestamptz, clock_timestamp())`;
  // A claimed row is not due again until its attempt has surely ended, even if this process dies.
  const leaseMs = timeoutMs + 30_000;
  let adopted = '';

  /** Rows stored while their destination was unset join the outbox once it is configured. */
  async function adoptUnconfigured(kinds: string[]): Promise<void> {
    if (kinds.length === 0) return;
    await db.query(
      `update ${table} set delivery_state = 'pending', next_attempt_at = now()
       where delivery_state = 'unconfigured' and kind = any($1::text[])`,
      [kinds],
    );
  }

  async function claim(kinds: string[]): Promise<ClaimedRow[]> {
    return db.query<ClaimedRow>(
      // In the order the rows were made (an update returns its rows in no set order).
      `with claimed as (
         update ${table} set next_attempt_at = ${nowSql(4)} + make_interval(secs => $2::float8 / 1000)
         where id in (
           select id from ${table}
           where delivery_state = 'pending' and next_attempt_at <= ${nowSql(4)} and kind = any($1::text[])
           order by next_attempt_at, created_at limit $3
           for update skip locked)
         returning id, kind, payload, attempts, idempotency_key, created_at)
       select id, kind, payload, attempts, idempotency_key from claimed order by created_at, id`,
      [kinds, leaseMs, batchSize, clockNow()],
    );
  }

  /** Milliseconds until the next pending row is due, or null when none is pending. */
  async function nextDueInMs(kinds: string[]): Promise<number | null> {
    const [row] = await db.query<{ wait_ms: number | null }>(
      // greatest() skips nulls, so "nothing pending" (a null min) is tested first.
      `select case when min(next_attempt_at) is null then null
              else greatest(0, extract(epoch from min(next_attempt_at) - ${nowSql(2)}) * 1000)::float8 end as wait_ms
       from ${table} where delivery_state = 'pending' and kind = any($1::text[])`,
      [kinds, clockNow()],
    );
    return row?.wait_ms ?? null;
  }

  async function attempt(lead: ClaimedRow): Promise<void> {
    await queue.prepare?.();
    const outcome = await queue.deliver(lead, AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]), signal);
    if ('aborted' in outcome) {
      await db.query(`update ${table} set next_attempt_at = now() where id = $1`, [lead.id]);
      return;
    }
    const attempts = lead.attempts + 1;
    if (outcome.ok) {
      await db.query(
        `update ${table} set delivery_state = 'delivered', attempts = $2, delivered_at = now(), last_error = null
         where id = $1`,
        [lead.id, attempts],
      );
      return;
    }
    const delay = backoffMs(attempts, backoff);
    await db.query(
      `update ${table} set attempts = $2, last_error = $3,
         next_attempt_at = ${nowSql(5)} + make_interval(secs => $4::float8 / 1000)
       where id = $1`,
      [lead.id, attempts, outcome.error.slice(0, MAX_ERROR_LENGTH), delay, clockNow()],
    );
    log(
      `${queue.name}: ${lead.kind} ${lead.id} not delivered (${outcome.error}), attempt ${attempts}; ` +
        `retrying in ${Math.ceil(delay / 1000)} s`,
    );
  }

  /** One pass: sends a batch of due leads; returns how long to wait (0: go again at once). */
  async function pass(): Promise<number> {
    const kinds = queue.configuredKinds();
    if (kinds.length === 0) return idlePollMs;
    if (kinds.join() !== adopted) {
      await adoptUnconfigured(kinds);
      adopted = kinds.join();
    }
    const batch = await claim(kinds);
    if (batch.length > 0) {
      await Promise.all(
        inOrder(batch, queue.orderKey).map(async (rows) => {
          for (const row of rows) await attempt(row);
        }),
      );
      return 0;
    }
    return (await nextDueInMs(kinds)) ?? idlePollMs;
  }

  return { pass };
}

/** A batch in runs delivered side by side: the rows of one `orderKey` in one run, in claimed order. */
function inOrder(batch: ClaimedRow[], orderKey: ((row: ClaimedRow) => string) | undefined): ClaimedRow[][] {
  if (!orderKey) return batch.map((row) => [row]);
  const runs = new Map<string, ClaimedRow[]>();
  for (const row of batch) {
    const key = orderKey(row);
    runs.set(key, [...(runs.get(key) ?? []), row]);
  }
  return [...runs.values()];
}

/** Starts relaying pending leads (including those left by a previous run). */
export function startOutbox(options: OutboxOptions): Outbox {
  const { idlePollMs = 30_000, log = (message: string) => console.warn(message) } = options;
  const shutdown = new AbortController();
  const { queue } = options;
  const relay = createRelay(options, shutdown.signal);
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

  const unsubscribe = queue.onStored(() => outbox.kick());
  const loop = (async () => {
    while (!stopped) {
      dirty = false;
      let wait: number;
      try {
        wait = await relay.pass();
      } catch (error) {
        if (stopped) break;
        log(`${queue.name}: ${describe(error)}; trying again shortly`);
        wait = 1000;
      }
      if (wait > 0) await sleep(Math.min(wait, idlePollMs));
      // An embedded database can answer without yielding; let timers and sockets run between passes.
      else await new Promise((resolve) => setImmediate(resolve));
    }
  })();

  const outbox: Outbox = {
    kick() {
      dirty = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      shutdown.abort();
      wake?.();
      await loop;
    },
  };
  return outbox;
}

/**
 * Relays what is due now, for at most `budgetMs`, then returns: the outbox of a deployment with no
 * long-running process (Netlify runs functions/leads-outbox.ts every minute). A send cut by the
 * budget is not counted and is due again at the next run.
 */
export async function drainOutbox(options: OutboxOptions, budgetMs: number): Promise<void> {
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), budgetMs);
  const relay = createRelay(options, budget.signal);
  try {
    while (!budget.signal.aborted && (await relay.pass()) === 0);
  } finally {
    clearTimeout(timer);
  }
}
