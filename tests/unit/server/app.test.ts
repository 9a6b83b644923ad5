import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, test, vi } from 'vitest';
import type { Route } from '../../../functions/_lib/platform/http.ts';
import {
  answerClientError,
  capConnections,
  clientIp,
  createApp,
  findRoute,
  type AppOptions,
} from '../../../server/app.ts';
import { HSTS } from '../../../src/lib/security-headers.ts';

/** createApp over an empty build, listening on a free port; `close` cuts its connections and removes the build. */
async function listeningApp(options: Omit<AppOptions, 'distDir'> = {}) {
  const distDir = await mkdtemp(join(tmpdir(), 'shm-app-'));
  const server = createApp({ distDir, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = async () => {
    server.closeAllConnections();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    await rm(distDir, { recursive: true, force: true });
  };
  return { server, port, close };
}

describe('the visitor address behind a reverse proxy', () => {
  test.each([
    ['a direct visitor', '203.0.113.7', undefined, '203.0.113.7'],
    ['a direct visitor cannot choose its address', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
    ['through the proxy on this machine', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['through the proxy over IPv6 loopback', '::1', '198.51.100.1', '198.51.100.1'],
    [
      'a forged first hop is ignored: the proxy appends the real one',
      '127.0.0.1',
      '10.0.0.1, 198.51.100.1',
      '198.51.100.1',
    ],
    ['repeated headers read as one list', '::ffff:127.0.0.1', ['10.0.0.1', '198.51.100.2'], '198.51.100.2'],
    ['a local request without a proxy', '127.0.0.1', undefined, '127.0.0.1'],
    ['an empty header', '127.0.0.1', ' ', '127.0.0.1'],
  ] as const)('%s', (_what, peer, forwarded, expected) => {
    expect(clientIp(peer, forwarded as string | string[] | undefined)).toBe(expected);
  });
});

describe('answerClientError', () => {
  test('unparseable requests get 400 (431 for huge headers) with the security headers, then the connection closes', async () => {
    for (const [code, status] of [
      ['HPE_INVALID_METHOD', 400],
      ['HPE_HEADER_OVERFLOW', 431],
    ] as const) {
      const socket = new PassThrough();
      const written: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => written.push(chunk));
      const error = Object.assign(new Error('parse error'), { code });
      answerClientError(error, socket);
      await new Promise((resolve) => socket.on('end', resolve));
      const text = Buffer.concat(written).toString();
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text).toContain('X-Content-Type-Options: nosniff');
      expect(text).toContain('Connection: close');
      expect(text).not.toContain('Strict-Transport-Security');
    }
  });

  test('in production the 400 also carries HSTS', async () => {
    const socket = new PassThrough();
    const written: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => written.push(chunk));
    answerClientError(Object.assign(new Error('parse error'), { code: 'HPE_INVALID_METHOD' }), socket, true);
    await new Promise((resolve) => socket.on('end', resolve));
    expect(Buffer.concat(written).toString()).toContain(`Strict-Transport-Security: ${HSTS}\r\n`);
  });
});

describe('findRoute', () => {
  const h = () => Promise.resolve(new Response());
  const routes: Route[] = [
    { path: '/auth/v1', match: 'prefix', handler: h },
    { path: '/api/contact', match: 'exact', handler: h },
    { path: '/_dev', match: 'prefix', handler: h },
    { path: '/_dev/mail', match: 'prefix', handler: h },
  ];
  test.each([
    ['/auth/v1/token', '/auth/v1'],
    ['/auth/v1', '/auth/v1'],
    ['/auth/v10', undefined],
    ['/api/contact', '/api/contact'],
    ['/api/contact/x', undefined],
    ['/_dev/mail/1', '/_dev/mail'],
    ['/blog', undefined],
  ])('%s -> %s', (path, expected) => {
    expect(findRoute(routes, path)?.path).toBe(expected);
  });
});

describe('capConnections: one log line per client per minute', () => {
  /** A stand-in socket from `address`: enough of net.Socket for the listener. */
  function socket(address: string) {
    const s = new PassThrough() as PassThrough & { remoteAddress: string };
    s.remoteAddress = address;
    return s;
  }

  test('a client refused again and again within a minute is logged once, then again after the minute', () => {
    let t = 0;
    const lines: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line));
    try {
      const listen = capConnections(1, false, new WeakSet(), () => t);
      listen(socket('203.0.113.9') as never);
      for (let i = 0; i < 5; i += 1) {
        const extra = socket('203.0.113.9');
        listen(extra as never);
        extra.emit('close');
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Connections from 203\.0\.113\.9 refused/);
      t += 61_000;
      const later = socket('203.0.113.9');
      listen(later as never);
      later.emit('close');
      expect(lines).toHaveLength(2);
      // Another client has its own line.
      listen(socket('198.51.100.4') as never);
      listen(socket('198.51.100.4') as never);
      expect(lines).toHaveLength(3);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a path under /api/ that no function answers', () => {
  test('is a JSON 404 naming it, for any method and with a trailing slash, never the HTML page or a redirect', async () => {
    const routes: Route[] = [
      { path: '/api/owner/leads/:id', match: 'pattern', handler: () => Promise.resolve(new Response('{}')) },
    ];
    const { port, close } = await listeningApp({ routes });
    try {
      for (const [method, path] of [
        ['POST', '/api/owner/leads/'],
        ['GET', '/api/owner/customers/'],
        ['DELETE', '/api/nothing'],
        ['GET', '/api'],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: 'manual' });
        expect([method, path, res.status, res.headers.get('content-type')]).toEqual([
          method,
          path,
          404,
          'application/json; charset=utf-8',
        ]);
        expect(await res.json()).toEqual({ error: `No such API: ${method} ${path}` });
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/owner/leads/1`)).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('kept-alive connections (docs/product/leads.md#rate-limits)', () => {
  test('an idle one is kept longer than the reverse proxy keeps its own (Caddy: 120 s), and clients are told so', async () => {
    const { server, port, close } = await listeningApp();
    try {
      expect(server.keepAliveTimeout).toBeGreaterThan(120_000);
      const socket = connect({ host: '127.0.0.1', port });
      const head = await new Promise<string>((resolve, reject) => {
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('\r\n\r\n')) resolve(text);
        });
        socket.on('error', reject);
        socket.write('GET /nothing-here HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
      socket.destroy();
      expect(head).toMatch(/\r\nConnection: keep-alive\r\n/i);
      expect(head).toMatch(/\r\nKeep-Alive: timeout=130\r\n/i);
    } finally {
      await close();
    }
  });
  test('a server told to stop does not wait out the keep-alive time of the connection it is answering on', async () => {
    let answer = () => {};
    let arrived = () => {};
    const handling = new Promise<void>((resolve) => (arrived = resolve));
    const routes: Route[] = [
      {
        path: '/api/slow',
        match: 'exact',
        handler: () =>
          new Promise((resolve) => {
            answer = () => resolve(Response.json({ ok: true }));
            arrived();
          }),
      },
    ];
    const { server, port, close } = await listeningApp({ routes });
    const agent = new Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection ?? '' }));
        })
          .on('error', reject)
          .end();
      });
    try {
      // Two connections: one left idle, one answering when the server is told to stop.
      const [idle, inFlight] = [get('/nothing-here'), get('/api/slow')];
      expect((await idle).connection).toBe('keep-alive');
      await handling;
      const closed = new Promise<string>((resolve) => server.close(() => resolve('closed')));
      server.closeIdleConnections();
      answer();
      expect(await inFlight).toEqual({ status: 200, connection: 'keep-alive' });
      const late = new Promise<string>((resolve) => setTimeout(resolve, 10_000, 'still open after 10 s').unref());
      expect(await Promise.race([closed, late])).toBe('closed');
    } finally {
      agent.destroy();
      await close();
    }
  });
});

describe('a body answered before it has all arrived (docs/product/messages.md#server-answers)', () => {
  /** A server whose one function refuses any body at once, unread, with the given drain limits. */
  function refusingServer(drain: { bytes: number; ms: number }) {
    const routes: Route[] = [
      {
        path: '/api/upload',
        match: 'exact',
        handler: () =>
          Promise.resolve(Response.json({ error: 'Request body must be at most 16384 bytes' }, { status: 413 })),
      },
    ];
    return listeningApp({ routes, limits: { drain } });
  }

  /**
   * Sends `size` body bytes in 64 KB pieces, all but the first after the answer has arrived
   * (stopping after `stallAfter` when given), then closes its side: what it read, whether every
   * piece went out, and the socket error if any.
   */
  function upload(port: number, size: number, stallAfter = Infinity) {
    return new Promise<{ text: string; allSent: boolean; error: string | null }>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const received: Buffer[] = [];
      let error: string | null = null;
      let allSent = false;
      let answered = () => {};
      const answer = new Promise<void>((done) => (answered = done));
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        if (Buffer.concat(received).includes('\r\n\r\n')) answered();
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
      socket.on('close', () => resolve({ text: Buffer.concat(received).toString(), allSent, error }));
      const write = (bytes: string | Buffer) =>
        new Promise<boolean>((done) => (socket.destroyed ? done(false) : socket.write(bytes, (e) => done(!e))));
      void (async () => {
        if (!(await write(`POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${size}\r\n\r\n`))) return;
        const piece = Buffer.alloc(64 * 1024, 0x7b);
        for (let sent = 0; sent < Math.min(size, stallAfter); sent += piece.length) {
          if (!(await write(piece.subarray(0, Math.min(piece.length, size - sent))))) return;
          // The rest goes out once the answer is in, as a client does that sends on regardless.
          if (sent === 0) await Promise.race([answer, new Promise((done) => socket.once('close', done))]);
        }
        if (stallAfter < size) return;
        allSent = true;
        socket.end();
      })();
    });
  }

  test('within the limits: the rest of the body is read away, the 413 read, the connection closed cleanly', async () => {
    const { port, close } = await refusingServer({ bytes: 4 * 1024 * 1024, ms: 30_000 });
    try {
      const outcome = await upload(port, 3_000_000);
      expect(outcome.error).toBeNull();
      expect(outcome.allSent).toBe(true);
      expect(outcome.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(outcome.text).toContain('Connection: close');
    } finally {
      await close();
    }
  });

  test('past the byte limit the connection is cut before the client has sent it all', async () => {
    const { port, close } = await refusingServer({ bytes: 256 * 1024, ms: 30_000 });
    try {
      const outcome = await upload(port, 64 * 1024 * 1024);
      expect(outcome.allSent).toBe(false);
    } finally {
      await close();
    }
  });

  test('past the time limit a client that stops sending is cut', async () => {
    const { port, close } = await refusingServer({ bytes: 4 * 1024 * 1024, ms: 300 });
    try {
      // Sends 128 KB of a 1 MB body, then nothing: the server closes it (the test waits for that close).
      const outcome = await upload(port, 1_000_000, 128 * 1024);
      expect(outcome.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(outcome.allSent).toBe(false);
    } finally {
      await close();
    }
  });
});
