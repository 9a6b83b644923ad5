/**
 * What an outbox delivers and how one attempt ends (outbox.ts runs them): apart, so the queues
 * (mail.ts) need nothing of the leads the outbox also relays.
 */

/** One stored row being delivered. */
export interface ClaimedRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  /** The key its form sent (after `visitor:`) or its event's key, if any. */
  idempotency_key: string | null;
}

/** How one attempt ended: delivered, failed (retried later), or cut by a stop (not counted). */
export type Outcome = { ok: true } | { ok: false; error: string } | { aborted: true };

/**
 * A table of rows to deliver (the columns of `public.leads`) and how to deliver one. Rows of a
 * kind with no destination stay 'unconfigured' and join the queue once it has one.
 */
export interface OutboxQueue {
  /** What the log calls it ("Leads outbox"). */
  name: string;
  /** The table, schema-qualified. */
  table: 'public.leads' | 'public.mail_outbox' | 'public.text_outbox';
  /** The kinds that can be delivered now. */
  configuredKinds(): string[];
  /**
   * Work of its own before an attempt, outside the attempt's time limit (the mail outbox loads its
   * e-mail layout here, which can take seconds on a busy machine: inside the limit it timed the
   * first send out and made a second attempt).
   */
  prepare?(): Promise<void>;
  /** Delivers one row; `signal` ends when the caller stops or the attempt times out. */
  deliver(row: ClaimedRow, signal: AbortSignal, stopping: AbortSignal): Promise<Outcome>;
  /** Subscribes to "a row was stored" (the worker wakes at once); returns the unsubscriber. */
  onStored(listener: () => void): () => void;
  /**
   * The clock its rows' due times are on, when not the database's: the texts outbox holds texts
   * till 8 AM by the site's clock (platform/clock.ts), which the embedded default moves.
   */
  now?: () => Date;
  /**
   * What orders its rows: the rows of a batch with the same key are delivered one after another,
   * in the order claimed (the texts to one number, in the order they were made).
   */
  orderKey?: (row: ClaimedRow) => string;
}

/** A short reason for a failed attempt: the network error's code when there is one. */
export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (error.name === 'TimeoutError') return 'Timed out';
  if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`;
  return error.message;
}
