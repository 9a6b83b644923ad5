/**
 * Load on the real server over 127.0.0.1, all at once: 200 connections on an article page and 50 on
 * the functions (25 on check-subscription with a real token, 25 on create-payment-checkout against
 * the Stripe emulator) for 60 s (RELIABILITY_LOAD_SECONDS; 10 s when CI is set). No errors, no
 * timeouts, no non-2xx; every checkout answered has its order stored; the server's RSS is read
 * before, during and after, and must stay bounded.
 */
import autocannon, { type Result } from 'autocannon';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpConfirmed, type Session } from './support/customer.ts';
import { report } from './support/figures.ts';
import { sampled, sampling } from './support/sample.ts';
import { closeAgents } from './support/http.ts';
import { startFreshServer, type ServerProcess } from '../support/server.ts';
import { withDatabase } from './support/snapshot.ts';
import { bookingVisit } from '../support/visit.ts';

/** How long the load lasts: 60 s in the full run, 10 s on CI (support/sample.ts). */
const SECONDS = Number(process.env['RELIABILITY_LOAD_SECONDS'] ?? sampled(60, 10));
const ARTICLE = '/blog/air-filter-replacement-guide';
const MB = 1024 * 1024;
/** The server may grow by at most this much under the run (caches, the database's pages). */
const RSS_GROWTH_LIMIT = 256 * MB;

let server: ServerProcess;
let customer: Session;

beforeAll(async () => {
  server = await startFreshServer({ prefix: 'shm-rel-load-' });
  customer = await signUpConfirmed(server.origin, 'load@example.com', 'heavy-traffic-1');
});

afterAll(async () => {
  closeAgents();
  await server?.stop('SIGKILL');
});

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: Error | null, result) => (error ? reject(error) : resolve(result)));
  });
}

test(`200 connections on an article and 50 on the functions for ${SECONDS} s: no errors, bounded memory`, async (context) => {
  const json = { 'content-type': 'application/json', authorization: `Bearer ${customer.accessToken}` };
  const base = { duration: SECONDS, timeout: 20 };
  // Warm the caches (JWKS, prepared statements, the page) so "before" is a running server's size.
  await run({ ...base, url: `${server.origin}${ARTICLE}`, connections: 10, duration: 1 });
  await run({
    ...base,
    url: `${server.origin}/api/check-subscription`,
    method: 'POST',
    headers: json,
    body: '{}',
    connections: 5,
    duration: 1,
  });
  const before = await server.rss();
  /** The checkout sessions the load was answered with: each must have its order. */
  const answered: string[] = [];

  let peak = before;
  const sampler = setInterval(() => {
    void server.rss().then(
      (rss) => (peak = Math.max(peak, rss)),
      () => {},
    );
  }, 500);
  const [article, check, checkout] = await Promise.all([
    run({ ...base, url: `${server.origin}${ARTICLE}`, connections: 200, headers: { 'accept-encoding': 'br, gzip' } }),
    run({
      ...base,
      url: `${server.origin}/api/check-subscription`,
      method: 'POST',
      headers: json,
      body: '{}',
      connections: 25,
    }),
    run({
      ...base,
      url: `${server.origin}/api/create-payment-checkout`,
      connections: 25,
      requests: [
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            serviceType: 'air-filter-replacement',
            options: { filterQuality: 'premium' },
            visit: bookingVisit(),
          }),
          onResponse: (status, body) => {
            if (status === 200)
              answered.push(new URL((JSON.parse(body) as { url: string }).url).pathname.split('/').pop() ?? '');
          },
        },
      ],
    }),
  ]);
  clearInterval(sampler);
  const after = await server.rss();

  closeAgents();
  expect(await server.kill('SIGTERM')).toBe(0);
  const stored = await withDatabase(server.dataDir, async (db) => {
    const rows = await db.query<{ checkout_session_id: string }>(
      `select checkout_session_id from orders where kind = 'service' and amount_cents = 3000 and status = 'pending'`,
    );
    return new Set(rows.map((row) => row.checkout_session_id));
  });
  // A checkout still in flight when the run ended may have an order nobody heard of; that is fine.
  const missing = answered.filter((id) => !stored.has(id)).length;

  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  const rssNote = `RSS ${mb(before)} before, ${mb(peak)} peak, ${mb(after)} after`;
  const rows: [string, Result, number][] = [
    [`GET ${ARTICLE} (200 conns, ${SECONDS} s)`, article, 0],
    [`POST /api/check-subscription (25 conns, ${SECONDS} s)`, check, 0],
    [`POST /api/create-payment-checkout (25 conns, ${SECONDS} s)`, checkout, missing],
  ];
  for (const [check, result, lost] of rows) {
    report(context, {
      area: 'load',
      check,
      tried: result.requests.total,
      rejected: 0,
      serverErrors: result['5xx'],
      lost,
      p99Ms: result.latency.p99,
      ...(SECONDS < 60 ? sampling('60 s') : {}),
      note: `${Math.round(result.requests.average)} req/s, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx${result === article ? `; server ${rssNote}` : ''}`,
    });
  }
  for (const [check, result] of rows) {
    expect(result.errors, check).toBe(0);
    expect(result.timeouts, check).toBe(0);
    expect(result.non2xx, check).toBe(0);
    expect(result['2xx'], check).toBeGreaterThan(0);
  }
  // Every checkout the load got an answer for has its order: none lost under load.
  expect(answered.length).toBe(checkout['2xx']);
  expect(missing).toBe(0);
  expect(after - before).toBeLessThan(RSS_GROWTH_LIMIT);
});
