/**
 * The running site of `npm run serve`, in either mode: the database with its migrations, every
 * function, the leads outbox and the built pages; in the embedded default also the emulators,
 * the mailbox and the lead list. Production mounts none of those and sends HSTS. The caller
 * (server/index.ts) has already checked the configuration.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { RuntimeMode } from '../functions/_lib/config-check.ts';
import { getDb } from '../functions/_lib/db.ts';
import { migrate } from '../functions/_lib/migrate.ts';
import { startOutbox } from '../functions/_lib/outbox.ts';
import { createApp, type Route } from './app.ts';
import { applyEmbeddedEnv, applyEmbeddedPaymentsEnv, embeddedPayments, embeddedRoutes } from './embedded/index.ts';
import { loadFunctionRoutes } from './functions.ts';

/** How to run the site. */
export interface SiteOptions {
  mode: RuntimeMode;
  /** The repository root (functions/, supabase/migrations, dist/). */
  root: string;
  port: number;
  host: string;
  /** The built pages (default `<root>/dist`). */
  distDir?: string;
  /** The auth emulator's per-IP limits (embedded default only; default on). */
  authRateLimits?: boolean;
}

/** A started site. */
export interface Site {
  server: Server;
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Stops the background work (webhook deliveries, leads outbox), then closes the database. */
  stopWork(): Promise<void>;
}

/** Opens the database, mounts everything the mode has and listens. */
export async function startSite({
  mode,
  root,
  port,
  host,
  distDir,
  authRateLimits = true,
}: SiteOptions): Promise<Site> {
  const embedded = mode === 'embedded';
  if (embedded && port === 0) throw new Error('The embedded default needs a fixed port: its emulators call it back');
  // Before the functions load: they read SUPABASE_URL and the Stripe settings from the environment.
  if (embedded) {
    applyEmbeddedEnv(port);
    applyEmbeddedPaymentsEnv(port);
  }

  const db = await getDb();
  await migrate(db, join(root, 'supabase/migrations'));
  const routes: Route[] = await loadFunctionRoutes(join(root, 'functions'));
  const payments = embedded ? await embeddedPayments(db, port) : null;
  if (embedded) routes.push(...(await embeddedRoutes({ db, rateLimits: authRateLimits })));
  if (payments) routes.push(...payments.routes);

  // Relays stored leads to the automation webhooks, resuming any left queued by the last run.
  const outbox = startOutbox({ db });

  const server = createApp({ distDir: distDir ?? join(root, 'dist'), routes, hsts: !embedded });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    async stopWork() {
      // Pending webhook deliveries and leads stay queued in the database and resume at the next start.
      await Promise.all([payments?.stop(), outbox.stop()]);
      await db.close();
    },
  };
}
