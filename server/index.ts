/**
 * `npm run serve`: opens the database and applies migrations, mounts the functions (and, with no
 * hosted services configured, the local emulators and mailbox), starts the leads outbox, serves the
 * site on PORT (default 4321), and shuts down cleanly on SIGINT/SIGTERM: open requests finish, the
 * background deliveries stop, then the database closes.
 */
import { fileURLToPath } from 'node:url';
import { migrate } from '../functions/_lib/migrate.ts';
import { startOutbox } from '../functions/_lib/outbox.ts';
import { createApp, type Route } from './app.ts';
import { openDatabaseOrExit } from './data-dir.ts';
import {
  applyEmbeddedEnv,
  applyEmbeddedPaymentsEnv,
  embeddedPayments,
  embeddedRoutes,
  isEmbedded,
  isPaymentsEmbedded,
} from './embedded.ts';
import { loadFunctionRoutes } from './functions.ts';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '0.0.0.0';
const embedded = isEmbedded();
const paymentsEmbedded = isPaymentsEmbedded();
// Before the functions load: they read SUPABASE_URL and the Stripe settings from the environment.
if (embedded) applyEmbeddedEnv(port);
if (paymentsEmbedded) applyEmbeddedPaymentsEnv(port);

const db = await openDatabaseOrExit();
await migrate(db, root('supabase/migrations'));
const routes: Route[] = await loadFunctionRoutes(root('functions'));
if (embedded) routes.push(...(await embeddedRoutes({ db, rateLimits: process.env['AUTH_RATE_LIMITS'] !== 'off' })));
const payments = paymentsEmbedded ? await embeddedPayments(db, port) : null;
if (payments) routes.push(...payments.routes);

// Relays stored leads to the automation webhooks, resuming any left queued by the last run.
const outbox = startOutbox({ db });

const server = createApp({ distDir: root('dist'), routes });
server.listen(port, host, () => {
  console.log(`Springfield Home Maintenance is running at http://localhost:${port}`);
  if (embedded) {
    console.log(`Embedded mode: local auth at /auth/v1, mailbox at http://localhost:${port}/_dev/mail`);
  }
  if (payments) console.log('Embedded payments: local card-provider emulator with test cards (4242 4242 4242 4242)');
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  server.close(() => {
    // Pending webhook deliveries and leads stay queued in the database and resume at the next start.
    void Promise.all([payments?.stop(), outbox.stop()])
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  // Requests still open after 10 s are cut so a stuck client cannot hold the process forever.
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
