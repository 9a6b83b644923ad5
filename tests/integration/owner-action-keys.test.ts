/**
 * The owner's visit actions with an Idempotency-Key (docs/product/desk.md#owner-api), through the real
 * functions: the offline desk sends a queued action again, or twice at once, and it acts once
 * (one history line, one e-mail) and answers alike; a refusal sent again is the same refusal, even
 * when the visit has changed since; the key with another visit or body is a 409; a bad key a 400;
 * a failure on our side frees the key; a key past its 30 days is new again. Without a key nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ACTION_KEY_DAYS,
  ACTION_KEY_STALE_MINUTES,
  BUSY_RETRY_SECONDS,
  KEY_BUSY_MESSAGE,
  KEY_REUSED_MESSAGE,
  oncePerKey,
  requestHash,
  type ActionAnswer,
} from '../../functions/_lib/owner/action-keys.ts';
import { insertVisit } from '../../functions/_lib/visits/store.ts';
import type { OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  callAs,
  createTokenIssuer,
  removeTempDirs,
  startStack,
  tempDir,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

const owner = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-owner-action-keys-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

const DAYS = bookableWeekdays().map((d) => d.date);

type Answer = OwnerVisitAnswer & { error?: string };

/** POSTs an action to the visit, with `key` as its Idempotency-Key when given. */
async function act(
  id: string,
  body: unknown,
  key?: string,
): Promise<{ status: number; body: Answer; retryAfter?: string | null }> {
  if (key === undefined) return callAs<Answer>(stack, issuer, 'POST', `/api/owner/visits/${id}`, owner, body);
  const res = await fetch(`${stack.origin}/api/owner/visits/${id}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await issuer.sign(stack.origin, owner)}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
  const answer = { status: res.status, body: (await res.json()) as Answer };
  return res.status === 409 ? { ...answer, retryAfter: res.headers.get('retry-after') } : answer;
}

/** A requested morning visit of a booking (no order), made straight in the database. */
async function newVisit(day = DAYS[0]!): Promise<string> {
  const visit = await stack.db.transaction((tx) =>
    insertVisit(tx, {
      user_id: randomUUID(),
      customer_name: 'Ann Keys',
      customer_email: `ann-${randomUUID().slice(0, 8)}@example.com`,
      phone: '(417) 555-0142',
      street: '12 Elm St',
      city: 'Nixa',
      zip: '65714',
      service: 'dryer-vent-cleaning',
      day,
      time_window: 'morning',
      notes: '',
      over_capacity: false,
    }),
  );
  if (!visit) throw new Error('no visit made');
  return visit.id;
}

const history = async (id: string, action: string) =>
  (
    await stack.db.query<{ n: number }>(
      'select count(*)::int as n from visit_events where visit_id = $1 and action = $2',
      [id, action],
    )
  )[0]?.n;

const mails = async (id: string, kind: string) =>
  (
    await stack.db.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where kind = $1 and idempotency_key like $2',
      [kind, `${kind}:${id}:%`],
    )
  )[0]?.n;

describe('Idempotency-Key on the owner visit actions', { timeout: 120_000 }, () => {
  test("'done' sent twice with one key acts once and answers alike; without a key the second is refused", async () => {
    const id = await newVisit();
    const key = randomUUID();
    const done = { action: 'done', note: 'Vent cleared' };
    const first = await act(id, done, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.visit).toMatchObject({ id, status: 'done', completionNote: 'Vent cleared' });
    const again = await act(id, done, key);
    expect(again).toEqual(first);
    expect(await history(id, 'done')).toBe(1);

    // As before, with no key: the second press is refused for what the visit now is.
    const other = await newVisit();
    expect((await act(other, done)).status).toBe(200);
    const pressedAgain = await act(other, done);
    expect(pressedAgain.status).toBe(409);
    expect(pressedAgain.body.visit).toMatchObject({ id: other, status: 'done' });
    expect(await history(other, 'done')).toBe(1);
  });

  test('a proposal sent twice with one key, also twice at once, is one e-mail and one history line', async () => {
    const id = await newVisit();
    const propose = { action: 'propose', start: '09:00' };
    const key = randomUUID();
    const [a, b] = await Promise.all([act(id, propose, key), act(id, propose, key)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b).toEqual(a);
    expect(await act(id, propose, key)).toEqual(a);
    expect(await history(id, 'propose')).toBe(1);
    expect(await mails(id, 'visit-proposed')).toBe(1);
    // Another key is another press: it proposes again, as a press without a key does.
    expect((await act(id, propose, randomUUID())).status).toBe(200);
    expect((await act(id, propose)).status).toBe(200);
    expect(await history(id, 'propose')).toBe(3);
    expect(await mails(id, 'visit-proposed')).toBe(3);
  });

  test('a refusal sent again is the same refusal, even after the visit changed', async () => {
    const id = await newVisit();
    expect((await act(id, { action: 'confirm', start: '09:00' })).status).toBe(200);
    const key = randomUUID();
    const propose = { action: 'propose', start: '10:00' };
    const refused = await act(id, propose, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ visit: { id, status: 'confirmed' } });
    expect(refused.body.error).toBeTruthy();
    // Moved back to requested: a proposal would now go through, but the key keeps its answer.
    expect((await act(id, { action: 'reschedule', date: DAYS[1]!, window: 'morning' })).body.visit.status).toBe(
      'requested',
    );
    expect(await act(id, propose, key)).toEqual(refused);
    expect(await history(id, 'propose')).toBe(0);
    // A 400 is kept as well.
    const badKey = randomUUID();
    const bad = await act(id, { action: 'propose', start: '15:00' }, badKey);
    expect(bad.status).toBe(400);
    expect(await act(id, { action: 'propose', start: '15:00' }, badKey)).toEqual(bad);
  });

  test('the key with another body or another visit is a 409, and acts not', async () => {
    const id = await newVisit();
    const key = randomUUID();
    expect((await act(id, { action: 'notes', techNotes: 'Gate code 1234' }, key)).status).toBe(200);
    const otherBody = await act(id, { action: 'notes', techNotes: 'Gate code 9999' }, key);
    expect(otherBody).toEqual({ status: 409, body: { error: KEY_REUSED_MESSAGE }, retryAfter: null });
    const otherVisit = await newVisit();
    expect(await act(otherVisit, { action: 'notes', techNotes: 'Gate code 1234' }, key)).toEqual({
      status: 409,
      body: { error: KEY_REUSED_MESSAGE },
      retryAfter: null,
    });
    expect(await history(id, 'notes')).toBe(1);
    expect(await history(otherVisit, 'notes')).toBe(0);
    // The same body with its keys in another order is the same request.
    const reordered = await act(id, { techNotes: 'Gate code 1234', action: 'notes' }, key);
    expect(reordered.status).toBe(200);
    expect(reordered.body.visit.techNotes).toBe('Gate code 1234');
  });

  test('a bad key is a 400 naming the header, and nothing is done', async () => {
    const id = await newVisit();
    for (const key of ['has space', 'x'.repeat(256)]) {
      expect(await act(id, { action: 'no-show' }, key)).toEqual({
        status: 400,
        body: { error: 'Idempotency-Key: must be 1 to 255 visible ASCII characters, e.g. a UUID' },
      });
    }
    expect(await history(id, 'no-show')).toBe(0);
  });

  test('a failure on our side frees the key; a request meeting one still answered waits, then is a 409', async () => {
    const id = await newVisit();
    const key = randomUUID();
    await expect(
      oncePerKey(stack.db, key, id, { action: 'done' }, () => Promise.reject(new Error('database went away'))),
    ).rejects.toThrow('database went away');
    const retried = await act(id, { action: 'done' }, key);
    expect(retried.status).toBe(200);
    expect(await history(id, 'done')).toBe(1);

    // A claim with no answer yet (another request acting): waited for, then refused as still being sent.
    const busy = randomUUID();
    let release = () => {};
    const held = oncePerKey(
      stack.db,
      busy,
      id,
      { action: 'x' },
      () =>
        new Promise<ActionAnswer<{ ok: boolean }>>((resolve) => {
          release = () => resolve({ status: 200, body: { ok: true } });
        }),
    );
    await expect.poll(() => stack.db.query('select 1 from owner_action_keys where key = $1', [busy])).toHaveLength(1);
    const started = Date.now();
    expect(await act(id, { action: 'x' }, busy)).toEqual({
      status: 409,
      body: { error: KEY_BUSY_MESSAGE },
      retryAfter: String(BUSY_RETRY_SECONDS),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    release();
    expect(await held).toEqual({ status: 200, body: { ok: true } });
    expect(await act(id, { action: 'x' }, busy)).toEqual({ status: 200, body: { ok: true } });
  });

  test(`a key older than ${ACTION_KEY_DAYS} days is new again, and the old keys are dropped`, async () => {
    const id = await newVisit();
    const key = randomUUID();
    const stale = randomUUID();
    expect((await act(id, { action: 'notes', techNotes: 'one' }, key)).status).toBe(200);
    await stack.db.query(
      `insert into owner_action_keys (key, visit_id, request_hash, status, answer, created_at)
       values ($1, $2, 'h', 200, '{}'::jsonb, now() - interval '31 days')`,
      [stale, id],
    );
    await stack.db.query(`update owner_action_keys set created_at = now() - interval '31 days' where key = $1`, [key]);
    const fresh = await act(id, { action: 'notes', techNotes: 'two' }, key);
    expect(fresh.status).toBe(200);
    expect(fresh.body.visit.techNotes).toBe('two');
    expect(await stack.db.query('select 1 from owner_action_keys where key = $1', [stale])).toHaveLength(0);
  });

  test(`a claim left without an answer for ${ACTION_KEY_STALE_MINUTES} minutes (the server stopped) frees its key for the same request`, async () => {
    const id = await newVisit();
    const key = randomUUID();
    const noShow = { action: 'no-show' };
    await stack.db.query(
      `insert into owner_action_keys (key, visit_id, request_hash, created_at)
       values ($1, $2, $3, now() - make_interval(mins => $4))`,
      [key, id, requestHash(noShow), ACTION_KEY_STALE_MINUTES + 1],
    );
    // Another request with the key is still refused; the same one takes it over and acts.
    expect((await act(id, { action: 'done' }, key)).body.error).toBe(KEY_REUSED_MESSAGE);
    const taken = await act(id, noShow, key);
    expect(taken.status).toBe(200);
    expect(taken.body.visit.status).toBe('no-show');
    expect(await act(id, noShow, key)).toEqual(taken);
  });
});
