/**
 * Migrates the integration suite's template database once per run: the product's migrations and
 * the embedded stand-ins' schemas, on the suite's engine (support/test-db.ts). Every test database
 * starts as a copy of it, so a run applies the migrations once, not once per server a test starts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite, openPostgres, type Db } from '../../functions/_lib/platform/db.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { migrateEmulatorSchema } from '../../server/embedded/schema.ts';
import { databaseUrl, withAdmin } from './support/pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template: a Postgres database's name, or a PGlite data folder. */
    migratedTemplate: string;
  }
}

const ROOT = join(import.meta.dirname, '../..');
const EMULATOR_SCHEMAS = {
  emulator_auth: 'server/embedded/auth/migrations',
  emulator_mail: 'server/embedded/mailbox/migrations',
  emulator_stripe: 'server/embedded/stripe/migrations',
  emulator_clock: 'server/embedded/clock/migrations',
};

async function migrateAll(db: Db): Promise<void> {
  await migrate(db, join(ROOT, 'supabase/migrations'));
  for (const [schema, dir] of Object.entries(EMULATOR_SCHEMAS))
    await migrateEmulatorSchema(db, schema, join(ROOT, dir));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env['TEST_DATABASE_URL'];
  if (server) {
    // One per project of the run: the reliability config gives two projects this set-up in one process.
    const template = `shm_template_${process.pid}_${project.name.replace(/[^a-z0-9]/gi, '_')}`;
    await withAdmin(server, (sql) => sql.unsafe(`create database "${template}"`));
    const db = await openPostgres(databaseUrl(server, template));
    await migrateAll(db);
    await db.close();
    project.provide('migratedTemplate', template);
    return async () => {
      await withAdmin(server, (sql) => sql.unsafe(`drop database if exists "${template}" with (force)`));
    };
  }
  const folder = await mkdtemp(join(tmpdir(), 'shm-it-template-'));
  const db = await openPGlite(folder);
  await migrateAll(db);
  await db.close();
  project.provide('migratedTemplate', folder);
  return () => rm(folder, { recursive: true, force: true });
}
