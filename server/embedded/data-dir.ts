/**
 * The embedded database's folder (DATA_DIR), checked before the server uses it: a file where the
 * folder should be, a folder this user cannot read or write, a folder that is not a database, or
 * damaged database files end the start with one clear line and exit code 1, never a stack trace.
 * A DATA_DIR that does not exist yet is created (the first `npm start`).
 */
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getDb, openPGlite, setDb, type Db } from '../../functions/_lib/platform/db.ts';

/** A data dir the server cannot use, with what to do about it. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const FRESH_START = 'Move the folder away to start with an empty database, or restore it from a backup.';

function kind(path: string): 'missing' | 'folder' | 'other' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    // ENOTDIR: a parent is a file, so there is no folder here either; creating it says why.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (code === 'EACCES' || code === 'EPERM') throw unreadable(path);
    throw new DataDirError(`${path} cannot be read (${code ?? 'error'}).`);
  }
}

function unreadable(path: string): DataDirError {
  return new DataDirError(
    `${path} is not readable and writable by this user. Fix its permissions or set DATA_DIR to another folder.`,
  );
}

function requireAccess(path: string): void {
  try {
    accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw unreadable(path);
  }
}

function readVersion(pglite: string): string {
  try {
    return readFileSync(join(pglite, 'PG_VERSION'), 'utf8').trim();
  } catch {
    throw new DataDirError(`${pglite} is not a database folder (it has no PG_VERSION). ${FRESH_START}`);
  }
}

/** Checks (and creates when missing) the data dir; returns the database folder inside it. */
export function checkDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  if (kind(dir) === 'other') {
    throw new DataDirError(
      `DATA_DIR ${dir} is a file, not a folder. Set DATA_DIR to a folder (it is created if missing).`,
    );
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOTDIR'
        ? 'part of its path is a file'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : `${code ?? 'error'}`;
    throw new DataDirError(`DATA_DIR ${dir} cannot be created: ${why}. Set DATA_DIR to a folder this user can write.`);
  }
  requireAccess(dir);
  const pglite = join(dir, 'pglite');
  const inside = kind(pglite);
  if (inside === 'other') throw new DataDirError(`${pglite} is a file, not the database folder. ${FRESH_START}`);
  if (inside === 'folder') {
    requireAccess(pglite);
    if (readdirSync(pglite).length > 0) {
      const version = readVersion(pglite);
      if (!/^\d+$/.test(version)) {
        throw new DataDirError(`${pglite} is damaged (its PG_VERSION reads "${version.slice(0, 20)}"). ${FRESH_START}`);
      }
    }
  }
  return pglite;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 160);
}

/** Opens the embedded database of `dataDir` and reads every table once, so damage shows now, not mid-request. */
export async function openDataDir(dataDir: string): Promise<Db> {
  const pglite = checkDataDir(dataDir);
  let db: Db | undefined;
  try {
    db = await openPGlite(resolve(dataDir));
    const tables = await db.query<{ name: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')`,
    );
    for (const { name } of tables) await db.query(`select count(*) from ${name}`);
    return db;
  } catch (error) {
    await db?.close().catch(() => {});
    throw new DataDirError(
      `The database in ${pglite} could not be opened: it looks damaged (${firstLine(error)}). ${FRESH_START}`,
    );
  }
}

/**
 * The server's database: Postgres when DATABASE_URL is set, else the checked data dir's PGlite. An
 * unusable data dir prints one line to stderr and exits with code 1.
 */
export async function openDatabaseOrExit(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env['DATABASE_URL']) return getDb();
  try {
    const db = await openDataDir(env['DATA_DIR'] ?? '.data');
    setDb(db);
    return db;
  } catch (error) {
    console.error(`Cannot start: ${error instanceof DataDirError ? error.message : firstLine(error)}`);
    process.exit(1);
  }
}
