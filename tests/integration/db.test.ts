import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openPGlite } from '../../functions/_lib/db.ts';
import { migrate } from '../../functions/_lib/migrate.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

// Opening a new PGlite database runs initdb in WebAssembly: seconds, and far more on a busy machine.
describe('embedded database', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  test('migrations apply once, in order, and data survives a reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shm-db-'));
    dirs.push(dir);
    const db = await openPGlite(dir);
    expect(await migrate(db, MIGRATIONS)).toEqual([
      '20261122000000_initial.sql',
      '20261124000000_subscription_event_rank.sql',
    ]);
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
    await db.query(
      `insert into orders (checkout_session_id, order_number, user_id, kind, item, amount_cents) values ($1, $2, $3, $4, $5, $6)`,
      ['cs_test_abc', 'ORD-ABC', '00000000-0000-4000-8000-000000000001', 'service', 'dryer-vent-cleaning', 3500],
    );
    await db.close();

    const again = await openPGlite(dir);
    expect(await migrate(again, MIGRATIONS)).toEqual([]);
    const rows = await again.query<{ order_number: string; amount_cents: number }>(
      'select order_number, amount_cents from orders',
    );
    expect(rows).toEqual([{ order_number: 'ORD-ABC', amount_cents: 3500 }]);
    await again.close();
  });

  test('a failing transaction leaves nothing behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shm-db-'));
    dirs.push(dir);
    const db = await openPGlite(dir);
    await migrate(db, MIGRATIONS);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into stripe_events (id, type) values ('evt_1', 'x')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('select * from stripe_events')).toEqual([]);
    await db.close();
  });

  test('row-level security is on for every table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shm-db-'));
    dirs.push(dir);
    const db = await openPGlite(dir);
    await migrate(db, MIGRATIONS);
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
    await db.close();
  });
});
