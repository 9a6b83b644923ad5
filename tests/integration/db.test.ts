import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../functions/_lib/db.ts';
import { migrate, SUPABASE_LEDGER } from '../../functions/_lib/migrate.ts';
import { dropTestDb, openTestDb, TEST_ENGINE } from './support/test-db.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');
const INITIAL = '20261122000000_initial.sql';
const EVENT_RANK = '20261124000000_subscription_event_rank.sql';
const LEAD_KEY = '20261125120000_lead_idempotency_key.sql';
const PLAN_PERIODS = '20261201120000_plan_periods.sql';
const VISITS = '20261206120000_visits_mail_outbox.sql';

// Opening a new PGlite database runs initdb in WebAssembly: seconds, and far more on a busy machine.
describe(`database (${TEST_ENGINE})`, { timeout: 120_000 }, () => {
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
    return openTestDb(await freshDir());
  }

  test('migrations apply once, in order, are recorded where the Supabase CLI records them, and data survives a reopen', async () => {
    const dir = await freshDir();
    const db = await openTestDb(dir);
    expect(await migrate(db, MIGRATIONS)).toEqual([INITIAL, EVENT_RANK, LEAD_KEY, PLAN_PERIODS, VISITS]);
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
    await db.query(
      `insert into orders (checkout_session_id, order_number, user_id, kind, item, amount_cents) values ($1, $2, $3, $4, $5, $6)`,
      ['cs_test_abc', 'ORD-ABC', '00000000-0000-4000-8000-000000000001', 'service', 'dryer-vent-cleaning', 3500],
    );
    await db.close();

    const again = await openTestDb(dir);
    expect(await migrate(again, MIGRATIONS)).toEqual([]);
    const rows = await again.query<{ order_number: string; amount_cents: number }>(
      'select order_number, amount_cents from orders',
    );
    expect(rows).toEqual([{ order_number: 'ORD-ABC', amount_cents: 3500 }]);
    // Recorded in the Supabase CLI's ledger, as `supabase db push` records a migration.
    const ledger = await again.query<{ version: string; name: string; statements: string[] }>(
      `select version, name, statements from ${SUPABASE_LEDGER}`,
    );
    expect(ledger).toEqual([
      { version: '20261122000000', name: 'initial', statements: [await readFile(join(MIGRATIONS, INITIAL), 'utf8')] },
      {
        version: '20261124000000',
        name: 'subscription_event_rank',
        statements: [await readFile(join(MIGRATIONS, EVENT_RANK), 'utf8')],
      },
      {
        version: '20261125120000',
        name: 'lead_idempotency_key',
        statements: [await readFile(join(MIGRATIONS, LEAD_KEY), 'utf8')],
      },
      {
        version: '20261201120000',
        name: 'plan_periods',
        statements: [await readFile(join(MIGRATIONS, PLAN_PERIODS), 'utf8')],
      },
      {
        version: '20261206120000',
        name: 'visits_mail_outbox',
        statements: [await readFile(join(MIGRATIONS, VISITS), 'utf8')],
      },
    ]);
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

    expect(await migrate(db, MIGRATIONS)).toEqual([EVENT_RANK, LEAD_KEY, PLAN_PERIODS, VISITS]);
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
    expect(await migrate(db, MIGRATIONS)).toEqual([EVENT_RANK, LEAD_KEY, PLAN_PERIODS, VISITS]);
    expect(await db.query(`select version from ${SUPABASE_LEDGER} order by version`)).toEqual([
      { version: '20261124000000' },
      { version: '20261125120000' },
      { version: '20261201120000' },
      { version: '20261206120000' },
    ]);
    await db.close();
  });

  describe('on one migrated database', () => {
    let dir = '';
    let db: Db;
    beforeAll(async () => {
      dir = await freshDir();
      db = await openTestDb(dir);
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
