/**
 * Starts the real server (`node server/index.ts`, exactly what `npm run serve` runs) over the built
 * `dist/` for a benchmark, through the helper the test suites use (tests/support/server.ts): the
 * embedded default, on BENCH_PORT or a free port, with a fresh DATA_DIR that is removed again when
 * the server stops. A bench that needs data in place before the server opens it (seeded visits)
 * passes `prepare`, which gets the empty data dir first.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, removeDir, ROOT, startServer, tempDataDir } from '../../tests/support/server.ts';

/** A running benchmark server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Its DATA_DIR (the embedded database, the auth emulator's service key). */
  readonly dataDir: string;
  /** Stops the server (SIGTERM, as a deployment would) and removes its data folder. */
  stop(): Promise<void>;
}

/** How a benchmark server starts. */
export interface BenchServerOptions {
  /** Called with the fresh, empty data dir before the server starts (the server then opens what it left). */
  prepare?: (dataDir: string) => Promise<void>;
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
export async function startBenchServer(
  env: Record<string, string> = {},
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ has no built site: run `npm run build` first (the bench:* scripts do)');
  }
  const dataDir = await tempDataDir('shm-bench-');
  try {
    await options.prepare?.(dataDir);
    const server = await startServer({
      dataDir,
      port: benchPort() ?? (await freePort()),
      env,
      onOutput: (text) => {
        for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
      },
    });
    return {
      origin: server.origin,
      port: server.port,
      dataDir,
      stop: async () => {
        try {
          await server.stop();
        } finally {
          await removeDir(dataDir);
        }
      },
    };
  } catch (error) {
    await removeDir(dataDir);
    throw error;
  }
}
