/**
 * `npm run bench:owner` (after the build the npm script runs): the owner's Week read under load
 * (issue 31). Seeds VISITS paid bookings with their visits over the coming 7 days (every window,
 * several ZIP codes of the service area, requested and confirmed; bench/lib/owner.ts) into a fresh
 * embedded database, starts the real server on it (AUTH_RATE_LIMITS=off), makes an owner account
 * (sign-up, the mailed confirmation, `npm run owner -- add`), checks that
 * `GET /api/owner/visits?from=<today>&to=<today+6>` answers every seeded visit, times it alone
 * (one request at a time), then drives it with autocannon over 127.0.0.1 with the owner's bearer
 * token and writes requests per second, p50/p95/p99 latency and the failures to
 * bench/results/owner-week.json. Exits 1 if any request failed (an error, a timeout or a non-2xx
 * answer) or the answer did not hold every visit.
 *
 * Options: `--visits <n>` (default 500), `--connections <n>` (default 20), `--duration <s>`
 * (default 20), `--out`. BENCH_PORT fixes the server's port.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { OwnerSettings, OwnerVisitsAnswer } from '../src/features/visits/owner-api.ts';
import { addDays, businessToday } from '../src/lib/dates.ts';
import { median } from './lib/lighthouse-metrics.ts';
import { seedVisits, signInOwner, type SeededVisits } from './lib/owner.ts';
import { startBenchServer } from './lib/server.ts';

/** What the desk needs of this read: the week drawn within about a second on a phone (issue 31). */
const TARGET_P95_MS = 1000;
/** Requests timed one at a time before the load, for the figure one owner on an idle server sees. */
const ALONE_REQUESTS = 20;

const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: '500' },
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/results/owner-week.json' },
  },
});
const visits = Number(values.visits);
const connections = Number(values.connections);
const duration = Number(values.duration);
if (!Number.isInteger(visits) || visits < 1)
  throw new Error(`--visits must be a whole number above 0, got "${values.visits}"`);
if (!Number.isInteger(connections) || connections < 1) {
  throw new Error(`--connections must be a whole number above 0, got "${values.connections}"`);
}
if (!(duration > 0)) throw new Error(`--duration must be a number of seconds above 0, got "${values.duration}"`);

/** The `p`th percentile (0-100) of `sorted` (ascending), nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

const today = businessToday();
const to = addDays(today, 6);
const path = `/api/owner/visits?from=${today}&to=${to}`;
const ownerEmail = `owner-${Date.now()}@bench.example`;
const load = [loadavg()[0]!];
let seeded: SeededVisits | undefined;
const server = await startBenchServer(
  { AUTH_RATE_LIMITS: 'off' },
  {
    prepare: async (dataDir) => {
      seeded = await seedVisits(dataDir, { count: visits, from: today, days: 7, confirmEvery: 3, ownerEmail });
    },
  },
);
let report: Record<string, unknown>;
let failures: number;
try {
  if (!seeded) throw new Error('nothing was seeded');
  process.stderr.write(
    `Seeded ${seeded.count} visits (${seeded.confirmed} confirmed) over ${seeded.slots.length} windows in ${seeded.seconds} s\n`,
  );
  const owner = await signInOwner(server, ownerEmail);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const settings = (await (await fetch(`${server.origin}/api/owner/settings`, { headers })).json()) as OwnerSettings;
  if (settings.today !== today) {
    throw new Error(`the site's today is ${settings.today}, the visits were seeded from ${today}: run it again`);
  }

  // The answer holds every seeded visit, or the figures below would measure something else.
  const first = await fetch(`${server.origin}${path}`, { headers });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${body.slice(0, 200)}`);
  const answer = JSON.parse(body) as OwnerVisitsAnswer;
  if (answer.visits.length !== visits) {
    throw new Error(`${path} answered ${answer.visits.length} visits, ${visits} were seeded`);
  }
  const byStatus: Record<string, number> = {};
  for (const visit of answer.visits) byStatus[visit.status] = (byStatus[visit.status] ?? 0) + 1;

  const alone: number[] = [];
  for (let i = 0; i < ALONE_REQUESTS; i += 1) {
    const started = performance.now();
    const res = await fetch(`${server.origin}${path}`, { headers });
    await res.arrayBuffer();
    alone.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status} on its own`);
  }
  alone.sort((a, b) => a - b);
  load.push(loadavg()[0]!);

  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${server.origin}${path}`, method: 'GET', headers, connections, duration },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(done),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    });
  });
  load.push(loadavg()[0]!);
  times.sort((a, b) => a - b);
  failures = result.errors + result.timeouts + result.non2xx;
  const loaded = {
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyMs: {
      p50: round1(percentile(times, 50)),
      p95: round1(percentile(times, 95)),
      p99: round1(percentile(times, 99)),
      max: round1(times.at(-1) ?? 0),
    },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
  console.log(
    `${path}: ${answer.visits.length} visits, ${body.length} bytes; alone: median ${round1(median(alone))} ms, ` +
      `p95 ${round1(percentile(alone, 95))} ms`,
  );
  console.log(
    `${connections} connections for ${duration} s: ${loaded.requestsPerSecond} req/s, p50 ${loaded.latencyMs.p50} ms, ` +
      `p95 ${loaded.latencyMs.p95} ms, p99 ${loaded.latencyMs.p99} ms, failed ${failures}`,
  );
  report = {
    generatedAt: new Date().toISOString(),
    settings: {
      tool: 'autocannon',
      path: `/api/owner/visits?from=<today>&to=<today+6>`,
      connections,
      durationSeconds: duration,
      server:
        'node server/index.ts on 127.0.0.1, embedded default (PGlite, auth emulator in the same process), AUTH_RATE_LIMITS=off',
      latency:
        'from autocannon: request written to response read, per request, every answer; percentiles by nearest rank',
    },
    machine: {
      cpus: cpus().length,
      loadAverage: {
        atStart: Math.round(load[0]! * 100) / 100,
        max: Math.round(Math.max(...load) * 100) / 100,
      },
    },
    seeded: { ...seeded, from: today, to },
    answer: {
      visits: answer.visits.length,
      byStatus,
      bytes: Buffer.byteLength(body),
      gzipBytes: gzipSync(body).length,
      contentEncoding: first.headers.get('content-encoding'),
    },
    alone: { requests: ALONE_REQUESTS, medianMs: round1(median(alone)), p95Ms: round1(percentile(alone, 95)) },
    underLoad: loaded,
    target: { p95Ms: TARGET_P95_MS, met: loaded.latencyMs.p95 <= TARGET_P95_MS },
  };
} finally {
  await server.stop();
}

await mkdir(dirname(values.out), { recursive: true });
await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Written to ${values.out}`);
if (failures > 0) {
  console.error(`${failures} requests failed: the figures above are not valid.`);
  process.exit(1);
}
