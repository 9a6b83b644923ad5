/**
 * `npm run bench:lighthouse` (after the build the npm script runs): starts the real server on the
 * built site and the reference page (bench/lib/reference.ts), runs Lighthouse with its mobile
 * defaults (simulated slow 4G, Moto G Power, 4x CPU) RUNS times on every page of bench/pages.ts,
 * each run right after a run of the reference on the same browser (interleaved), and writes the
 * per-metric medians, the medians of the page / reference ratios (bench/lib/ratios.ts) and the
 * reference's own medians to bench/results/lighthouse.json, with the tables on stdout. A page
 * measured signed in (`signedIn` in bench/pages.ts) gets a customer's session, made once on the
 * embedded auth emulator, in its browser's localStorage first: Lighthouse clears the origin's
 * caches before each run, not its localStorage, so every run opens the page as a returning
 * customer would (from the second run on, with the summary the page kept in the browser).
 *
 * Options: `--runs N` (default 3), `--only <name>,<name>` (page names starting with these; the
 * result file is then not written), `--out <file>`. BENCH_PORT fixes the server's port;
 * CHROMIUM_PATH the browser (default /usr/bin/chromium).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './lib/server.ts';
import { signUpAndIn, type BrowserSession } from './lib/session.ts';
import {
  diagnosisOf,
  medianMetrics,
  metricsOf,
  type PageMetrics,
  type RunDiagnosis,
} from './lib/lighthouse-metrics.ts';
import { medianLcpOverFloor, medianRatios, type FloorPair, type PairedRun, type Ratios } from './lib/ratios.ts';
import { startReferenceServer } from './lib/reference.ts';
import { formatRatioTable, formatTable } from './lib/table.ts';
import { BENCH_PAGES, type BenchPage } from './pages.ts';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What bench/results/lighthouse.json holds for one page. */
export interface PageResult extends BenchPage {
  median: PageMetrics;
  runs: PageMetrics[];
  /** From the run whose LCP is the median's: where that page's time goes. */
  diagnosis: RunDiagnosis;
  /** Median of the ratios page / reference over the paired runs. */
  ratios: Ratios;
  /** The reference runs paired with this page's, in the same order as `runs`. */
  referenceRuns: PageMetrics[];
  /** Median of the page's LCP less the floor page's, each run against the floor run right after it (ms). */
  lcpOverFloorMs: number;
  /** The floor runs paired with this page's, in the same order as `runs`. */
  floorRuns: PageMetrics[];
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench/results/lighthouse.json' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, got "${values.runs}"`);
const only = values.only?.split(',').map((name) => name.trim().toLowerCase());
const pages = only
  ? BENCH_PAGES.filter((page) => only.some((name) => page.name.toLowerCase().startsWith(name)))
  : BENCH_PAGES;
if (pages.length === 0)
  throw new Error(`--only matched no page; the pages are: ${BENCH_PAGES.map((p) => p.name).join(', ')}`);

let chromeVersion = '';
let lighthouseVersion = '';

/** Attempts per run: a busy machine now and then loses a trace (NO_NAVSTART, NO_FCP). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`, tried again when Lighthouse reports a failed page load. */
async function measure(url: string, port: number): Promise<{ metrics: PageMetrics; diagnosis: RunDiagnosis }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The full-page screenshot resizes the viewport after load, which would hydrate every
        // client:visible island and blur what "at load" means; it is not part of the score.
        disableFullPageScreenshot: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const metrics = metricsOf(result.lhr);
      chromeVersion ||= result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '';
      lighthouseVersion ||= result.lhr.lighthouseVersion;
      return { metrics, diagnosis: diagnosisOf(result.lhr, new URL(url).origin) };
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      process.stderr.write(`${(error as Error).message}; trying again\n`);
    }
  }
}

/**
 * Puts `session` in the localStorage of `origin` in the browser on `port` (through the DevTools
 * protocol, from a page of the site opened and closed again), as supabase-js keeps it after a sign-in.
 */
async function storeSession(port: number, origin: string, session: BrowserSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), session.storage);
    await page.close();
  } finally {
    // Connected, not launched: this disconnects and leaves the browser to Lighthouse.
    await browser.close();
  }
}

const started = Date.now();
const load: number[] = [loadavg()[0]!];
const server = await startBenchServer();
const reference = await startReferenceServer();
const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const customer = pages.some((page) => page.signedIn)
  ? await signUpAndIn(server.origin, 'bench-customer@example.com', { fullName: 'Casey Customer' })
  : undefined;
const results: PageResult[] = [];
const floorRuns: PageMetrics[] = [];
try {
  // The floor: what a navigation costs with nothing on the page, the part of each figure no page can remove.
  const floorChrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    for (let run = 1; run <= runs; run += 1)
      floorRuns.push((await measure(reference.floorUrl, floorChrome.port)).metrics);
  } finally {
    floorChrome.kill();
  }
  for (const page of pages) {
    // A fresh browser per page: no state carried between pages; Lighthouse resets storage per run.
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      if (page.signedIn) await storeSession(chrome.port, server.origin, customer!);
      const measured: { metrics: PageMetrics; diagnosis: RunDiagnosis }[] = [];
      const paired: PairedRun[] = [];
      const floorPaired: FloorPair[] = [];
      for (let run = 1; run <= runs; run += 1) {
        // The reference first, then the page at once: both see the machine as it is now.
        const ref = await measure(reference.url, chrome.port);
        measured.push(await measure(`${server.origin}${page.path}`, chrome.port));
        paired.push({ page: measured.at(-1)!.metrics, reference: ref.metrics });
        // Then the floor page: the page's LCP less the floor's, both seeing the machine as it is now.
        floorPaired.push({
          page: measured.at(-1)!.metrics,
          floor: (await measure(reference.floorUrl, chrome.port)).metrics,
        });
        load.push(loadavg()[0]!);
        const { page: m, reference: r } = paired.at(-1)!;
        process.stderr.write(
          `${page.name} run ${run}/${runs}: LCP ${Math.round(m.lcpMs)} ms (reference ${Math.round(r.lcpMs)}), ` +
            `TBT ${Math.round(m.tbtMs)} ms (reference ${Math.round(r.tbtMs)}), floor LCP ${Math.round(floorPaired.at(-1)!.floor.lcpMs)} ms\n`,
        );
      }
      const median = medianMetrics(measured.map((m) => m.metrics));
      const closest = measured.reduce((best, m) =>
        Math.abs(m.metrics.lcpMs - median.lcpMs) < Math.abs(best.metrics.lcpMs - median.lcpMs) ? m : best,
      );
      results.push({
        ...page,
        median,
        runs: measured.map((m) => m.metrics),
        diagnosis: closest.diagnosis,
        ratios: medianRatios(paired),
        referenceRuns: paired.map((p) => p.reference),
        lcpOverFloorMs: medianLcpOverFloor(floorPaired),
        floorRuns: floorPaired.map((p) => p.floor),
      });
    } finally {
      chrome.kill();
    }
  }
} finally {
  await reference.stop();
  await server.stop();
}

const report = {
  generatedAt: new Date().toISOString(),
  settings: {
    preset: 'Lighthouse mobile defaults: simulated throttling (150 ms RTT, 1.6 Mbps), Moto G Power, 4x CPU slowdown',
    runsPerPage: runs,
    lighthouse: lighthouseVersion,
    chromium: chromeVersion,
    server: 'node server/index.ts over 127.0.0.1 (brotli, HTTP/1.1)',
    reference: `bench/reference: client-rendered React app, ${(reference.scriptGzipBytes / 1024).toFixed(1)} KB of script gzipped, served with brotli over HTTP/1.1`,
  },
  reference: medianMetrics(results.flatMap((r) => r.referenceRuns)),
  floor: medianMetrics([...floorRuns, ...results.flatMap((r) => r.floorRuns)]),
  machine: {
    cpus: cpus().length,
    loadAverage: { atStart: round(load[0]!), max: round(Math.max(...load)), atEnd: round(load.at(-1)!) },
  },
  durationSeconds: Math.round((Date.now() - started) / 1000),
  pages: results,
};

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

console.log(formatTable(results));
console.log(`\nRatios to the reference page (median of the paired runs):\n${formatRatioTable(results)}`);
console.log(
  `\nLCP less the floor page's (median of each run less the floor run right after it):\n${results
    .map((r) => `${r.name}: ${Math.round(r.lcpOverFloorMs)} ms`)
    .join('\n')}`,
);
console.log(
  `\nReference page: LCP ${Math.round(report.reference.lcpMs)} ms, TBT ${Math.round(report.reference.tbtMs)} ms, main thread ${Math.round(report.reference.mainThreadMs)} ms. ` +
    `Floor page (nothing on it): main thread ${Math.round(report.floor.mainThreadMs)} ms, LCP ${Math.round(report.floor.lcpMs)} ms.`,
);
console.log(
  `\n${results.length} pages x ${runs} runs in ${report.durationSeconds} s; 1-min load average ${report.machine.loadAverage.atStart} at start, ${report.machine.loadAverage.max} at most.`,
);
if (only) {
  console.log('Only some pages were measured: results not written.');
} else {
  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Written to ${values.out}`);
}
