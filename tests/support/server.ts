/**
 * The real server as `npm run serve` starts it (`node server/index.ts`), as a child process: one
 * helper for the integration suite, the reliability suites and the benchmarks. The child runs the
 * embedded default whatever the developer's shell holds: every variable of the configuration table
 * (functions/_lib/platform/config-check.ts) is removed before the caller's own are added. It is ready once it
 * prints its address (and, in the embedded default, the webhook secret printed after it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { checkConfig, VARIABLES } from '../../functions/_lib/platform/config-check.ts';

/** The repository root (the server's working directory). */
export const ROOT = join(import.meta.dirname, '../..');

/** The embedded Stripe emulator's secret key (server/embedded/index.ts) the suites call its API with. */
export const EMBEDDED_STRIPE_KEY = 'sk_test_embedded_local';

/** Every variable the product reads, from its configuration table: what a child must not inherit. */
export const CONFIG_VARIABLES: readonly string[] = VARIABLES.map((variable) => variable.name);

const READY_TIMEOUT_MS = 120_000;
/** How long a SIGTERM may take (the server itself cuts open requests after 10 s) before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;
const WEBHOOK_SECRET_LINE = /webhook signing secret (whsec_\w+)/;

/**
 * Where `freePort` draws from: below the ephemeral ranges (Linux 32768-60999, macOS and Windows
 * 49152-65535) that outgoing connections take their local ports from. A port the system handed out
 * (listen on port 0) and released could be taken by a client socket of a load test before the server
 * bound it (CI: "port 41109 is already in use").
 */
const PORT_RANGE = { low: 20_000, high: 32_000 } as const;

/** Whether 127.0.0.1:`port` can be listened on right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free TCP port on 127.0.0.1, drawn at random from `PORT_RANGE`. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.low} and ${PORT_RANGE.high} in 100 attempts`);
}

/** A fresh temporary folder for a server's data. */
export function tempDataDir(prefix = 'shm-server-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Removes a data folder. */
export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** What a server process is started with. */
export interface ServerOptions {
  dataDir: string;
  port: number;
  /** More environment, set after the configuration variables are removed (undefined removes one). */
  env?: Record<string, string | undefined>;
  /** Run as this uid/gid (to make a data dir unreadable to the server when the tests run as root). */
  uid?: number;
  gid?: number;
  /** The script to run instead of server/index.ts (e.g. scripts/start.ts, `npm start`). */
  script?: string;
  /** Called with everything the process prints, as it prints it. */
  onOutput?: (text: string) => void;
  /**
   * Start an empty `dataDir` from a copy of the migrated data folder named by SERVER_TEMPLATE_ENV
   * (made by `makeServerTemplate`) instead of a new database; without one yet, it starts fresh.
   */
  template?: boolean;
}

/** The environment a server child gets: the embedded default, on 127.0.0.1, plus `options.env`. */
export function serverEnv(options: Pick<ServerOptions, 'dataDir' | 'port' | 'env'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  Object.assign(env, { PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir });
  // The suites book many visits for the same morning: the most a window may take, unless a test says otherwise.
  env['VISITS_PER_WINDOW'] ??= '20';
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

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
  /** SIGTERM (or `signal`), SIGKILL if it has not exited 15 s later; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function spawnServer(options: ServerOptions): ChildProcess {
  return spawn(process.execPath, [options.script ?? 'server/index.ts'], {
    cwd: ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid }),
  });
}

/**
 * The environment variable naming the data folder that `startServer({ template: true })` copies:
 * a folder a server has started on once (migrated, its keys written) and stopped. Playwright's global
 * setup (tests/e2e/global-setup.ts) sets it. A new database costs most of a server's start on a
 * 2-core machine (PGlite's initdb); a copy of a migrated one costs a fraction of it.
 */
export const SERVER_TEMPLATE_ENV = 'SHM_SERVER_TEMPLATE';

/** Copies the template into `dataDir` when asked, the template is there, and `dataDir` is still empty (not a restart). */
async function startFromTemplate(options: ServerOptions): Promise<void> {
  const template = process.env[SERVER_TEMPLATE_ENV];
  if (!options.template || !template || !existsSync(template)) return;
  if ((await readdir(options.dataDir).catch(() => [])).length > 0) return;
  await cp(template, options.dataDir, { recursive: true, filter: (path) => basename(path) !== 'server.lock' });
}

/**
 * Makes the template of SERVER_TEMPLATE_ENV at `path`: a server started on a fresh folder and stopped,
 * the folder then renamed to `path` at once, so a reader finds it whole or not at all. Returns `path`.
 */
export async function makeServerTemplate(path: string): Promise<string> {
  const building = await tempDataDir('shm-server-template-');
  try {
    const server = await startServer({ dataDir: building, port: await freePort() });
    const code = await server.stop();
    if (code !== 0) throw new Error(`the template's server exited with ${code}:\n${server.output()}`);
    await rename(building, path);
    return path;
  } catch (error) {
    await removeDir(building);
    throw error;
  }
}

/** Starts the server and resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  await startFromTemplate(options);
  const child = spawnServer(options);
  const embedded = checkConfig(serverEnv(options)).mode === 'embedded';
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    options.onOutput?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${READY_TIMEOUT_MS / 1000} s:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const ready = () => {
      // The embedded default prints its webhook signing secret right after the address.
      if (output.includes('is running at') && (!embedded || WEBHOOK_SECRET_LINE.test(output))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', ready);
    child.stderr?.on('data', ready);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} while starting:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  const pid = child.pid ?? 0;
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = (signal: NodeJS.Signals) => {
    if (running()) child.kill(signal);
    return exited;
  };
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
    kill,
    async stop(signal = 'SIGTERM') {
      const cut = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      try {
        return await kill(signal);
      } finally {
        clearTimeout(cut);
      }
    },
  };
}

/** Where a server with its own fresh data folder runs, and more environment. */
export interface FreshServerOptions extends Pick<ServerOptions, 'env' | 'onOutput' | 'template'> {
  /** The data folder's name prefix under the system's temporary folder. */
  prefix?: string;
  /** The port; a free one when absent. */
  port?: number;
}

/**
 * Starts the server on a fresh data folder (and a free port unless given); its `stop` also removes
 * the folder. A server that fails to start leaves no folder behind.
 */
export async function startFreshServer(options: FreshServerOptions = {}): Promise<ServerProcess> {
  const dataDir = await tempDataDir(options.prefix);
  try {
    const server = await startServer({ ...options, dataDir, port: options.port ?? (await freePort()) });
    return {
      ...server,
      async stop(signal) {
        try {
          return await server.stop(signal);
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

/** What a server that refuses to start printed, and its exit code. */
export interface FailedStart {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the server (or `options.script`) expecting it to exit on its own, e.g. on an unusable
 * data dir or configuration; kills it after 180 s (a start that refuses takes seconds; the
 * reliability suites run five servers side by side on two cores, where one took over 60). Without a data dir or port it gets a fresh
 * folder, removed afterwards, and a free port.
 */
export async function runUntilExit(
  options: Partial<Pick<ServerOptions, 'dataDir' | 'port'>> & Omit<ServerOptions, 'dataDir' | 'port'>,
): Promise<FailedStart> {
  const ownDir = options.dataDir === undefined ? await tempDataDir() : undefined;
  const child = spawnServer({
    ...options,
    dataDir: options.dataDir ?? ownDir ?? '',
    port: options.port ?? (await freePort()),
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  if (ownDir) await removeDir(ownDir);
  return { code, stdout, stderr };
}

/**
 * A request to a server on 127.0.0.1:`port` with the Host header given (fetch does not let a
 * caller set it): how a page on another site whose name points at 127.0.0.1 reaches it.
 */
export function sendWithHost(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          Host: host,
          apikey: 'embedded-anon-key',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
