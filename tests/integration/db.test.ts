import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { migrate, SUPABASE_LEDGER } from '../../functions/_lib/platform/migrate.ts';
import { dropTestDb, openTestDb, TEST_ENGINE } from './support/test-db.ts';

// The embedded database always, and production's too when the suite runs on it.
const ENGINES: readonly Db['kind'][] = TEST_ENGINE === 'postgres' ? ['pglite', 'postgres'] : ['pglite'];

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');
const INITIAL = '20261122000000_initial.sql';
const EVENT_RANK = '20261124000000_subscription_event_rank.sql';
// Every migration in the folder, in the order the CLI applies them (by version); the named two
// above must be the first, so a new migration only lengthens the lists below.
const ALL = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
const AFTER_INITIAL = ALL.slice(1);
/** The ledger row `supabase db push` writes for a migration file: version, name, its statements. */
async function ledgerRow(file: string): Promise<{ version: string; name: string; statements: string[] }> {
  const [, version = '', name = ''] = /^(\d{14})_(.+)\.sql$/.exec(file) ?? [];
  return { version, name, statements: [await readFile(join(MIGRATIONS, file), 'utf8')] };
}

// Opening a new PGlite database runs initdb in WebAssembly: seconds, and far more on a busy machine.
describe.each(ENGINES)('database (%s)', { timeout: 120_000 }, (engine) => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) {
      await rm(d, { recursive: true, force: true });
      await dropTestDb(d);
    }
  });

  async function freshDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'shm-db-'));
    dirs.push(dir);
    return dir;
  }

  async function fresh(): Promise<Db> {
    return openTestDb(await freshDir(), { empty: true, engine });
  }

  test('migrations apply once, in order, are recorded where the Supabase CLI records them, and data survives a reopen', async () => {
    const dir = await freshDir();
    const db = await openTestDb(dir, { empty: true, engine });
    expect(ALL.slice(0, 2)).toEqual([INITIAL, EVENT_RANK]);
    expect(await migrate(db, MIGRATIONS)).toEqual(ALL);
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
    await db.query(
      `insert into orders (checkout_session_id, order_number, user_id, kind, item, amount_cents) values ($1, $2, $3, $4, $5, $6)`,
      ['cs_test_abc', 'ORD-ABC', '00000000-0000-4000-8000-000000000001', 'service', 'dryer-vent-cleaning', 3500],
    );
    await db.close();

    const again = await openTestDb(dir, { empty: true, engine });
    expect(await migrate(again, MIGRATIONS)).toEqual([]);
    const rows = await again.query<{ order_number: string; amount_cents: number }>(
      'select order_number, amount_cents from orders',
    );
    expect(rows).toEqual([{ order_number: 'ORD-ABC', amount_cents: 3500 }]);
    // Recorded in the Supabase CLI's ledger, as `supabase db push` records a migration.
    const ledger = await again.query<{ version: string; name: string; statements: string[] }>(
      `select version, name, statements from ${SUPABASE_LEDGER}`,
    );
    expect(ledger).toEqual(await Promise.all(ALL.map(ledgerRow)));
    await again.close();
  });

  test('a database `supabase db push` already migrated keeps its data and gets only the migrations it lacks', async () => {
    const db = await fresh();
    // What the CLI does: its ledger table, the migration's statements, then the version row.
    await db.exec(`create schema supabase_migrations;
      create table ${SUPABASE_LEDGER} (version text not null primary key, statements text[], name text);`);
    await db.exec(await readFile(join(MIGRATIONS, INITIAL), 'utf8'));
    await db.query(`insert into ${SUPABASE_LEDGER} (version, name) values ('20261122000000', 'initial')`);
    await db.query(`insert into stripe_events (id, type) values ('evt_kept', 'x')`);

    expect(await migrate(db, MIGRATIONS)).toEqual(AFTER_INITIAL);
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
    expect(await db.query('select id from stripe_events')).toEqual([{ id: 'evt_kept' }]);
    await db.close();
  });

  test('a database migrated before the shared ledger is not migrated again, only completed', async () => {
    const db = await fresh();
    await db.exec(await readFile(join(MIGRATIONS, INITIAL), 'utf8'));
    await db.exec(
      `create table public.schema_migrations (version text primary key, applied_at timestamptz not null default now());
       insert into public.schema_migrations (version) values ('${INITIAL}');`,
    );
    expect(await migrate(db, MIGRATIONS)).toEqual(AFTER_INITIAL);
    expect(await db.query(`select version from ${SUPABASE_LEDGER} order by version`)).toEqual(
      AFTER_INITIAL.map((file) => ({ version: file.slice(0, 14) })),
    );
    await db.close();
  });

  describe('on one migrated database', () => {
    let dir = '';
    let db: Db;
    beforeAll(async () => {
      dir = await freshDir();
      db = await openTestDb(dir, { empty: true, engine });
      await migrate(db, MIGRATIONS);
    });
    afterAll(() => db.close());

    test('a migration the Supabase CLI could not version is refused before anything runs', async () => {
      const migrations = join(dir, 'migrations');
      await mkdir(migrations);
      await writeFile(join(migrations, 'add_things.sql'), 'create table things (id int);');
      await expect(migrate(db, migrations)).rejects.toThrow(
        'Migration add_things.sql must be named <timestamp>_<name>.sql, as the Supabase CLI expects',
      );
      expect(await db.query(`select to_regclass('public.things') is null as absent`)).toEqual([{ absent: true }]);
    });

    test('a failing transaction leaves nothing behind', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into stripe_events (id, type) values ('evt_1', 'x')`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await db.query('select * from stripe_events')).toEqual([]);
    });

    test('a transaction begun inside a transaction joins it, on both engines: one commit, or nothing', async () => {
      await db.transaction(async (tx) => {
        await tx.query(`insert into stripe_events (id, type) values ('evt_outer', 'x')`);
        await tx.transaction((inner) => inner.query(`insert into stripe_events (id, type) values ('evt_inner', 'x')`));
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.transaction((inner) => inner.query(`insert into stripe_events (id, type) values ('evt_lost', 'x')`));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const rows = await db.query<{ id: string }>(
        "select id from stripe_events where id in ('evt_outer', 'evt_inner', 'evt_lost') order by id",
      );
      expect(rows.map((row) => row.id)).toEqual(['evt_inner', 'evt_outer']);
    });

    test('row-level security is on for every table', async () => {
      const rows = await db.query<{ relname: string; relrowsecurity: boolean }>(
        `select relname, relrowsecurity from pg_class where relname in ('customers','subscriptions','orders','leads','stripe_events') order by relname`,
      );
      expect(rows.map((r) => [r.relname, r.relrowsecurity])).toEqual([
        ['customers', true],
        ['leads', true],
        ['orders', true],
        ['stripe_events', true],
        ['subscriptions', true],
      ]);
    });
  });
});
