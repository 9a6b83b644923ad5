/**
 * Starts the real server (`node server/index.ts`, exactly what `npm run serve` runs) over the built
 * `dist/` for a benchmark: on BENCH_PORT or a free port, with a fresh DATA_DIR that is removed again
 * when the server stops.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** A running benchmark server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Stops the server (SIGTERM, as a deployment would) and removes its data folder. */
  stop(): Promise<void>;
}

/** A port nothing listens on right now, chosen by the operating system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The port from BENCH_PORT, or a free one. */
async function benchPort(): Promise<number> {
  const configured = process.env['BENCH_PORT'];
  if (!configured) return freePort();
  const port = Number(configured);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`BENCH_PORT must be a port number (1-65535), got "${configured}"`);
  }
  return port;
}

async function waitUntilServing(origin: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`the server stopped before it was ready (${exit})`);
    try {
      const res = await fetch(`${origin}/`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${origin} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the server on the built site. `env` adds variables (e.g. AUTH_RATE_LIMITS=off); the
 * server's output goes to stderr prefixed, so a failure is visible without drowning the results.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ has no built site: run `npm run build` first (the bench:* scripts do)');
  }
  const port = await benchPort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shm-bench-'));
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: string | null = null;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `exit code ${code ?? 'none'}${signal ? `, signal ${signal}` : ''}`;
      resolve();
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
    });
  }

  const stop = async (): Promise<void> => {
    if (!exit) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exitedPromise;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(origin, () => exit);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
