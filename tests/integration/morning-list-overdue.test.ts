/**
 * The morning list's plan visits overdue (docs/product/emails.md#morning-list), read from the database as
 * the list reads it: a plan visit due before the day and neither done nor cancelled is listed, the
 * longest overdue first, named as the desk names it; one done, one cancelled, one due later and a
 * booking are not.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { readMorningList } from '../../functions/_lib/notices/morning-list.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');
const USER = '00000000-0000-4000-8000-000000000001';

let dir = '';
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shm-morning-overdue-'));
  db = await openTestDb(dir);
  await migrate(db, MIGRATIONS);
});

afterAll(async () => {
  await db?.close();
  await dropTestDb(dir);
  await rm(dir, { recursive: true, force: true });
});

/** Stores a visit: a plan's (with its number and due date) or a booking's (neither). */
async function visit(
  name: string,
  status: string,
  plan: { tier: 'lite' | 'full'; no: number; due: string } | null,
): Promise<void> {
  await db.query(
    `insert into visits (subscription_id, user_id, customer_name, customer_email, phone, street, city, zip,
       service, day, time_window, status, plan_visit_no, due_date)
     values ($1, $2, $3, $4, '(417) 555-0102', '1 Elm St', 'Nixa', '65714', $5, $6, 'morning', $7, $8, $9)`,
    [
      plan ? `sub_${name}` : null,
      USER,
      name,
      `${name.toLowerCase()}@example.com`,
      plan ? plan.tier : 'dryer-vent-cleaning',
      plan?.due ?? '2026-11-16',
      status,
      plan?.no ?? null,
      plan?.due ?? null,
    ],
  );
}

describe('plan visits overdue in the morning list', { timeout: 60_000 }, () => {
  test('due before the day and still to do, the longest overdue first', async () => {
    await visit('Lou', 'requested', { tier: 'lite', no: 2, due: '2026-11-27' });
    await visit('Kim', 'confirmed', { tier: 'full', no: 1, due: '2026-11-20' });
    await visit('Done', 'done', { tier: 'full', no: 1, due: '2026-11-18' });
    await visit('Gone', 'cancelled', { tier: 'lite', no: 1, due: '2026-11-18' });
    await visit('Later', 'requested', { tier: 'lite', no: 1, due: '2026-11-30' });
    await visit('Booked', 'requested', null);

    const list = await readMorningList(db, '2026-11-30');
    expect(list.overdue).toEqual([
      { name: 'Kim', phone: '(417) 555-0102', service: 'Autopilot Full quarterly visit', dueDate: '2026-11-20' },
      { name: 'Lou', phone: '(417) 555-0102', service: 'Autopilot Lite quarterly visit', dueDate: '2026-11-27' },
    ]);
  });
});
