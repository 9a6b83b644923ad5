/**
 * What a slow, greedy or hostile client can do to the real server (docs/product/operations.md#security and
 * #rate-limits): a request sent slowly is cut after about 30 s; one client holds at most 64
 * connections; an upload abandoned halfway is one log line; an over-long body answered early
 * closes its connection, so a client reusing kept-alive connections never sends into a closed one;
 * the lead limit counts an IPv6 /64 as one client; another site's page cannot post to any
 * state-changing endpoint; a lead sent twice with one Idempotency-Key is stored once and relayed
 * with that key.
 */
import { createServer, Agent, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { report, Tally } from './support/figures.ts';
import { sampled, sampling } from './support/sample.ts';
import { closeAgents, send, type Answer } from './support/http.ts';
import { startFreshServer, type ServerProcess } from '../support/server.ts';

/** Received lead deliveries: the Idempotency-Key of each. */
const relayed: string[] = [];
let sink: Server;
let server: ServerProcess;
let origin = '';

beforeAll(async () => {
  sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      relayed.push(String(req.headers['idempotency-key'] ?? ''));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
  server = await startFreshServer({
    prefix: 'shm-rel-clients-',
    env: { CONTACT_WEBHOOK_URL: hook, LEAD_WEBHOOK_URL: hook },
  });
  origin = server.origin;
});

afterAll(async () => {
  closeAgents();
  await server?.stop('SIGTERM');
  sink?.closeAllConnections();
  await new Promise((resolve) => sink?.close(resolve));
});

/** Opens a raw connection from `from`, writes `bytes`, and resolves once it is open. */
function openSocket(from: string, bytes = ''): Promise<Socket> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: from }, () => {
      if (bytes) socket.write(bytes);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** What the server wrote on a socket until it closed it, and after how many ms. */
function untilClosed(socket: Socket, limitMs: number): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    const timer = setTimeout(() => socket.destroy(), limitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: Date.now() - started });
    });
  });
}

const contactBody = (name = 'Pat Doe') =>
  JSON.stringify({ name, email: 'pat@example.com', phone: '417-555-0100', service: '', message: '' });

describe('slow and greedy clients', () => {
  test('headers or a body sent too slowly: answered 408 and closed after about 30 s, not 300', async (context) => {
    const tally = new Tally();
    const from = '127.0.0.41';
    const slowHeaders = await openSocket(from, 'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const slowBody = await openSocket(
      from,
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    );
    const [headers, body] = await Promise.all([untilClosed(slowHeaders, 90_000), untilClosed(slowBody, 90_000)]);
    for (const [what, outcome] of [
      ['slow headers', headers],
      ['slow body', body],
    ] as const) {
      tally.tried += 1;
      expect(outcome.ms, what).toBeLessThan(45_000);
      expect(outcome.ms, what).toBeGreaterThan(25_000);
      expect(outcome.text, what).toMatch(/^HTTP\/1\.1 408 /);
      tally.rejected += 1;
    }
    report(
      context,
      tally.row('clients', 'slow headers and slow body (request timeout)', {
        note: `closed after ${Math.round(headers.ms / 1000)} s and ${Math.round(body.ms / 1000)} s`,
      }),
    );
  });

  test('one client holds at most 64 connections; the next is answered 503; others are not affected', async (context) => {
    const tally = new Tally();
    const held = await Promise.all(Array.from({ length: 64 }, () => openSocket('127.0.0.42')));
    tally.tried += 64;
    const extra = await openSocket('127.0.0.42', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const refused = await untilClosed(extra, 10_000);
    tally.tried += 1;
    expect(refused.text).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.text).toMatch(/\r\nRetry-After: 10\r\n/);
    expect(refused.text).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    tally.rejected += 1;
    const other = await send(origin, { method: 'GET', path: '/', from: '127.0.0.43' });
    tally.tried += 1;
    expect(other.status).toBe(200);
    // A connection given back makes room again.
    held.pop()?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await send(origin, { method: 'GET', path: '/', from: '127.0.0.42' });
    tally.tried += 1;
    expect(again.status).toBe(200);
    for (const socket of held) socket.destroy();
    expect(server.output().match(/Connections from 127\.0\.0\.42 refused/g)).toHaveLength(1);
    report(context, tally.row('clients', 'open connections per client (64)'));
  });

  test('an upload abandoned halfway is one log line, never a stack trace', async (context) => {
    const tally = new Tally();
    const before = server.output().length;
    // 20 in the full run, half to each function; on CI a sample, still to both (support/sample.ts).
    const uploads = sampled(20, 4);
    for (let i = 0; i < uploads; i += 1) {
      const path = i % 2 ? '/api/contact' : '/api/stripe-webhook';
      const socket = await openSocket(
        '127.0.0.44',
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nStripe-Signature: t=1,v1=x\r\nContent-Type: application/json\r\n` +
          `Content-Length: 5000\r\n\r\n{"name":`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      tally.tried += 1;
    }
    await expect
      .poll(
        () =>
          server
            .output()
            .slice(before)
            .match(/the client closed the connection/g)?.length,
      )
      .toBe(uploads);
    const log = server.output().slice(before);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log.trim().split('\n')).toHaveLength(uploads);
    tally.rejected += uploads;
    report(
      context,
      tally.row('clients', 'uploads abandoned halfway', {
        ...sampling('20 uploads'),
        note: `${uploads} aborts, ${uploads} log lines`,
      }),
    );
  });

  test('after an over-long body, requests reusing kept-alive connections are all answered', async (context) => {
    const tally = new Tally();
    const agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: '127.0.0.45' });
    const post = (bytes: number): Promise<Answer | 'closed'> =>
      new Promise((resolve) => {
        const body = Buffer.alloc(bytes, 'a');
        const url = new URL(origin);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/stripe-webhook',
            agent,
            headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x', 'content-length': bytes },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const all = Buffer.concat(chunks);
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, text: all.toString() });
            });
          },
        );
        // The server may close while an over-long body is still being sent: that is a refusal too.
        req.on('error', () => resolve('closed'));
        req.end(body);
      });
    let lost = 0;
    // 15 rounds in the full run, a sample on CI (support/sample.ts).
    const rounds = sampled(15, 3);
    for (let round = 0; round < rounds; round += 1) {
      const huge = await post(3_000_000);
      tally.tried += 1;
      if (huge !== 'closed') {
        expect(huge.status).toBe(413);
        expect(huge.headers['connection']).toBe('close');
      }
      tally.rejected += 1;
      const small = await Promise.all([post(2), post(2), post(2)]);
      tally.tried += small.length;
      lost += small.filter((answer) => answer === 'closed').length;
      for (const answer of small) if (answer !== 'closed') expect(answer.status).toBe(400);
    }
    agent.destroy();
    tally.serverErrors += 0;
    expect(lost).toBe(0);
    report(
      context,
      tally.row('clients', `kept-alive requests after a 3 MB body (${rounds} rounds)`, {
        ...sampling('15 rounds'),
        note: `${lost} lost`,
      }),
    );
  });
});

describe('the lead limit', () => {
  test('every address of one IPv6 /64 counts as one client (behind the proxy, X-Forwarded-For)', async (context) => {
    const tally = new Tally();
    const minute = (at: number) => Math.floor(at / 60_000);
    // The limit counts in the clock's minutes (functions/_lib/platform/rate-limit.ts): twelve
    // requests that straddle a minute's end are counted in two windows, so such a round is tried
    // again from another /64 in the new minute, where twelve requests cannot straddle another.
    let statuses: number[] = [];
    for (let network = 7; network <= 8; network += 1) {
      const started = Date.now();
      statuses = [];
      for (let i = 1; i <= 12; i += 1) {
        const answer = await send(origin, {
          method: 'POST',
          path: '/api/contact',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `2001:db8:42:${network}::${i.toString(16)}`,
          },
          body: contactBody(`Visitor ${i}`),
        });
        tally.tried += 1;
        statuses.push(answer.status);
      }
      if (minute(started) === minute(Date.now())) break;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429, 429]);
    tally.rejected += 2;
    const neighbour = await send(origin, {
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:42:9::1' },
      body: contactBody('Neighbour'),
    });
    tally.tried += 1;
    expect(neighbour.status).toBe(202);
    report(context, tally.row('clients', 'lead limit per IPv6 /64 (10 a minute)'));
  });
});

/** Every state-changing function, as a browser page would call it. */
const STATE_CHANGING = [
  '/api/contact',
  '/api/lead',
  '/api/plan-request',
  '/api/create-payment-checkout',
  '/api/create-subscription-checkout',
  '/api/customer-portal',
  '/api/check-subscription',
];

describe('cross-site posts', () => {
  test("another site's page cannot post to any state-changing endpoint; the site's own pages can", async (context) => {
    const tally = new Tally();
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.127.0.0.1.example' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    let from = 50;
    for (const path of STATE_CHANGING) {
      for (const headers of crossSite) {
        for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
          const answer = await send(origin, {
            method: 'POST',
            path,
            headers: { ...headers, 'content-type': type },
            body: type === 'application/json' ? contactBody() : 'name=Pat',
            from: `127.0.0.${from}`,
          });
          tally.tried += 1;
          expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(answer.text)).toEqual({
            error: "Cross-site request refused: this site's forms and buttons only accept requests from its own pages.",
          });
          tally.rejected += 1;
        }
      }
      from += 1;
    }
    // The site's own pages, with and without JavaScript.
    for (const headers of [{ 'sec-fetch-site': 'same-origin', origin }, { origin }, { 'sec-fetch-site': 'none' }, {}]) {
      const answer = await send(origin, {
        method: 'POST',
        path: '/api/contact',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Pat+Doe&email=pat%40example.com&phone=417-555-0100',
        from: '127.0.0.60',
      });
      tally.tried += 1;
      expect(answer.status, JSON.stringify(headers)).toBe(303);
    }
    // The card provider's webhook is server to server and signed: never refused as cross-site.
    const webhook = await send(origin, {
      method: 'POST',
      path: '/api/stripe-webhook',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    tally.tried += 1;
    expect(webhook.status).toBe(400);
    report(context, tally.row('clients', 'cross-site posts to state-changing endpoints'));
  });
});

describe('Idempotency-Key on leads', () => {
  test('a submission sent eight times at once with one key is stored once, answered alike, relayed with its key', async (context) => {
    const tally = new Tally();
    const count = async () =>
      (JSON.parse((await send(origin, { method: 'GET', path: '/_dev/leads.json' })).text) as { leads: unknown[] }).leads
        .length;
    const before = await count();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(origin, {
          method: 'POST',
          path: '/api/contact',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: contactBody('Twice Clicked'),
          from: '127.0.0.61',
        }),
      ),
    );
    tally.tried += answers.length;
    expect(answers.map((a) => a.status)).toEqual(Array<number>(8).fill(202));
    const ids = new Set(answers.map((a) => (JSON.parse(a.text) as { id: string }).id));
    expect(ids.size).toBe(1);
    tally.rejected += answers.length - 1;
    expect(await count()).toBe(before + 1);

    const other = await send(origin, {
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: contactBody('Someone Else'),
      from: '127.0.0.61',
    });
    tally.tried += 1;
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual({
      error: 'Idempotency-Key: this key was already used for a different submission',
    });
    tally.rejected += 1;
    expect(await count()).toBe(before + 1);

    // Relayed as a visitor's key, which no owner event's key can equal (docs/product/leads.md#leads).
    await expect.poll(() => relayed.filter((k) => k === `visitor:${key}`).length, { timeout: 30_000 }).toBe(1);
    report(
      context,
      tally.row('clients', 'one lead per Idempotency-Key (8 at once)', { note: 'relayed once, with its key' }),
    );
  });
});
