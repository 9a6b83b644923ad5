/**
 * The visits' one transition against a real database (docs/product/visits.md#visits): the table
 * refuses what a status does not allow and what an actor may not make, a change raises the version
 * only where the table says, and each change lands in the history with what changed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { HttpError } from '../../functions/_lib/platform/http-error.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { holdsPlaceSql, insertVisit, type VisitRow } from '../../functions/_lib/visits/store.ts';
import { transition } from '../../functions/_lib/visits/transition.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');
const OWNER = { by: 'owner', email: 'owner@springfieldhome.example' } as const;

describe('transition', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shm-transition-'));
    db = await openTestDb(dir);
    await migrate(db, MIGRATIONS);
  });
  afterAll(async () => {
    await db.close();
    await dropTestDb(dir);
    await rm(dir, { recursive: true, force: true });
  });

  async function newVisit(): Promise<VisitRow> {
    const visit = await db.transaction((tx) =>
      insertVisit(tx, {
        user_id: '00000000-0000-4000-8000-000000000001',
        customer_name: 'Ann',
        customer_email: 'ann@example.com',
        phone: '417-555-0101',
        street: '12 Elm St',
        city: 'Nixa',
        zip: '65714',
        service: 'dryer-vent-cleaning',
        day: '2027-03-02',
        time_window: 'morning',
        notes: '',
        over_capacity: false,
      }),
    );
    if (!visit) throw new Error('no visit made');
    return visit;
  }

  const history = (id: string) =>
    db.query<{ actor: string; action: string; before: unknown; after: unknown }>(
      'select actor, action, before, after from visit_events where visit_id = $1 order by id',
      [id],
    );

  test('a new visit is requested, holds a place, and its history starts with the site making it', async () => {
    const visit = await newVisit();
    expect(visit).toMatchObject({ status: 'requested', calendar_sequence: 0, plan_ending: false });
    const [held] = await db.query<{ n: number }>(
      `select count(*)::int as n from visits where id = $1 and ${holdsPlaceSql()}`,
      [visit.id],
    );
    expect(held?.n).toBe(1);
    expect(await history(visit.id)).toEqual([
      {
        actor: 'site',
        action: 'created',
        before: null,
        after: { status: 'requested', day: '2027-03-02', window: 'morning' },
      },
    ]);
  });

  test('a confirm raises the version and records what changed under the owner; notes do not raise it', async () => {
    const visit = await newVisit();
    const confirmed = await db.transaction((tx) =>
      transition(tx, visit, 'confirm', OWNER, { start_time: '09:30', end_time: '10:30', status: 'confirmed' }),
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', start_time: '09:30', calendar_sequence: 1 });
    const noted = await db.transaction((tx) => transition(tx, confirmed, 'notes', OWNER, { tech_notes: 'Ladder' }));
    expect(noted).toMatchObject({ status: 'confirmed', tech_notes: 'Ladder', calendar_sequence: 1 });
    expect((await history(visit.id)).slice(1)).toEqual([
      {
        actor: `owner:${OWNER.email}`,
        action: 'confirm',
        before: { start_time: null, end_time: null, status: 'requested', calendar_sequence: 0 },
        after: { start_time: '09:30', end_time: '10:30', status: 'confirmed', calendar_sequence: 1 },
      },
      { actor: `owner:${OWNER.email}`, action: 'notes', before: { tech_notes: '' }, after: { tech_notes: 'Ladder' } },
    ]);
  });

  test('what the status does not allow is a 409 in words, and nothing is written', async () => {
    const visit = await newVisit();
    const done = await db.transaction((tx) => transition(tx, visit, 'done', OWNER, { status: 'done' }));
    const refused = db.transaction((tx) => transition(tx, done, 'cancel', OWNER));
    await expect(refused).rejects.toEqual(new HttpError(409, 'A visit that is done cannot be cancelled.'));
    await expect(db.transaction((tx) => transition(tx, done, 'plan kept', { by: 'site' }))).rejects.toThrow(
      'A visit that is done cannot be requested again.',
    );
    const [row] = await db.query<{ status: string }>('select status from visits where id = $1', [visit.id]);
    expect(row?.status).toBe('done');
    expect((await history(visit.id)).map((h) => h.action)).toEqual(['created', 'done']);
  });

  test('a change an actor may not make, or a status the change cannot lead to, is refused as a bug', async () => {
    const visit = await newVisit();
    await expect(
      db.transaction((tx) => transition(tx, visit, 'done', { by: 'customer', email: 'ann@example.com' })),
    ).rejects.toThrow("A visit's 'done' is not the customer's to make");
    await expect(
      db.transaction((tx) =>
        transition(tx, visit, 'reschedule', { by: 'customer', email: 'ann@example.com' }, { status: 'confirmed' }),
      ),
    ).rejects.toThrow("A visit's 'reschedule' cannot leave it confirmed");
    await expect(db.transaction((tx) => transition(tx, visit, 'notes', OWNER, { status: 'done' }))).rejects.toThrow(
      "A visit's 'notes' cannot leave it done",
    );
    expect((await history(visit.id)).map((h) => h.action)).toEqual(['created']);
  });

  test('the plan kept brings back what its ending cancelled, and the version moves each time', async () => {
    const visit = await newVisit();
    const site = { by: 'site' } as const;
    const ended = await db.transaction((tx) =>
      transition(tx, visit, 'plan ending', site, { status: 'cancelled', plan_ending: true }),
    );
    expect(ended).toMatchObject({ status: 'cancelled', plan_ending: true, calendar_sequence: 1 });
    const kept = await db.transaction((tx) =>
      transition(tx, ended, 'plan kept', site, { status: 'requested', plan_ending: false }),
    );
    expect(kept).toMatchObject({ status: 'requested', plan_ending: false, calendar_sequence: 2 });
  });
});
