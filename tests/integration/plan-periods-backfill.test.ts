/**
 * Plans paid before plan visits were records (docs/product/visits.md#plan-visits): the migration that
 * records the current period of each live plan without one, so the visit schedule makes the visit
 * that period buys; plans with a period, ended plans and second plans are left alone, and the
 * schedule run twice makes one visit.
 */
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { runVisitSchedule } from '../../functions/_lib/jobs.ts';
import { addDays, businessToday } from '../../src/lib/dates.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');
const BACKFILL = '20261201090000_plan_periods_backfill.sql';
const DAY_MS = 86_400_000;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) {
    await rm(dir, { recursive: true, force: true });
    await dropTestDb(dir);
  }
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

describe('plan periods backfill (docs/product/visits.md#plan-visits)', { timeout: 120_000 }, () => {
  test('a live plan paid before plan visits gets its current period and one visit; the others are left alone', async () => {
    // The database as it was before the backfill: every migration before it.
    const all = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
    expect(all).toContain(BACKFILL);
    const before = await tempDir('shm-backfill-migrations-');
    await mkdir(before, { recursive: true });
    for (const file of all.filter((name) => name < BACKFILL))
      await copyFile(join(MIGRATIONS, file), join(before, file));
    const db = await openTestDb(await tempDir('shm-backfill-db-'), { empty: true });
    await migrate(db, before);

    // Quarterly, 20 days into its period; monthly, with its period recorded already; ended; a second plan.
    // With 750 ms past the second: the period is cut to whole seconds, never rounded up.
    const periodEnd = new Date(Math.floor((Date.now() + 72 * DAY_MS) / 1000) * 1000 + 750);
    const plans = [
      { id: 'sub_old_quarterly', status: 'active', period: 'quarterly', duplicateOf: null },
      { id: 'sub_recorded', status: 'active', period: 'monthly', duplicateOf: null },
      { id: 'sub_ended', status: 'canceled', period: 'annual', duplicateOf: null },
      { id: 'sub_second', status: 'active', period: 'monthly', duplicateOf: 'sub_old_quarterly' },
    ];
    for (const plan of plans) {
      await db.query(
        `insert into subscriptions (id, user_id, stripe_customer_id, tier, status, current_period_end, billing_period,
                                    price_cents, duplicate_of)
         values ($1, $2, $3, 'lite', $4, $5, $6, 11700, $7)`,
        [plan.id, randomUUID(), `cus_${plan.id}`, plan.status, periodEnd, plan.period, plan.duplicateOf],
      );
    }
    await db.query(
      `insert into plan_periods (subscription_id, period_start, period_end, months, invoice_id)
       values ('sub_recorded', 100, 200, 1, 'in_recorded')`,
    );

    expect(await migrate(db, MIGRATIONS)).toEqual(all.filter((name) => name >= BACKFILL));
    const periods = await db.query<{
      subscription_id: string;
      period_start: string;
      period_end: string;
      months: number;
    }>('select subscription_id, period_start, period_end, months from plan_periods order by subscription_id');
    const end = Math.floor(periodEnd.getTime() / 1000);
    const start = new Date(periodEnd);
    start.setUTCMonth(start.getUTCMonth() - 3);
    expect(
      periods.map((p) => ({ ...p, period_start: Number(p.period_start), period_end: Number(p.period_end) })),
    ).toEqual([
      {
        subscription_id: 'sub_old_quarterly',
        period_start: Math.floor(start.getTime() / 1000),
        period_end: end,
        months: 3,
      },
      { subscription_id: 'sub_recorded', period_start: 100, period_end: 200, months: 1 },
    ]);

    // The schedule makes the visit it buys, due 7 days after the period began (overdue now), once.
    await runVisitSchedule(db);
    await runVisitSchedule(db);
    const visits = await db.query<{ subscription_id: string; plan_visit_no: number; status: string; due_date: string }>(
      `select subscription_id, plan_visit_no, status, due_date from visits where subscription_id = 'sub_old_quarterly'`,
    );
    expect(visits).toEqual([
      {
        subscription_id: 'sub_old_quarterly',
        plan_visit_no: 1,
        status: 'requested',
        due_date: addDays(businessToday(start), 7),
      },
    ]);
    await db.close();
  });
});
