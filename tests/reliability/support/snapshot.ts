/**
 * Every row of every table (the product's and the emulators'), read from a stopped server's data
 * dir, so a suite can show what a run stored, changed or lost.
 */
import { openPGlite, type Db } from '../../../functions/_lib/platform/db.ts';

const SCHEMAS = ['public', 'emulator_auth', 'emulator_mail', 'emulator_stripe'];

/** Table name (`schema.table`) to its rows as JSON text. */
export type Snapshot = Map<string, Set<string>>;

/** Opens a stopped server's data dir, runs `fn` on it and closes it. */
export async function withDatabase<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPGlite(dataDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Every row of every table in `dataDir`. */
export function snapshot(dataDir: string): Promise<Snapshot> {
  return withDatabase(dataDir, async (db) => {
    const tables = await db.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema = any($1::text[]) and table_type = 'BASE TABLE' order by 1`,
      [SCHEMAS],
    );
    const result: Snapshot = new Map();
    for (const { name } of tables) {
      const rows = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${name} t`);
      result.set(name, new Set(rows.map((r) => r.row)));
    }
    return result;
  });
}

/** Per table: rows of `before` gone or changed in `after`, and rows `after` has that `before` had not. */
export function compare(
  before: Snapshot,
  after: Snapshot,
): { missing: Map<string, number>; added: Map<string, number> } {
  const missing = new Map<string, number>();
  const added = new Map<string, number>();
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(table) ?? new Set<string>();
    const now = after.get(table) ?? new Set<string>();
    const gone = [...old].filter((row) => !now.has(row)).length;
    const fresh = [...now].filter((row) => !old.has(row)).length;
    if (gone) missing.set(table, gone);
    if (fresh) added.set(table, fresh);
  }
  return { missing, added };
}
