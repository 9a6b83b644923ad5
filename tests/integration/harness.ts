/**
 * A real server for integration tests: the app of `npm start` (createApp) on 127.0.0.1 at a random
 * port, over a fresh database (PGlite in a temporary folder, or Postgres when DATABASE_URL is
 * set: support/test-db.ts), with the embedded routes (auth
 * emulator, mailbox) and optionally the functions and a test's own routes. Restartable on the same
 * data and port; removed after.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setDb, type Db } from '../../functions/_lib/platform/db.ts';
import type { Route } from '../../functions/_lib/platform/http.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { createApp } from '../../server/app.ts';
import { embeddedRoutes } from '../../server/embedded/index.ts';
import { loadFunctionRoutes } from '../../server/functions.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A clock that runs with real time but can be moved forward (past a reuse interval, a rate window). */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** A clock at real time plus whatever `advance` added. */
export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/** What a test server is started with. */
export interface TestServerOptions {
  /** Mount the auth emulator and the mailbox (default true). */
  embedded?: boolean;
  /** Mount every module of functions/ (default false). */
  functions?: boolean;
  /** The auth emulator's per-IP rate limits (default true, as in `npm start`). */
  rateLimits?: boolean;
  /** The auth emulator's project-wide cap on e-mails per hour (default: the emulator's, never reached). */
  emailsPerHour?: number;
  /**
   * More routes, e.g. another emulator, or a fault in front of one: an exact route wins over the
   * prefix it lies under, and `mounted` holds the routes mounted before (to hand requests on to).
   * Called again on restart.
   */
  routes?: (context: {
    db: Db;
    clock: TestClock;
    origin: string;
    mounted: readonly Route[];
  }) => Route[] | Promise<Route[]>;
  /** Background work started with the server (e.g. the leads outbox), stopped before the database closes. */
  worker?: (context: { db: Db }) => { stop(): Promise<void> };
  /** The emulators' clock (default: real time that `advance` can move forward). */
  clock?: TestClock;
}

/** A running server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>`; also SUPABASE_URL while the server runs. */
  readonly origin: string;
  readonly dataDir: string;
  readonly clock: TestClock;
  /** The open database (changes on restart). */
  db(): Db;
  /** Stops the server and closes the database, then starts both again on the same data and port. */
  restart(): Promise<void>;
  /** Stops the server, closes the database and removes the data folder. */
  stop(): Promise<void>;
}

interface Running {
  db: Db;
  server: Server;
  worker?: { stop(): Promise<void> } | undefined;
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

async function close({ db, server, worker }: Running): Promise<void> {
  // Clients keep connections alive; cut them so close() does not wait for their timeout.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await worker?.stop();
  await db.close();
}

// The suites book many visits for the same morning: the most a window may take
// (docs/product/visits.md#capacity-and-closed-days), unless a test sets its own on the owner's desk.
process.env['VISITS_PER_WINDOW'] ??= '20';

/**
 * Starts a server on a fresh database. Sets SUPABASE_URL to its origin (functions verify tokens
 * against it) and makes its database the process's (getDb()); both are restored by stop().
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { embedded = true, functions = false, rateLimits = true, emailsPerHour } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'shm-it-'));
  const distDir = join(dataDir, 'dist');
  await mkdir(distDir);
  const clock = options.clock ?? createTestClock();
  const savedUrl = process.env['SUPABASE_URL'];
  let port = 0;
  let origin = '';

  async function boot(): Promise<Running> {
    const db = await openTestDb(dataDir);
    setDb(db);
    await migrate(db, join(ROOT, 'supabase/migrations'));
    const routes: Route[] = [];
    if (functions) routes.push(...(await loadFunctionRoutes(join(ROOT, 'functions'))));
    if (embedded) {
      routes.push(
        ...(await embeddedRoutes({
          db,
          now: clock.now,
          rateLimits,
          ...(emailsPerHour === undefined ? {} : { emailsPerHour }),
          // The service key goes where `npm start` puts it (readServiceKey(server.dataDir)).
          dataDir,
        })),
      );
    }
    const server = createApp({ distDir, routes });
    port = await listen(server, port);
    origin = `http://127.0.0.1:${port}`;
    process.env['SUPABASE_URL'] = origin;
    // Made once the origin is known (webhook targets need it); createApp reads this same list per request.
    if (options.routes) routes.push(...(await options.routes({ db, clock, origin, mounted: [...routes] })));
    return { db, server, worker: options.worker?.({ db }) };
  }

  let running: Running | null = await boot();
  return {
    get origin() {
      return origin;
    },
    dataDir,
    clock,
    db() {
      if (!running) throw new Error('The test server is stopped');
      return running.db;
    },
    async restart() {
      if (running) await close(running);
      running = null;
      running = await boot();
    },
    async stop() {
      if (running) await close(running);
      running = null;
      if (savedUrl === undefined) delete process.env['SUPABASE_URL'];
      else process.env['SUPABASE_URL'] = savedUrl;
      await rm(dataDir, { recursive: true, force: true });
      await dropTestDb(dataDir);
    },
  };
}

/** A mail as /_dev/mail.json lists it. */
export interface TestMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** Its headers, name -> values, as the mailbox (like Mailpit) lists them. */
  headers: Record<string, string[]>;
  sentAt: string;
}

/** The mails sent to `address`, newest first, read through the mailbox's JSON. */
export async function mailsTo(origin: string, address: string): Promise<TestMail[]> {
  const res = await fetch(`${origin}/_dev/mail.json?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`/_dev/mail.json answered ${res.status}`);
  return ((await res.json()) as { messages: TestMail[] }).messages;
}
