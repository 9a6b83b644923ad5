/**
 * What the operator sees when `npm run serve` starts (docs/product/operations.md#embedded-default): with
 * nothing set it listens on 127.0.0.1 only and says so; a port in use or a data folder held by
 * another server stops it with one line before it touches the database; and the leads export
 * refuses to open the embedded database while a server holds it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, removeDir, runUntilExit, startServer, tempDataDir, type ServerProcess } from '../support/server.ts';

/** Whether a TCP connection to `host`:`port` is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('a server started with nothing set', { timeout: 120_000 }, () => {
  let dataDir = '';
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await tempDataDir('shm-start-');
    // HOST removed: the embedded default chooses.
    server = await startServer({ dataDir, port: await freePort(), env: { HOST: undefined } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await removeDir(dataDir);
  });

  test('listens on 127.0.0.1 only, and says so', async () => {
    const port = server?.port ?? 0;
    expect(await accepts('127.0.0.1', port)).toBe(true);
    // Another address of this machine (all of 127/8 is local): open on 0.0.0.0, closed on 127.0.0.1.
    expect(await accepts('127.0.0.2', port)).toBe(false);
    expect(server?.output()).toContain(
      'Listening on 127.0.0.1 only: other devices cannot reach this server (HOST=0.0.0.0 opens it to the network).',
    );
  });

  test('a second server on the same port stops with one line naming the port and PORT', async () => {
    const { code, stdout, stderr } = await runUntilExit({ port: server?.port ?? 0, env: { HOST: undefined } });
    expect(code).toBe(1);
    expect(stdout).not.toContain('is running at');
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot start: port ${server?.port} is already in use (another \`npm start\`?). Stop that server, or set PORT to a free port, e.g. PORT=${(server?.port ?? 0) + 1}.`,
    ]);
  });

  test('a second server on the same data folder stops with one line naming the first', async () => {
    const { code, stderr } = await runUntilExit({ dataDir });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot start: the embedded database in ${dataDir} is in use by the server running at http://localhost:${server?.port} (process ${server?.pid}). Stop that server first (Ctrl+C in its terminal).`,
    ]);
  });

  test('the leads export refuses while the server holds the database, and works once it stops', async () => {
    const held = await runUntilExit({ script: 'scripts/leads-export.ts', dataDir });
    expect(held.code).toBe(1);
    expect(held.stdout).toBe('');
    expect(held.stderr.trim()).toMatch(
      /^Cannot export: the embedded database in .* is in use by the server running at/,
    );

    await server?.stop();
    server = undefined;
    const free = await runUntilExit({ script: 'scripts/leads-export.ts', dataDir });
    expect(free.stderr).toBe('');
    expect(free.code).toBe(0);
    expect(free.stdout.split('\r\n')[0]).toMatch(/^"id","kind","created_at"/);
  });
});
