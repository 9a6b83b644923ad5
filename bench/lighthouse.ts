/**
 * `npm run bench:lighthouse` (after the build the npm script runs): starts the real server on the
 * built site, runs Lighthouse with its mobile defaults (simulated slow 4G, Moto G Power, 4x CPU)
 * RUNS times on every page of bench/pages.ts, and writes the per-metric medians to
 * bench/results/lighthouse.json and a table to stdout.
 *
 * Options: `--runs N` (default 3), `--only <name>,<name>` (page names starting with these; the
 * result file is then not written), `--out <file>`. BENCH_PORT fixes the server's port;
 * CHROMIUM_PATH the browser (default /usr/bin/chromium).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './lib/server.ts';
import {
  diagnosisOf,
  medianMetrics,
  metricsOf,
  type PageMetrics,
  type RunDiagnosis,
} from './lib/lighthouse-metrics.ts';
import { formatTable } from './lib/table.ts';
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

const started = Date.now();
const load: number[] = [loadavg()[0]!];
const server = await startBenchServer();
const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const results: PageResult[] = [];
try {
  for (const page of pages) {
    // A fresh browser per page: no state carried between pages; Lighthouse resets storage per run.
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const measured: { metrics: PageMetrics; diagnosis: RunDiagnosis }[] = [];
      for (let run = 1; run <= runs; run += 1) {
        measured.push(await measure(`${server.origin}${page.path}`, chrome.port));
        load.push(loadavg()[0]!);
        process.stderr.write(`${page.name} run ${run}/${runs}: LCP ${Math.round(measured.at(-1)!.metrics.lcpMs)} ms\n`);
      }
      const median = medianMetrics(measured.map((m) => m.metrics));
      const closest = measured.reduce((best, m) =>
        Math.abs(m.metrics.lcpMs - median.lcpMs) < Math.abs(best.metrics.lcpMs - median.lcpMs) ? m : best,
      );
      results.push({ ...page, median, runs: measured.map((m) => m.metrics), diagnosis: closest.diagnosis });
    } finally {
      chrome.kill();
    }
  }
} finally {
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
  },
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
