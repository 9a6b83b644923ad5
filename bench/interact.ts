/**
 * `npm run bench:interact` (after the build the npm script runs): how long a reader waits for each
 * tool. On a phone-sized Chromium under Lighthouse's mobile throttling (slow 4G: 150 ms RTT,
 * 1.6 Mbps down; 4x CPU slowdown), each tool's page is opened at the top and left to settle
 * (network idle, then the files the tools preload at idle arrived), then the tool is brought into view and used at once; the time from the moment
 * its control is on screen to the tool's first visible answer is measured, RUNS times (median).
 * The script the page fetched before the reader sets off is recorded too: a tool's code must not load before the
 * reader comes near it.
 *
 * Two ways of arriving, both reported:
 * - `scroll`: the reader scrolls down with the wheel, 100 px every 100 ms (a quick skim, about a
 *   screen a second), and uses the tool as soon as its control is on screen;
 * - `jump`: the page jumps straight to the control (a link to it, a search result), the worst case:
 *   nothing can have been fetched on the way.
 * What was pressed before an island hydrated is carried over (src/lib/islands/early-input.ts), so
 * the time includes fetching and hydrating it. Results go to bench/results/interact.json and a
 * table on stdout. Each wait is timed from Node and on the page's own clock (`watchAnswer`): Node
 * sees the answer only at Playwright's next poll, up to half a second late.
 *
 * Options: `--runs N` (default 3), `--only <name>,<name>` (tools whose name starts with these; the
 * results are then not written). BENCH_PORT fixes the server's port; CHROMIUM_PATH the browser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from '@playwright/test';
import { formatCents } from '../src/lib/format.ts';
import { servicePriceCents } from '../src/features/booking/pricing.ts';
import { idlePreloadsLoaded } from '../tests/support/idle-preload.ts';
import { startBenchServer } from './lib/server.ts';
import { median } from './lib/lighthouse-metrics.ts';

/**
 * One tool: its page, where it is (`root`), the control a reader uses first, that use, and the
 * answer that shows the tool responded.
 */
interface Tool {
  name: string;
  path: string;
  root: (page: Page) => Locator;
  control: (root: Locator) => Locator;
  use: (control: Locator, root: Locator) => Promise<void>;
  /**
   * The answer that shows the tool responded: an element matching `selector` whose text contains
   * `text` (and did not before the reader set off), waited for from Node and watched in the page.
   */
  answer: { selector: string; text: string };
}

const islandSelector = (component: string) => `astro-island[component-url*="/${component}."]`;
const island = (component: string) => (page: Page) => page.locator(islandSelector(component));

/** The booking card's total once the Premium grade is chosen. */
const PREMIUM_TOTAL = formatCents(servicePriceCents('air-filter-replacement', { filterQuality: 'premium' }));

const TOOLS: readonly Tool[] = [
  {
    name: 'schedule calculator',
    path: '/blog/air-filter-replacement-guide',
    root: island('ScheduleCalculator'),
    control: (root) => root.getByRole('button', { name: 'Calculate My Schedule' }),
    use: (control) => control.click(),
    answer: {
      selector: islandSelector('ScheduleCalculator'),
      text: 'we recommend changing your air filter every 75 days',
    },
  },
  {
    name: 'hidden-costs calculator',
    path: '/blog/hidden-costs-neglecting-air-filter',
    root: island('HiddenCostsCalculator'),
    control: (root) => root.getByRole('spinbutton', { name: /Months since the last change/ }),
    use: (control) => control.fill('12'),
    answer: { selector: islandSelector('HiddenCostsCalculator'), text: '12 months since the last change' },
  },
  {
    name: 'DIY quiz',
    path: '/blog/diy-vs-professional-air-filter',
    root: island('DiyQuiz'),
    control: (root) => root.getByRole('radio').first(),
    use: (control) => control.click(),
    answer: { selector: islandSelector('DiyQuiz'), text: '1 of 5 answered' },
  },
  {
    name: 'DIY cost calculator',
    path: '/blog/diy-vs-professional-air-filter',
    root: island('CostCalculator'),
    control: (root) => root.getByRole('button', { name: 'Show Detailed Cost Calculator' }),
    use: (control) => control.click(),
    answer: { selector: islandSelector('CostCalculator'), text: 'Hide Detailed Cost Calculator' },
  },
  {
    name: 'filter finder',
    path: '/blog/air-filter-types-guide',
    root: island('FilterFinder'),
    control: (root) => root.getByLabel('Home type'),
    use: async (control, root) => {
      await control.selectOption('house');
      await root.getByLabel('Primary concern').selectOption('general');
      await root.getByLabel('System age').selectOption('medium');
      await root.getByRole('button', { name: 'Find My Filter' }).click();
    },
    answer: { selector: islandSelector('FilterFinder'), text: 'Your match' },
  },
  {
    name: 'booking card',
    path: '/services/air-filter-replacement',
    root: (page) => page.locator('#booking'),
    control: (root) => root.getByRole('radio', { name: /Premium/ }).first(),
    use: (control) => control.click(),
    answer: { selector: '#booking output', text: PREMIUM_TOTAL },
  },
  {
    name: 'lead dialog',
    path: '/blog/air-filter-replacement-guide',
    root: (page) => page.locator('main'),
    control: (root) => root.getByRole('button', { name: 'Download Schedule Guide' }),
    use: (control) => control.click(),
    answer: { selector: 'dialog[open]', text: 'Get the Air Filter Schedule Guide' },
  },
];

type Arrival = 'scroll' | 'jump';
const ARRIVALS: readonly Arrival[] = ['scroll', 'jump'];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, got "${values.runs}"`);
const only = values.only?.split(',').map((name) => name.trim().toLowerCase());
const tools = only ? TOOLS.filter((tool) => only.some((name) => tool.name.toLowerCase().startsWith(name))) : TOOLS;
if (tools.length === 0)
  throw new Error(`--only matched no tool; the tools are: ${TOOLS.map((t) => t.name).join(', ')}`);

/** Whether the whole of `target` is inside the viewport. */
async function onScreen(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  return !!box && !!viewport && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** One measurement on a fresh throttled page: the scripts fetched before arriving, and the wait in ms. */
async function measure(
  page: Page,
  origin: string,
  tool: Tool,
  arrival: Arrival,
): Promise<{ ms: number; pageMs: number; scriptBytesBefore: number; idlePreloads: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(`${origin}${tool.path}`, { waitUntil: 'networkidle' });
  const idlePreloads = await idlePreloadsLoaded(page);
  const scriptBytesBefore = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  const root = tool.root(page);
  const control = tool.control(root);
  await watchAnswer(page, tool.answer);
  let started: number;
  if (arrival === 'jump') {
    started = performance.now();
    // The page's own scrollIntoView, as a link does: the DevTools protocol's scroll would not draw
    // an article part not drawn yet (content-visibility: auto; tests/e2e/scroll.ts).
    await control.evaluate((el) => {
      (window as BenchWindow).benchStartedAt = performance.now();
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
    });
  } else {
    await page.mouse.move(200, 400);
    while (!(await onScreen(page, control))) {
      await page.mouse.wheel(0, 100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    started = performance.now();
    await page.evaluate(() => ((window as BenchWindow).benchStartedAt = performance.now()));
  }
  await tool.use(control, root);
  await page.locator(tool.answer.selector).filter({ hasText: tool.answer.text }).first().waitFor();
  const ms = Math.round(performance.now() - started);
  const pageMs = await page.waitForFunction(
    () => {
      const { benchStartedAt, benchAnsweredAt } = window as BenchWindow;
      return benchAnsweredAt !== undefined && benchStartedAt !== undefined && benchAnsweredAt - benchStartedAt;
    },
    undefined,
    { timeout: 10_000 },
  );
  return { ms, pageMs: Math.round((await pageMs.jsonValue()) as number), scriptBytesBefore, idlePreloads };
}

/** What the bench keeps on the page's window: when the reader set off, and when the answer was drawn. */
type BenchWindow = Window & { benchStartedAt?: number; benchAnsweredAt?: number };

/**
 * Watches, in the page, for the tool's answer, and notes the page's time at the frame that draws
 * it (the first animation frame after the change): the page's own clock, so what Playwright's
 * actions and checks cost between Node and the page is not counted as the page's; the click's own
 * checks before it presses are still in both figures. The answer must not be there already.
 */
async function watchAnswer(page: Page, answer: Tool['answer']): Promise<void> {
  await page.evaluate(({ selector, text }) => {
    const shown = () => [...document.querySelectorAll(selector)].some((el) => el.textContent?.includes(text));
    if (shown()) throw new Error(`the answer "${text}" is on the page before the reader set off`);
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => ((window as BenchWindow).benchAnsweredAt = performance.now()));
    });
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, answer);
}

const load: number[] = [loadavg()[0]!];
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
interface Row {
  name: string;
  path: string;
  arrival: Arrival;
  medianMs: number;
  runsMs: number[];
  /** The same waits on the page's own clock (watchAnswer), median and runs. */
  pageMedianMs: number;
  pageRunsMs: number[];
  /** Script bytes (as transferred) the page had fetched when the reader set off, the most of the runs. */
  scriptBytesBeforeArrival: number;
  /** Files the idle preload had fetched (not run) before the reader set off, the fewest of the runs. */
  idlePreloads: number;
}
const results: Row[] = [];
try {
  for (const tool of tools) {
    for (const arrival of ARRIVALS) {
      const times: number[] = [];
      const pageTimes: number[] = [];
      let scriptBytesBeforeArrival = 0;
      let idlePreloads = Number.POSITIVE_INFINITY;
      for (let run = 1; run <= runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        try {
          const measured = await measure(await context.newPage(), server.origin, tool, arrival);
          times.push(measured.ms);
          pageTimes.push(measured.pageMs);
          scriptBytesBeforeArrival = Math.max(scriptBytesBeforeArrival, measured.scriptBytesBefore);
          idlePreloads = Math.min(idlePreloads, measured.idlePreloads);
        } finally {
          await context.close();
        }
        load.push(loadavg()[0]!);
        process.stderr.write(
          `${tool.name} (${arrival}) run ${run}/${runs}: ${times.at(-1)} ms (page ${pageTimes.at(-1)} ms)\n`,
        );
      }
      results.push({
        name: tool.name,
        path: tool.path,
        arrival,
        medianMs: median(times),
        runsMs: times,
        pageMedianMs: median(pageTimes),
        pageRunsMs: pageTimes,
        scriptBytesBeforeArrival,
        idlePreloads,
      });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const report = {
  generatedAt: new Date().toISOString(),
  settings:
    'Chromium 412x823 (mobile, touch), 150 ms latency, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown; page settled (network idle, then the idle preload of the tools loaded), then arrival and use. scroll: wheel 100 px every 100 ms until the control is on screen; jump: straight to the control',
  machine: { cpus: cpus().length, loadAverageMax: Math.round(Math.max(...load) * 100) / 100 },
  tools: results,
};
process.stdout.write(
  '| tool | page | arrival | median ms | runs ms | page median ms | page runs ms | JS KB before | idle preloads |\n| --- | --- | --- | ---: | --- | ---: | --- | ---: | ---: |\n',
);
for (const r of results)
  process.stdout.write(
    `| ${r.name} | \`${r.path}\` | ${r.arrival} | ${r.medianMs} | ${r.runsMs.join(', ')} | ${r.pageMedianMs} | ${r.pageRunsMs.join(', ')} | ${(r.scriptBytesBeforeArrival / 1024).toFixed(1)} | ${r.idlePreloads} |\n`,
  );
process.stdout.write(`\nLoad average up to ${report.machine.loadAverageMax} on ${report.machine.cpus} cores.\n`);
if (only) {
  process.stdout.write('Only some tools were measured: results not written.\n');
} else {
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/interact.json', `${JSON.stringify(report, null, 2)}\n`);
}
