/**
 * The owner's visit actions sent with an `Idempotency-Key` (docs/product/desk.md#owner-api): the
 * offline desk queues each action with a key made when it was made, and may send it more than once.
 * The first request with a key claims it (a row with no answer yet, inserted in one statement that
 * conflicts on the key, so of two at once one acts), acts, and keeps its answer for 30 days: a
 * success or a refusal (4xx); a failure on our side (5xx) frees the key, so the desk may send the
 * action again. The same key again for the same visit and body answers what was kept, acting no
 * more; for another visit or body it is a 409. A request that finds the key still being answered
 * polls for the answer (at most ACTION_KEY_WAIT_MS), then is a 409 with a Retry-After: the desk
 * sends it again later. The answer is kept just after the action commits, not in its transaction
 * (the actions commit in several steps, some around the card provider): a claim left without an
 * answer (the server stopped in between) frees its key after ACTION_KEY_STALE_MINUTES, and the same
 * request may then act again, which the visit's status refuses for most actions.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { KEY_BUSY_MESSAGE } from '../../../src/features/visits/action-keys.ts';

/** How long a key's answer is kept. */
export const ACTION_KEY_DAYS = 30;

/** How long a request waits for the answer of the first request with its key. */
export const ACTION_KEY_WAIT_MS = 5_000;

/** How long a claim may stand without an answer before its key is free again (the server stopped). */
export const ACTION_KEY_STALE_MINUTES = 10;

/** The answer to the same key sent for another visit or another body. */
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was used for another change.';

export { KEY_BUSY_MESSAGE };

/** When a request that found its key still being answered may try again (its 409's Retry-After). */
export const BUSY_RETRY_SECONDS = 5;

const POLL_MS = 100;

/** An answer as a function gives it: a status, a JSON body and any headers (which are not kept). */
export interface ActionAnswer<Body = unknown> {
  status: number;
  body: Body;
  headers?: Record<string, string>;
}

/** `value` as JSON with every object's keys sorted, so the same request hashes alike however it is written. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${entries.join(',')}}`;
}

/** The SHA-256 (hex) of a request body, its keys sorted. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

interface KeyRow {
  visit_id: string;
  request_hash: string;
  status: number | null;
  answer: unknown;
}

/** Drops the keys past their 30 days (no scheduled job does: each new key sweeps them). */
async function dropExpired(db: Db): Promise<void> {
  await db.query('delete from public.owner_action_keys where created_at < now() - make_interval(days => $1)', [
    ACTION_KEY_DAYS,
  ]);
}

/**
 * Claims `key` for this request: true when it is ours to act on (new, or its row expired, or stale
 * for this same request, replaced in the same statement).
 */
async function claim(db: Db, key: string, visitId: string, hash: string): Promise<boolean> {
  const claimed = await db.query(
    `insert into public.owner_action_keys as k (key, visit_id, request_hash) values ($1, $2, $3)
     on conflict (key) do update set visit_id = excluded.visit_id, request_hash = excluded.request_hash,
       status = null, answer = null, created_at = now()
     where k.created_at < now() - make_interval(days => $4)
        or (k.status is null and k.created_at < now() - make_interval(mins => $5)
            and k.visit_id = excluded.visit_id and k.request_hash = excluded.request_hash)
     returning key`,
    [key, visitId, hash, ACTION_KEY_DAYS, ACTION_KEY_STALE_MINUTES],
  );
  return claimed.length > 0;
}

async function keyRow(db: Db, key: string): Promise<KeyRow | undefined> {
  const [row] = await db.query<KeyRow>(
    'select visit_id, request_hash, status, answer from public.owner_action_keys where key = $1',
    [key],
  );
  return row;
}

/**
 * Runs `act` once per `key` (docs/product/desk.md#owner-api): resolves with its answer, or with the
 * answer kept for the key when the same visit and body came with it before; a 409 when the key came
 * with another visit or body, or is still being answered after the wait. `act` answers a refusal by
 * throwing an HttpError below 500, which is kept like a success; any other error frees the key and
 * is thrown on.
 */
export async function oncePerKey<Body>(
  db: Db,
  key: string,
  visitId: string,
  body: unknown,
  act: () => Promise<ActionAnswer<Body>>,
): Promise<ActionAnswer<Body | { error: string }>> {
  const hash = requestHash(body);
  const deadline = Date.now() + ACTION_KEY_WAIT_MS;
  await dropExpired(db);
  for (;;) {
    if (await claim(db, key, visitId, hash)) break;
    const row = await keyRow(db, key);
    // Freed (the first failed on our side) or expired between the two statements: claim it again.
    if (!row) continue;
    if (row.visit_id !== visitId || row.request_hash !== hash) throw new HttpError(409, KEY_REUSED_MESSAGE);
    if (row.status !== null) return { status: row.status, body: row.answer as Body };
    if (Date.now() >= deadline) {
      throw new HttpError(409, KEY_BUSY_MESSAGE, { 'Retry-After': String(BUSY_RETRY_SECONDS) });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let answer: ActionAnswer<Body | { error: string }>;
  try {
    answer = await act();
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      answer = { status: error.status, body: { error: error.message } };
    } else {
      await db.query('delete from public.owner_action_keys where key = $1 and status is null', [key]);
      throw error;
    }
  }
  if (answer.status >= 500) {
    await db.query('delete from public.owner_action_keys where key = $1 and status is null', [key]);
    return answer;
  }
  await db.query('update public.owner_action_keys set status = $2, answer = $3::jsonb where key = $1', [
    key,
    answer.status,
    JSON.stringify(answer.body),
  ]);
  return answer;
}
