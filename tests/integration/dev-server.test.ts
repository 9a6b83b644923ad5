/**
 * `npm run dev` serves the back end too (scripts/dev-backend.ts): a real `astro dev` process, on a
 * free port, answers the functions, the auth emulator and the mailbox next to its hot-reloaded
 * pages, from one port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, removeDir, ROOT, sendWithHost, serverEnv, tempDataDir } from '../support/server.ts';

// Starting Vite and Astro, then opening a fresh database, takes a while on a busy machine.
const START_TIMEOUT_MS = 150_000;

/** The dev server's line once its back end is mounted (or why it could not be). */
const MOUNTED = /Embedded back end on this port|back end could not start|functions are not mounted/;

/**
 * The environment of a developer's shell: without vitest's own variables, with which Astro renders
 * as inside a test and its pages answer 404, and without telemetry.
 */
function devEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  );
  return { ...clean, ASTRO_TELEMETRY_DISABLED: '1' };
}

describe('npm run dev with its back end', { timeout: 60_000 }, () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  let origin = '';
  let port = 0;
  let output = '';

  beforeAll(async () => {
    dataDir = await tempDataDir('shm-dev-');
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // --ignore-lock: never in the way of (or stopped by) a developer's own `npm run dev`.
    child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/astro/bin/astro.mjs'),
        'dev',
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--ignore-lock',
      ],
      {
        cwd: ROOT,
        env: devEnv(serverEnv({ dataDir, port })),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const started = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`astro dev did not mount its back end in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (MOUNTED.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`astro dev exited with ${code} while starting:\n${output}`));
      });
    });
    expect(output).toContain('Embedded back end on this port');
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      // Vite closes the server (and the back end its database) on SIGTERM; a hung one is cut.
      const cut = setTimeout(() => running.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(cut);
    }
    if (dataDir) await removeDir(dataDir);
  }, 30_000);

  test('the functions answer: /api/check-subscription refuses a call without a token, in JSON', async () => {
    const res = await fetch(`${origin}/api/check-subscription`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: expect.any(String) as unknown });
  });

  test('the auth emulator answers /auth/v1/settings', async () => {
    const res = await fetch(`${origin}/auth/v1/settings`, { headers: { apikey: 'embedded-anon-key' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ external: { email: true } });
  });

  test('the mailbox answers 200 with its page, styled within its own policy', async () => {
    const res = await fetch(`${origin}/_dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(await res.text()).toContain('Local mailbox');
  });

  test('the pages are still Astro’s, on the same port', async () => {
    const res = await fetch(`${origin}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html');
  });

  // Vite's host check (server.allowedHosts) runs before the back end's routes: a page on another
  // site whose name points at 127.0.0.1 (DNS rebinding) reads neither the mailbox nor the leads.
  test('another host name is refused before the back end: mailbox, leads, sign-in, functions', async () => {
    for (const path of ['/_dev/mail.json', '/_dev/leads.json', '/auth/v1/settings', '/api/availability']) {
      expect((await sendWithHost(port, `evil.example:${port}`, 'GET', path)).status, path).toBe(403);
    }
    expect((await sendWithHost(port, `localhost:${port}`, 'GET', '/_dev/mail.json')).status).toBe(200);
  });
});
