/**
 * Idempotency-Key, as Stripe honours it on POSTs: the first successful answer to a key is stored
 * and replayed (with `Idempotent-Replayed: true`) for a retry with the same parameters; reusing a
 * key with other parameters is an idempotency_error; a retry while the first is still running is
 * a 409. Failed requests store nothing, so they can be retried with the same key. Keys are scoped
 * to the API key and pruned after 24 hours, as Stripe may.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { StripeError } from './errors.ts';
import type { Params } from './form.ts';

/** The stored answer to replay. */
export interface Replay {
  status: number;
  body: string;
}

function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** A stable fingerprint of a request: same method, path and parameters, same hash. */
export function requestHash(method: string, path: string, params: Params): string {
  return createHash('sha256')
    .update(`${method} ${path} ${canonical(params)}`)
    .digest('hex');
}

/** A hash of the secret key, so keys are scoped per account without storing the secret. */
export function accountHash(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/**
 * Claims `key` for this request. Returns null when the caller should run the request (and then
 * call `finish` or `release`), or the stored answer to replay; throws for mismatches and overlaps.
 */
export async function claim(db: Db, account: string, key: string, hash: string): Promise<Replay | null> {
  if (key.length > 255) {
    throw new StripeError(400, 'invalid_request_error', 'Idempotency keys can be at most 255 characters long.', {
      param: 'Idempotency-Key',
    });
  }
  const inserted = await db.query(
    `insert into emulator_stripe.idempotency_keys (api_key_hash, key, request_hash) values ($1, $2, $3)
     on conflict do nothing returning key`,
    [account, key, hash],
  );
  if (inserted.length > 0) return null;
  const [row] = await db.query<{ request_hash: string; status: number | null; body: string | null }>(
    'select request_hash, status, body from emulator_stripe.idempotency_keys where api_key_hash = $1 and key = $2',
    [account, key],
  );
  if (!row) return claim(db, account, key, hash);
  if (row.request_hash !== hash) {
    throw new StripeError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  if (row.status === null || row.body === null) {
    throw new StripeError(
      409,
      'idempotency_error',
      'There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.',
    );
  }
  return { status: row.status, body: row.body };
}

/** Stores the answer to replay for `key`. */
export async function finish(db: Db, account: string, key: string, answer: Replay): Promise<void> {
  await db.query(
    'update emulator_stripe.idempotency_keys set status = $3, body = $4 where api_key_hash = $1 and key = $2',
    [account, key, answer.status, answer.body],
  );
}

/** Forgets `key` after a failed request, so it can be retried. */
export async function release(db: Db, account: string, key: string): Promise<void> {
  await db.query('delete from emulator_stripe.idempotency_keys where api_key_hash = $1 and key = $2', [account, key]);
}

/** Drops keys older than a day. */
export async function pruneKeys(db: Db): Promise<void> {
  await db.query(`delete from emulator_stripe.idempotency_keys where created_at < now() - interval '24 hours'`);
}

/**
 * Frees the keys of requests a previous run was answering when it stopped (a crash, a kill): they
 * will never finish, and as on Stripe, an interrupted request must not hold its key forever. Runs
 * at start, before this process answers anything, so no claim it drops is live.
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  const freed = await db.query('delete from emulator_stripe.idempotency_keys where status is null returning key');
  return freed.length;
}
