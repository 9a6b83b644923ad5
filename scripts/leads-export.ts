/**
 * `npm run leads:export > leads.csv`: every stored lead as CSV on stdout, from DATABASE_URL or the
 * embedded database under DATA_DIR (default `.data/`). An embedded database has one user at a
 * time: while a server holds it, the export refuses with one line naming that server (stop it,
 * then export) instead of opening the same files beside it.
 */
import { fileURLToPath } from 'node:url';
import { getDb } from '../functions/_lib/platform/db.ts';
import { leadsCsv } from '../functions/_lib/leads/leads-csv.ts';
import { listLeads } from '../functions/_lib/leads/leads.ts';
import { migrate } from '../functions/_lib/platform/migrate.ts';
import { dataDirInUse } from '../server/embedded/data-lock.ts';

if (!process.env['DATABASE_URL']) {
  const inUse = dataDirInUse(process.env['DATA_DIR'] ?? '.data', 'Cannot export');
  if (inUse) {
    console.error(inUse);
    process.exit(1);
  }
}

const db = await getDb();
try {
  // A fresh data folder has no tables yet: an empty export beats an error.
  await migrate(db, fileURLToPath(new URL('../supabase/migrations', import.meta.url)));
  process.stdout.write(leadsCsv(await listLeads(db)));
} finally {
  await db.close();
}
