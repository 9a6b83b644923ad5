/** Applies SQL migration files in name order, each once, recording them in a ledger table. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.ts';

/**
 * The ledger the Supabase CLI keeps. The product's migrations are recorded there exactly as
 * `supabase db push` records them (version = the file's timestamp prefix), so the CLI and this
 * server agree on what a hosted database already has, whichever of them applied it.
 */
export const SUPABASE_LEDGER = 'supabase_migrations.schema_migrations';

/** Where the product's migrations were recorded before they shared the CLI's ledger. */
const LEGACY_LEDGER = 'public.schema_migrations';

/** The Supabase CLI's file name rule: `<digits>_<name>.sql`. */
const SUPABASE_FILE = /^(\d+)_(.*)\.sql$/;

/** The version and name the Supabase CLI reads from a migration's file name. */
export function supabaseVersion(file: string): { version: string; name: string } {
  const match = SUPABASE_FILE.exec(file);
  if (!match?.[1] || match[2] === undefined) {
    throw new Error(`Migration ${file} must be named <timestamp>_<name>.sql, as the Supabase CLI expects`);
  }
  return { version: match[1], name: match[2] };
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [table]);
  return row?.found ?? false;
}

/** Applies the files of `dir` not yet in the Supabase CLI's ledger, recording each as the CLI does. */
async function migrateSupabase(db: Db, dir: string, files: string[]): Promise<string[]> {
  const versions = new Map(files.map((file) => [file, supabaseVersion(file)]));
  // The same statements the CLI runs before a push, so either may create the ledger first.
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists ${SUPABASE_LEDGER} (version text not null primary key);
    alter table ${SUPABASE_LEDGER} add column if not exists statements text[];
    alter table ${SUPABASE_LEDGER} add column if not exists name text;`);
  const done = new Set(
    (await db.query<{ version: string }>(`select version from ${SUPABASE_LEDGER}`)).map((r) => r.version),
  );
  if (await tableExists(db, LEGACY_LEDGER)) {
    for (const { version } of await db.query<{ version: string }>(`select version from ${LEGACY_LEDGER}`)) {
      const legacy = versions.get(version);
      if (legacy) done.add(legacy.version);
    }
  }
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = versions.get(file) ?? supabaseVersion(file);
    if (done.has(version)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        `insert into ${SUPABASE_LEDGER} (version, name, statements) values ($1, $2, array[$3::text])
         on conflict (version) do nothing`,
        [version, name, sql],
      );
    });
    applied.push(file);
  }
  return applied;
}

/**
 * Applies every `*.sql` file of `dir` not yet in `ledger`, in file-name order, each in its own
 * transaction. Returns the names applied now. The default ledger is the Supabase CLI's (for
 * supabase/migrations); the emulators keep their own ledgers, keyed by file name.
 */
export async function migrate(db: Db, dir: string, ledger = SUPABASE_LEDGER): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_.]*$/.test(ledger)) throw new Error(`Invalid ledger table name: ${ledger}`);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  if (ledger === SUPABASE_LEDGER) return migrateSupabase(db, dir, files);
  await db.exec(
    `create table if not exists ${ledger} (version text primary key, applied_at timestamptz not null default now())`,
  );
  const done = new Set((await db.query<{ version: string }>(`select version from ${ledger}`)).map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into ${ledger} (version) values ($1)`, [file]);
    });
    applied.push(file);
  }
  return applied;
}
