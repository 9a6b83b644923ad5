/**
 * The back end of `npm run dev`: an Astro integration that, under `astro dev` only, mounts on the
 * dev server's own port the routes `npm run serve` mounts (server/site.ts): every function at
 * /api/*, and in the embedded default the auth and Stripe emulators, the mailbox and the lead
 * list, with the environment set up for that port. Islands that sign in or check out can then be
 * worked on with Astro's hot reload. The back end itself is loaded by Node, not Vite, so a change
 * to a function or an emulator takes a restart of `npm run dev`.
 *
 * Its embedded database defaults to `.data/dev` (DATA_DIR overrides), apart from the `.data` of
 * `npm start`: one PGlite folder must never be open in two processes at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { Backend } from '../server/site.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run dev` keeps its embedded database when DATA_DIR is not set. */
export const DEV_DATA_DIR = '.data/dev';

type RouteListener = (req: IncomingMessage, res: ServerResponse) => boolean;

interface Mounted {
  backend: Backend;
  answer: RouteListener;
}

/**
 * The back end of this process. Astro restarts its dev server in place when its configuration
 * changes; the new server mounts the back end already running instead of opening the database twice.
 */
let running: { port: number; mounted: Promise<Mounted | null> } | undefined;

function dataDir(): string {
  return resolve(ROOT, process.env['DATA_DIR'] ?? DEV_DATA_DIR);
}

/**
 * Where the back end's parts call the dev server: the address it listens on, or 127.0.0.1 when
 * that is every address (`--host`).
 */
function callbackHost(address: AddressInfo): string {
  return address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
}

/** Opens the database and starts the back end for a dev server on `address`; null when it cannot run. */
async function mount(address: AddressInfo, logger: AstroIntegrationLogger): Promise<Mounted | null> {
  const notMounted = 'The functions are not mounted; pages are still served.';
  try {
    // Loaded here, not with astro.config.mjs: `astro build` and `astro check` never need them.
    const [config, db, app, data, headers, site] = await Promise.all([
      import('../functions/_lib/platform/config-check.ts'),
      import('../functions/_lib/platform/db.ts'),
      import('../server/app.ts'),
      import('../server/embedded/data-dir.ts'),
      import('../server/headers.ts'),
      import('../server/site.ts'),
    ]);
    const report = config.checkConfig(process.env);
    if (report.problems.length > 0) {
      logger.error(`${config.describeProblems(report)}\n${notMounted}`);
      return null;
    }
    if (!process.env['DATABASE_URL']) db.setDb(await data.openDataDir(dataDir()));
    const backend = await site.startBackend({
      mode: report.mode,
      root: ROOT,
      port: address.port,
      loopbackHost: callbackHost(address),
      authRateLimits: process.env['AUTH_RATE_LIMITS'] !== 'off',
      // `DATA_DIR=.data/dev npm run owner -- ...` reads the auth emulator's service key there.
      ...(process.env['DATABASE_URL'] ? {} : { dataDir: dataDir() }),
    });
    const origin = `http://localhost:${address.port}`;
    logger.info(
      report.mode === 'embedded'
        ? `Embedded back end on this port: functions at /api/*, auth at /auth/v1, payments emulator (test card ` +
            `4242 4242 4242 4242), mailbox at ${origin}/_dev/mail, leads at ${origin}/_dev/leads; ` +
            `database in ${relative(ROOT, dataDir())}`
        : 'Production configuration: functions at /api/* against the hosted services; no emulators.',
    );
    return { backend, answer: app.createRouteListener(backend.routes, (res) => headers.applySecurityHeaders(res)) };
  } catch (error) {
    // A data dir that cannot be used says so in one line (server/embedded/data-dir.ts); anything else in full.
    const detail = error instanceof Error ? (error.name === 'DataDirError' ? error.message : error.stack) : undefined;
    logger.error(`The back end could not start: ${detail ?? String(error)}\n${notMounted}`);
    return null;
  }
}

/** The running back end for a dev server on `address`, started on first use. */
function backendFor(address: AddressInfo, logger: AstroIntegrationLogger): Promise<Mounted | null> {
  if (running && running.port !== address.port) {
    logger.warn(`The back end still calls back port ${running.port}: restart \`npm run dev\` to move it.`);
  }
  if (!running) {
    const mounted = mount(address, logger);
    running = { port: address.port, mounted };
    // A back end that could not start is tried again at the next restart (e.g. a corrected variable).
    // Once mounted, its start-up calls over the port (the emulator's plan prices) can be answered.
    void mounted.then((result) => {
      if (!result && running?.mounted === mounted) running = undefined;
      result?.backend.ready().catch((error: unknown) => {
        logger.warn(`The back end's start-up calls failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  }
  return running.mounted;
}

/** Stops the back end: its background work, then the database. */
async function stopBackend(): Promise<void> {
  const current = running;
  running = undefined;
  await (await current?.mounted)?.backend.stopWork();
}

/** The Astro integration; it does nothing outside `astro dev`. */
export function devBackend(): AstroIntegration {
  let dev = false;
  return {
    name: 'dev-backend',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        dev = command === 'dev';
        if (!dev) return;
        updateConfig({
          vite: {
            // The database writes constantly; watching its files would only cost the dev server time.
            server: { watch: { ignored: ['**/.data/**'] } },
            plugins: [
              {
                name: 'dev-backend-stop',
                // When the dev server stops (SIGTERM), not on a restart in place: the new server keeps the back end.
                async closeServer({ reason }) {
                  if (reason === 'close') await stopBackend();
                },
              },
            ],
          },
        });
      },
      'astro:server:setup': ({ server, logger }) => {
        if (!dev) return;
        const http = server.httpServer;
        if (!http) {
          logger.warn('The dev server has no HTTP server of its own (middleware mode): the back end is not mounted.');
          return;
        }
        let ready: Promise<Mounted | null> | undefined;
        http.once('listening', () => {
          ready = backendFor(http.address() as AddressInfo, logger);
        });
        // Before Vite's and Astro's own handlers: a route of the back end answers; anything else goes on.
        server.middlewares.use((req, res, next) => {
          if (!ready) return next();
          ready.then(
            (mounted) => {
              if (!mounted?.answer(req, res)) next();
            },
            (error: unknown) => next(error),
          );
        });
      },
    },
  };
}
