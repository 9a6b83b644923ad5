/**
 * Starts the real server (`node server/index.ts`, exactly what `npm run serve` runs) over the built
 * `dist/` for a benchmark, through the helper the test suites use (tests/support/server.ts): the
 * embedded default, on BENCH_PORT or a free port, with a fresh DATA_DIR that is removed again when
 * the server stops.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startFreshServer } from '../../tests/support/server.ts';

/** A running benchmark server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Stops the server (SIGTERM, as a deployment would) and removes its data folder. */
  stop(): Promise<void>;
}

/** The port from BENCH_PORT, or undefined for a free one. */
function benchPort(): number | undefined {
  const configured = process.env['BENCH_PORT'];
  if (!configured) return undefined;
  const port = Number(configured);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`BENCH_PORT must be a port number (1-65535), got "${configured}"`);
  }
  return port;
}

/**
 * Starts the server on the built site. `env` adds variables (e.g. AUTH_RATE_LIMITS=off); the
 * server's output goes to stderr prefixed, so a failure is visible without drowning the results.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ has no built site: run `npm run build` first (the bench:* scripts do)');
  }
  const port = benchPort();
  const server = await startFreshServer({
    prefix: 'shm-bench-',
    env,
    ...(port === undefined ? {} : { port }),
    onOutput: (text) => {
      for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
    },
  });
  return {
    origin: server.origin,
    stop: async () => {
      await server.stop();
    },
  };
}
