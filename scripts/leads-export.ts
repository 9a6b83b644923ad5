/**
 * `npm run leads:export > leads.csv`: every stored lead as CSV on stdout, from DATABASE_URL or the
 * embedded database under DATA_DIR (default `.data/`). Stop the server first when it uses PGlite:
 * an embedded database has one user at a time.
 */
import { fileURLToPath } from 'node:url';
import { getDb } from '../functions/_lib/db.ts';
import { leadsCsv } from '../functions/_lib/leads-csv.ts';
import { listLeads } from '../functions/_lib/leads.ts';
import { migrate } from '../functions/_lib/migrate.ts';

const db = await getDb();
try {
  // A fresh data folder has no tables yet: an empty export beats an error.
  await migrate(db, fileURLToPath(new URL('../supabase/migrations', import.meta.url)));
  process.stdout.write(leadsCsv(await listLeads(db)));
} finally {
  await db.close();
}
