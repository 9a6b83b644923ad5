/**
 * The database behind an integration test's data folder: an embedded PGlite in the folder, or,
 * when DATABASE_URL names a Postgres server (CI runs the suite a second time that way), a
 * database of its own on that server, named after the folder, so the same folder reopens the
 * same data and parallel test files never share one.
 */
import { basename } from 'node:path';
import postgres from 'postgres';
import { openPGlite, openPostgres, type Db } from '../../../functions/_lib/platform/db.ts';

/** The Postgres server of the suite, read once: tests may set DATABASE_URL for the code they run. */
const SERVER_URL = process.env['DATABASE_URL'] ?? '';

/** Which engine the integration suite runs on in this process. */
export const TEST_ENGINE: Db['kind'] = SERVER_URL ? 'postgres' : 'pglite';

const created = new Set<string>();

/** The Postgres connection string of a database on the DATABASE_URL server. */
function urlOf(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function databaseFor(dataDir: string): string {
  return `shm_test_${basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')}`;
}

/**
 * The connection string of the Postgres database of `dataDir`, created on first use, for a
 * process of its own; null when the suite runs on PGlite.
 */
export async function testDbUrl(dataDir: string): Promise<string | null> {
  if (TEST_ENGINE === 'pglite') return null;
  const database = databaseFor(dataDir);
  if (!created.has(database)) {
    await withAdmin(async (sql) => {
      const [row] = await sql`select 1 as found from pg_database where datname = ${database}`;
      if (!row) await sql.unsafe(`create database "${database}"`);
    });
    created.add(database);
  }
  return urlOf(database);
}

/** Opens the database of `dataDir`, creating it on first use. */
export async function openTestDb(dataDir: string): Promise<Db> {
  const url = await testDbUrl(dataDir);
  return url === null ? openPGlite(dataDir) : openPostgres(url);
}

/** Drops the Postgres database of `dataDir`, if this process made one (PGlite's lives in the folder). */
export async function dropTestDb(dataDir: string): Promise<void> {
  const database = databaseFor(dataDir);
  if (!created.delete(database)) return;
  await withAdmin((sql) => sql.unsafe(`drop database if exists "${database}" with (force)`));
}
