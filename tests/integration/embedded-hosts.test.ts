/**
 * The embedded default answers only its own host names (docs/product/operations.md#embedded-default): a page
 * on another site that points its own name at 127.0.0.1 (DNS rebinding) reads neither the mailbox
 * nor the leads, and no request can make the sign-in emulator mail a link to another host.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, removeDir, sendWithHost, startServer, tempDataDir, type ServerProcess } from '../support/server.ts';
import { mailsTo } from './harness.ts';

let dataDir = '';
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await tempDataDir('shm-hosts-');
  server = await startServer({ dataDir, port: await freePort() });
});

afterAll(async () => {
  await server?.stop();
  await removeDir(dataDir);
});

/** A request to the server with the Host header given. */
function send(host: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return sendWithHost(server?.port ?? 0, host, method, path, body);
}

describe('host names of the embedded default', { timeout: 60_000 }, () => {
  test('another host name is refused with 421 on every route: mailbox, leads, sign-in, functions, pages', async () => {
    for (const path of ['/_dev/mail.json', '/_dev/leads.json', '/auth/v1/settings', '/api/availability', '/']) {
      expect((await send('evil.example', 'GET', path)).status, path).toBe(421);
      expect((await send(`evil.example:${server?.port}`, 'GET', path)).status, path).toBe(421);
    }
    const recover = await send('evil.example', 'POST', '/auth/v1/recover', { email: 'dev@example.com' });
    expect(recover.status).toBe(421);
  });

  test('localhost, 127.0.0.1 and [::1] are served', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect((await send(`${host}:${server?.port}`, 'GET', '/_dev/mail.json')).status, host).toBe(200);
    }
  });

  test('a mailed link is built from the configured origin, whichever loopback name the request used', async () => {
    const email = `hosts.${Date.now()}@example.com`;
    const signUp = await send(`localhost:${server?.port}`, 'POST', '/auth/v1/signup', {
      email,
      password: 'correct horse 42',
    });
    expect(signUp.status).toBe(200);
    const [mail] = await mailsTo(server?.origin ?? '', email);
    const link = new URL(mail?.links.find((l) => l.includes('/auth/v1/verify')) ?? '');
    expect(link.origin).toBe(server?.origin);
  });
});
