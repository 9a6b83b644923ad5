/**
 * `npm run bench:tools` (after the build the npm script runs): how long a reader waits for each
 * tool. On a phone-sized Chromium under Lighthouse's mobile throttling (slow 4G: 150 ms RTT,
 * 1.6 Mbps down; 4x CPU slowdown), each tool's page is opened at the top and left to settle, then
 * the tool is scrolled into view and used at once, as a reader would; the time from the scroll to
 * the tool's first visible answer is measured, RUNS times (median), and written to
 * bench/results/tools.json with a table on stdout. What was pressed before the island hydrated is
 * carried over (src/lib/islands/early-input.ts), so the time includes fetching and hydrating it.
 *
 * Options: `--runs N` (default 3). BENCH_PORT fixes the server's port; CHROMIUM_PATH the browser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { startBenchServer } from './lib/server.ts';

/** One tool: its page, its island, and the first use with the answer that shows it responded. */
interface Tool {
  name: string;
  path: string;
  component: string;
  use: (island: ReturnType<Page['locator']>) => Promise<void>;
}

const TOOLS: readonly Tool[] = [
  {
    name: 'schedule calculator',
    path: '/blog/air-filter-replacement-guide',
    component: 'ScheduleCalculator',
    use: async (island) => {
      await island.getByRole('button', { name: 'Calculate My Schedule' }).click();
      await island.getByText('we recommend changing your air filter every 75 days').waitFor();
    },
  },
  {
    name: 'hidden-costs calculator',
    path: '/blog/hidden-costs-neglecting-air-filter',
    component: 'HiddenCostsCalculator',
    use: async (island) => {
      await island.getByRole('spinbutton', { name: /Months since the last change/ }).fill('12');
      await island.getByText('12 months since the last change').waitFor();
    },
  },
  {
    name: 'DIY quiz',
    path: '/blog/diy-vs-professional-air-filter',
    component: 'DiyQuiz',
    use: async (island) => {
      await island.getByRole('radio').first().click();
      await island.getByText('1 of 5 answered').waitFor();
    },
  },
  {
    name: 'DIY cost calculator',
    path: '/blog/diy-vs-professional-air-filter',
    component: 'CostCalculator',
    use: async (island) => {
      await island.getByRole('button', { name: 'Show Detailed Cost Calculator' }).click();
      await island.getByRole('button', { name: 'Hide Detailed Cost Calculator' }).waitFor();
    },
  },
  {
    name: 'filter finder',
    path: '/blog/air-filter-types-guide',
    component: 'FilterFinder',
    use: async (island) => {
      await island.getByLabel('Home type').selectOption('house');
      await island.getByLabel('Primary concern').selectOption('general');
      await island.getByLabel('System age').selectOption('medium');
      await island.getByRole('button', { name: 'Find My Filter' }).click();
      await island.getByText('Your match').waitFor();
    },
  },
];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, got "${values.runs}"`);

/** One measurement: a fresh throttled page, the tool scrolled into view and used; milliseconds. */
async function measure(page: Page, origin: string, tool: Tool): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${origin}${tool.path}`, { waitUntil: 'networkidle' });
  const island = page.locator(`astro-island[component-url*="/${tool.component}."]`);
  const started = performance.now();
  await island.scrollIntoViewIfNeeded();
  await tool.use(island);
  return performance.now() - started;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const load: number[] = [loadavg()[0]!];
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
const results: { name: string; path: string; medianMs: number; runsMs: number[] }[] = [];
try {
  for (const tool of TOOLS) {
    const times: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      try {
        times.push(Math.round(await measure(await context.newPage(), server.origin, tool)));
      } finally {
        await context.close();
      }
      load.push(loadavg()[0]!);
      process.stderr.write(`${tool.name} run ${run}/${runs}: ${times.at(-1)} ms\n`);
    }
    results.push({ name: tool.name, path: tool.path, medianMs: median(times), runsMs: times });
  }
} finally {
  await browser.close();
  await server.stop();
}

const report = {
  generatedAt: new Date().toISOString(),
  settings:
    'Chromium 412x823, 150 ms latency, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown; page settled, then scroll and use',
  machine: { cpus: cpus().length, loadAverageMax: Math.round(Math.max(...load) * 100) / 100 },
  tools: results,
};
await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/tools.json', `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write('| tool | page | median ms | runs ms |\n| --- | --- | ---: | --- |\n');
for (const r of results)
  process.stdout.write(`| ${r.name} | \`${r.path}\` | ${r.medianMs} | ${r.runsMs.join(', ')} |\n`);
