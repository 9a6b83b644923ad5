/** Applies SQL migration files in name order, each once, recording them in a ledger table. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.ts';

/**
 * Applies every `*.sql` file of `dir` not yet in `ledger`, in file-name order, each in its own
 * transaction. Returns the names applied now.
 */
export async function migrate(db: Db, dir: string, ledger = 'public.schema_migrations'): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_.]*$/.test(ledger)) throw new Error(`Invalid ledger table name: ${ledger}`);
  await db.exec(
    `create table if not exists ${ledger} (version text primary key, applied_at timestamptz not null default now())`,
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
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
