/**
 * The running site of `npm run serve`, in either mode: the database with its migrations, every
 * function, the leads outbox and the built pages; in the embedded default also the emulators,
 * the mailbox, the lead list and the one clock. Production mounts none of those and sends HSTS. The caller
 * (server/index.ts) has already checked the configuration.
 */
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import type { RuntimeMode } from '../functions/_lib/platform/config-check.ts';
import { getDb } from '../functions/_lib/platform/db.ts';
import type { Route } from '../functions/_lib/platform/http.ts';
import { migrate } from '../functions/_lib/platform/migrate.ts';
import { mailQueue } from '../functions/_lib/platform/mail.ts';
import { repeatingJobs } from '../functions/_lib/jobs.ts';
import { leadsQueue } from '../functions/_lib/leads/leads-queue.ts';
import { textQueue } from '../functions/_lib/texts/sender.ts';
import { allowedHostHeader } from './embedded/hosts.ts';
import { startOutbox } from '../functions/_lib/platform/outbox.ts';
import { installClock } from '../functions/_lib/platform/clock.ts';
import { startSchedule, type Schedule } from '../functions/_lib/platform/schedule.ts';
import { setUpEmbeddedPlanPrices } from '../functions/_lib/plans/prices.ts';
import { stripeClient } from '../functions/_lib/platform/stripe.ts';
import { createApp } from './app.ts';
import { openClock } from './embedded/clock/index.ts';
import {
  applyEmbeddedEnv,
  applyEmbeddedPaymentsEnv,
  applyEmbeddedTextsEnv,
  embeddedClockRoute,
  embeddedPayments,
  embeddedRoutes,
  embeddedSmtp,
  embeddedTexts,
} from './embedded/index.ts';
import type { StripeEmulator } from './embedded/stripe/index.ts';
import { embeddedVisitLinkSecret } from './embedded/visit-link-key.ts';
import { loadFunctionRoutes } from './functions.ts';

/** What the back end of a mode needs. */
export interface BackendOptions {
  mode: RuntimeMode;
  /** The repository root (functions/, supabase/migrations). */
  root: string;
  /** The port the site is reached on, which the embedded default's emulators call back. */
  port: number;
  /** The loopback address they call it on (default 127.0.0.1; see loopbackOrigin). */
  loopbackHost?: string;
  /** The auth emulator's per-IP limits (embedded default only; default on). */
  authRateLimits?: boolean;
  /** The embedded database's folder (DATA_DIR), where the auth emulator's service key is written for `npm run owner`. */
  dataDir?: string | undefined;
}

/** The routes of a mode, and its background work. */
export interface Backend {
  routes: Route[];
  /** What runs once the routes are reached on the port: the embedded default's plan prices. */
  ready: () => Promise<void>;
  /** Stops the background work (webhook deliveries, leads outbox), then closes the database. */
  stopWork: () => Promise<void>;
}

/** How to run the site. */
export interface SiteOptions extends BackendOptions {
  host: string;
  /** The built pages (default `<root>/dist`). */
  distDir?: string;
}

/** A started site. */
export interface Site extends Pick<Backend, 'stopWork'> {
  server: Server;
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
}

/**
 * Migrates the process's database and mounts everything the mode has: every function and the
 * leads outbox, and in the embedded default the emulators, the mailbox and the lead list. The
 * same back end serves `npm run serve` (startSite below) and `npm run dev` (scripts/dev-backend.ts).
 */
export async function startBackend({
  mode,
  root,
  port,
  loopbackHost,
  authRateLimits = true,
  dataDir,
}: BackendOptions): Promise<Backend> {
  const embedded = mode === 'embedded';
  if (embedded && port === 0) throw new Error('The embedded default needs a fixed port: its emulators call it back');
  // Before the functions load: they read SUPABASE_URL and the Stripe settings from the environment.
  if (embedded) {
    applyEmbeddedEnv(port, process.env, loopbackHost);
    applyEmbeddedPaymentsEnv(port, process.env, loopbackHost);
    // The text provider's stand-in: its account kept in the data dir, the site's fictional number.
    applyEmbeddedTextsEnv(port, process.env, loopbackHost, dataDir);
    // The secret of the visits' e-mail links (docs/product/visits.md#changing-a-visit), kept in the data dir.
    process.env['VISIT_LINK_SECRET'] ??= embeddedVisitLinkSecret(dataDir);
  }

  const db = await getDb();
  await migrate(db, join(root, 'supabase/migrations'));
  const routes: Route[] = await loadFunctionRoutes(join(root, 'functions'));
  let payments: StripeEmulator | null = null;
  // The scheduled jobs (functions/_lib/jobs.ts), started once the site listens (a settlement reaches
  // the payment emulator over the port); the clock's advance runs them all before it answers.
  let schedule: Schedule | null = null;
  if (embedded) {
    // The one clock, before anything reads it: the functions' "now" and the payment emulator's
    // billing. The sign-in emulator keeps real time (server/embedded/clock/ says why).
    const clock = await openClock(db);
    installClock(clock.now);
    payments = await embeddedPayments(db, port, process.env, loopbackHost, clock.now);
    routes.push(
      ...(await embeddedRoutes({ db, rateLimits: authRateLimits, ...(dataDir ? { dataDir } : {}) })),
      // What the clock's new time made due goes before the answer: every scheduled job, in order.
      embeddedClockRoute(clock, payments, () => schedule?.runAll() ?? Promise.resolve()),
    );
    routes.push(...payments.routes);
    routes.push(...(await embeddedTexts(db, process.env, clock.now)).routes);
  }
  const smtp = embedded ? await embeddedSmtp(db) : null;

  // Relays stored leads and owner events to the automation webhooks, e-mails to the SMTP server and
  // texts to the provider, resuming any left queued by the last run.
  const outbox = startOutbox({ db, queue: leadsQueue() });
  const mailOutbox = startOutbox({ db, queue: mailQueue(process.env, db) });
  const textOutbox = startOutbox({ db, queue: textQueue(process.env, db) });
  const jobs = repeatingJobs({
    db,
    stripe: stripeClient,
    // The workers relay continuously: a run only wakes them.
    relayOutboxes: () => {
      outbox.kick();
      mailOutbox.kick();
      // The texts held till 8 AM go once the (embedded) clock has passed it.
      textOutbox.kick();
      return Promise.resolve();
    },
  });
  return {
    routes,
    // The emulator is reached over the port, like the card provider, so this waits for the listen.
    async ready() {
      schedule ??= startSchedule(jobs);
      if (embedded) await setUpEmbeddedPlanPrices(stripeClient());
    },
    async stopWork() {
      // Pending webhook deliveries, leads and e-mails stay queued in the database and resume at the next start.
      await Promise.all([payments?.stop(), outbox.stop(), mailOutbox.stop(), textOutbox.stop(), schedule?.stop()]);
      await smtp?.stop();
      if (embedded) installClock(Date.now);
      await db.close();
    },
  };
}

/** Opens the database, mounts everything the mode has and listens. */
export async function startSite({ host, distDir, ...options }: SiteOptions): Promise<Site> {
  const { routes, ready, stopWork } = await startBackend(options);
  const server = createApp({
    distDir: distDir ?? join(options.root, 'dist'),
    routes,
    hsts: options.mode !== 'embedded',
    // Its mailbox and lead list are open to whoever reaches them: only its own host names.
    ...(options.mode === 'embedded' ? { allowedHost: (host: string | undefined) => allowedHostHeader(host) } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await ready();
  return { server, port: (server.address() as AddressInfo).port, stopWork };
}

/**
 * The interface to listen on: HOST when set; else 127.0.0.1 in the embedded default, whose lead
 * list, mailbox and payment emulator (a plan for $0) must not be open to the network; else every
 * IPv4 interface, as production always has (behind a proxy on this machine, set HOST=127.0.0.1).
 */
export function listenHost(mode: RuntimeMode, env: NodeJS.ProcessEnv = process.env): string {
  return env['HOST'] || (mode === 'embedded' ? '127.0.0.1' : '0.0.0.0');
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** The line telling the operator where the server listens and who can reach it. */
export function listeningLine(
  mode: RuntimeMode,
  host: string,
  port: number,
  chosen: boolean,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string {
  if (WILDCARDS.has(host)) {
    const addresses = Object.values(interfaces)
      .flatMap((list) => list ?? [])
      .filter((info) => info.family === 'IPv4' || host !== '0.0.0.0')
      .map((info) => (info.family === 'IPv6' ? `[${info.address}]` : info.address));
    const where = `Listening on every interface (${host}, ${chosen ? 'HOST' : 'HOST is unset'}) at port ${port}: ${addresses.join(', ')}`;
    return mode === 'embedded'
      ? `${where}. Warning: anyone on these networks can read the local leads and mailbox and pay with test cards.`
      : `${where}. Behind a reverse proxy on this machine, set HOST=127.0.0.1.`;
  }
  if (mode === 'embedded' && !chosen) {
    return `Listening on ${host} only: other devices cannot reach this server (HOST=0.0.0.0 opens it to the network).`;
  }
  const warning =
    mode === 'embedded' && !LOOPBACK_HOSTS.has(host)
      ? ' Warning: anyone who can reach it can read the local leads and mailbox and pay with test cards.'
      : '';
  return `Listening on ${host} (HOST) at port ${port}.${warning}`;
}

/** One line saying why the server cannot listen on `port` at `host`, or null for another error. */
export function listenProblem(error: unknown, port: number, host: string): string | null {
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `Cannot start: port ${port} is already in use (another \`npm start\`?). Stop that server, or set PORT to a free port, e.g. PORT=${port === 65_535 ? 4322 : port + 1}.`;
    case 'EACCES':
      return `Cannot start: port ${port} needs administrator rights. Set PORT to 1024 or higher, e.g. PORT=4321 (a reverse proxy can serve port 443).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot start: HOST=${host} is not an address of this machine. Set HOST to one of its addresses, or unset it.`;
    default:
      return null;
  }
}

/** Tries to listen on `port` at `host` and lets go at once: the error a real start would hit, or null. */
export function probeListen(port: number, host: string): Promise<Error | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
