/**
 * `npm run bench:check`: checks bench/results/lighthouse.json (written by bench:lighthouse) against
 * bench/budgets.json, prints every limit that failed (and any pass that used the noisy-run
 * allowance), and exits 1 on a failure. `--markdown` also prints the medians and the ratios to the
 * reference page as the Markdown tables bench/README.md quotes.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkBudgets, isNoisyRun, type Budgets, type MeasuredPage } from './lib/budgets.ts';
import type { Ratios } from './lib/ratios.ts';
import { formatMarkdownRatioTable, formatMarkdownTable } from './lib/table.ts';

interface LighthouseResults {
  generatedAt: string;
  machine: { cpus: number; loadAverage: { max: number } };
  pages: (MeasuredPage & { ratios: Ratios })[];
}

const { values, positionals } = parseArgs({
  options: { markdown: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;
const budgets = await readJson<Budgets>('bench/budgets.json');
const results = await readJson<LighthouseResults>(positionals[0] ?? 'bench/results/lighthouse.json');
const noisy = isNoisyRun(results.machine);
const findings = checkBudgets(results.pages, budgets, noisy);
const failed = findings.filter((f) => !f.ok && !f.target);
const missed = findings.filter((f) => !f.ok && f.target);
const noted = findings.filter((f) => f.ok && f.note);

if (values.markdown) {
  console.log(`${formatMarkdownTable(results.pages)}\n`);
  if (results.pages.every((page) => page.ratios)) console.log(`${formatMarkdownRatioTable(results.pages)}\n`);
}
const show = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(3));
console.log(
  `Budgets of bench/budgets.json against the Lighthouse run of ${results.generatedAt}` +
    ` (${results.pages.length} pages${noisy ? `; noisy run: load average up to ${results.machine.loadAverage.max} on ${results.machine.cpus} cores` : ''}).`,
);
for (const f of noted) console.log(`  note  ${f.page}: ${f.metric} ${show(f.value)} (${f.note})`);
for (const f of missed) console.log(`  aim   ${f.page}: ${f.metric} ${show(f.value)}, target ${show(f.limit)}`);
for (const f of failed) console.log(`  FAIL  ${f.page}: ${f.metric} ${show(f.value)}, limit ${show(f.limit)}`);
const targets = findings.filter((f) => f.target);
const limits = findings.length - targets.length;
console.log(`Targets: ${targets.length - missed.length} of ${targets.length} met.`);
if (failed.length > 0) {
  console.log(`${failed.length} of ${limits} limits exceeded.`);
  process.exit(1);
}
console.log(`All ${limits} limits met.`);
