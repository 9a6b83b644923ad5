/**
 * The database behind an integration test's data folder: when TEST_DATABASE_URL names a Postgres
 * server (CI runs the suite that way, on production's database), a database of its own on that
 * server, named after the folder, so the same folder reopens the same data and parallel test files
 * never share one; otherwise an embedded PGlite in the folder. Either starts as a copy of the
 * template the suite's global set-up migrated once (global-setup.ts), unless a test asks for an
 * empty one (the migrations' own tests).
 */
import { cp, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { openPGlite, openPostgres, type Db } from '../../../functions/_lib/platform/db.ts';
import { databaseUrl, withAdmin } from './pg-admin.ts';

/** The Postgres server of the suite, read once (not DATABASE_URL: that would put a server it starts in production). */
const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? '';

/** Which engine the integration suite runs on in this process. */
export const TEST_ENGINE: Db['kind'] = SERVER_URL ? 'postgres' : 'pglite';

/** The migrated template: a Postgres database's name, or a PGlite folder (tests/integration/global-setup.ts). */
const provided: unknown = inject('migratedTemplate');
if (typeof provided !== 'string') {
  throw new Error("No migrated template: add tests/integration/global-setup.ts to this vitest project's globalSetup");
}
const TEMPLATE = provided;

const created = new Set<string>();

function databaseFor(dataDir: string): string {
  return `shm_test_${basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')}`;
}

/** Options of a test database. */
export interface TestDbOptions {
  /** Start with no tables at all instead of the migrated template (the migrations' own tests). */
  empty?: boolean;
  /** The engine, when a test needs one whatever the suite runs on (default: the suite's). */
  engine?: Db['kind'];
}

/**
 * The connection string of the Postgres database of `dataDir`, created on first use, for a
 * process of its own; null when the suite runs on PGlite.
 */
export async function testDbUrl(
  dataDir: string,
  { empty = false, engine = TEST_ENGINE }: TestDbOptions = {},
): Promise<string | null> {
  if (engine === 'pglite') return null;
  const database = databaseFor(dataDir);
  if (!created.has(database)) {
    await withAdmin(SERVER_URL, async (sql) => {
      const [row] = await sql`select 1 as found from pg_database where datname = ${database}`;
      if (!row) await sql.unsafe(`create database "${database}"${empty ? '' : ` template "${TEMPLATE}"`}`);
    });
    created.add(database);
  }
  return databaseUrl(SERVER_URL, database);
}

/** Opens the database of `dataDir`, creating it on first use (from the template unless `empty`). */
export async function openTestDb(dataDir: string, options: TestDbOptions = {}): Promise<Db> {
  const url = await testDbUrl(dataDir, options);
  if (url !== null) return openPostgres(url);
  const folder = join(dataDir, 'pglite');
  const exists = await stat(folder).then(
    () => true,
    () => false,
  );
  // A closed PGlite cluster is a folder: a copy of the template's is a migrated database.
  if (!exists && !options.empty) await cp(join(TEMPLATE, 'pglite'), folder, { recursive: true });
  return openPGlite(dataDir);
}

/** Drops the Postgres database of `dataDir`, if this process made one (PGlite's lives in the folder). */
export async function dropTestDb(dataDir: string): Promise<void> {
  const database = databaseFor(dataDir);
  if (!created.delete(database)) return;
  await withAdmin(SERVER_URL, (sql) => sql.unsafe(`drop database if exists "${database}" with (force)`));
}
