/**
 * `npm run bench:load` (after the build the npm script runs): starts the real server on the built
 * site (embedded default, fresh database, AUTH_RATE_LIMITS=off), signs up and confirms one customer
 * through the auth emulator and the local mailbox, then drives four endpoints with autocannon over
 * 127.0.0.1 and writes requests per second and p50/p99 latency to bench/results/load.json. Exits 1
 * if any request failed (an error, a timeout or a non-2xx answer).
 *
 * Options: `--duration <s>` per endpoint (default 10), `--connections <n>` (default 10), `--out`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bookingVisit } from '../tests/support/visit.ts';
import { startBenchServer } from './lib/server.ts';
import { signUpAndIn } from './lib/session.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string', default: 'bench/results/load.json' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0)) throw new Error(`--duration must be a number of seconds above 0, got "${values.duration}"`);
if (!Number.isInteger(connections) || connections < 1) {
  throw new Error(`--connections must be a whole number above 0, got "${values.connections}"`);
}

/** One endpoint's figures. */
interface EndpointResult {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const server = await startBenchServer({ AUTH_RATE_LIMITS: 'off' });
const results: EndpointResult[] = [];
const load = [loadavg()[0]!];
try {
  const { accessToken: token } = await signUpAndIn(server.origin, `load-${Date.now()}@bench.example`, {
    fullName: 'Load Bench',
  });
  const json = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const endpoints: {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    headers: Record<string, string>;
    body?: string;
  }[] = [
    { name: 'static page (home)', method: 'GET', path: '/', headers: { 'accept-encoding': 'br' } },
    {
      name: 'article page',
      method: 'GET',
      path: '/blog/how-to-change-air-filter',
      headers: { 'accept-encoding': 'br' },
    },
    { name: 'check-subscription', method: 'POST', path: '/api/check-subscription', headers: json },
    {
      name: 'create-payment-checkout (Stripe emulator)',
      method: 'POST',
      path: '/api/create-payment-checkout',
      headers: json,
      // A visit on the first weekday morning ahead: checkouts take one since visits became records.
      body: JSON.stringify({
        serviceType: 'smoke-detector-batteries',
        options: { additionalDetectors: 2 },
        visit: bookingVisit(),
      }),
    },
  ];
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: `${server.origin}${endpoint.path}`,
      method: endpoint.method,
      headers: endpoint.headers,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      connections,
      duration,
    });
    load.push(loadavg()[0]!);
    results.push({
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    });
    const last = results.at(-1)!;
    console.log(
      `${last.name.padEnd(42)} ${String(last.requestsPerSecond).padStart(6)} req/s  p50 ${last.latencyMs.p50} ms  p99 ${last.latencyMs.p99} ms  ` +
        `errors ${last.errors + last.timeouts + last.non2xx}`,
    );
  }
} finally {
  await server.stop();
}

const report = {
  generatedAt: new Date().toISOString(),
  settings: {
    tool: 'autocannon',
    connections,
    durationSecondsPerEndpoint: duration,
    server:
      'node server/index.ts on 127.0.0.1, embedded default (PGlite, auth and Stripe emulators in the same process)',
  },
  machine: {
    cpus: cpus().length,
    loadAverage: { atStart: Math.round(load[0]! * 100) / 100, max: Math.round(Math.max(...load) * 100) / 100 },
  },
  endpoints: results,
};
await mkdir(dirname(values.out), { recursive: true });
await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Written to ${values.out}`);
const failures = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
if (failures > 0) {
  console.error(`${failures} requests failed: the load figures above are not valid.`);
  process.exit(1);
}
