/** Applies an emulator's own SQL migrations in its own schema, with its own ledger table. */
import type { Db } from '../../functions/_lib/platform/db.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';

/** Creates `schema` if needed, then applies `dir`'s migrations recorded in `<schema>.schema_migrations`. */
export async function migrateEmulatorSchema(db: Db, schema: string, dir: string): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  // The ledger lives in the schema, so the schema must exist before migrate() creates the ledger.
  await db.exec(`create schema if not exists ${schema}`);
  return migrate(db, dir, `${schema}.schema_migrations`);
}
