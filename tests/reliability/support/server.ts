/**
 * The real server as `npm run serve` starts it (`node server/index.ts`), as a child process the
 * reliability suites can load, kill with SIGKILL and start again on the same data and port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkConfig } from '../../../functions/_lib/config-check.ts';

/** The repository root (the server's working directory). */
export const ROOT = join(import.meta.dirname, '../../..');

/** The embedded Stripe emulator's secret key (server/embedded/index.ts) the suites call its API with. */
export const EMBEDDED_STRIPE_KEY = 'sk_test_embedded_local';

// Settings of a developer's shell that would take the server out of the embedded default.
const HOSTED_SETTINGS = [
  'PUBLIC_SUPABASE_URL',
  'SUPABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'SITE_URL',
  'DATABASE_URL',
  'CONTACT_WEBHOOK_URL',
  'LEAD_WEBHOOK_URL',
  'AUTH_RATE_LIMITS',
  'LEAD_RATE_LIMIT',
];

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A fresh temporary folder for a server's data. */
export function tempDataDir(prefix = 'shm-rel-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** What a server process is started with. */
export interface ServerOptions {
  dataDir: string;
  port: number;
  /** More environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Run as this uid/gid (to make a data dir unreadable to the server when the tests run as root). */
  uid?: number;
  gid?: number;
}

/** The environment a server child gets: the embedded default, on 127.0.0.1. */
export function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of HOSTED_SETTINGS) delete env[key];
  Object.assign(env, { PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

const WEBHOOK_SECRET_LINE = /webhook signing secret (whsec_\w+)/;

/** A running server child. */
export interface ServerProcess {
  readonly origin: string;
  readonly port: number;
  readonly dataDir: string;
  readonly pid: number;
  /** The embedded default's webhook signing secret for this run (empty in production). */
  readonly webhookSecret: string;
  /** Everything it printed so far. */
  output(): string;
  /** Its resident set size in bytes, from /proc. */
  rss(): Promise<number>;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

function spawnServer(options: ServerOptions): ChildProcess {
  return spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid }),
  });
}

/** Starts the server and resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const child = spawnServer(options);
  const embedded = checkConfig(serverEnv(options)).mode === 'embedded';
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The embedded default prints its webhook signing secret right after the address.
      if (output.includes('is running at') && (!embedded || WEBHOOK_SECRET_LINE.test(output))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} while starting:\n${output}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    origin: `http://127.0.0.1:${options.port}`,
    port: options.port,
    dataDir: options.dataDir,
    pid,
    webhookSecret: WEBHOOK_SECRET_LINE.exec(output)?.[1] ?? '',
    output: () => output,
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      if (!kb) throw new Error('no VmRSS in /proc status');
      return Number(kb) * 1024;
    },
    kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      return exited;
    },
  };
}

/** What a server that refuses to start printed, and its exit code. */
export interface FailedStart {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server expecting it to exit on its own (e.g. an unusable data dir); kills it after 60 s. */
export async function runUntilExit(options: ServerOptions): Promise<FailedStart> {
  const child = spawnServer(options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Removes a data folder. */
export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}
