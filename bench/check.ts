/**
 * `npm run bench:check`: checks bench/results/lighthouse.json (written by bench:lighthouse) against
 * bench/budgets.json, prints every limit that failed (and any pass that used the noisy-run
 * allowance), and exits 1 on a failure. `--markdown` also prints the medians as the Markdown table
 * bench/README.md quotes.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkBudgets, isNoisyRun, type Budgets, type MeasuredPage } from './lib/budgets.ts';
import { formatMarkdownTable } from './lib/table.ts';

interface LighthouseResults {
  generatedAt: string;
  machine: { cpus: number; loadAverage: { max: number } };
  pages: MeasuredPage[];
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
const failed = findings.filter((f) => !f.ok);
const noted = findings.filter((f) => f.ok && f.note);

if (values.markdown) console.log(`${formatMarkdownTable(results.pages)}\n`);
const show = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(3));
console.log(
  `Budgets of bench/budgets.json against the Lighthouse run of ${results.generatedAt}` +
    ` (${results.pages.length} pages${noisy ? `; noisy run: load average up to ${results.machine.loadAverage.max} on ${results.machine.cpus} cores` : ''}).`,
);
for (const f of noted) console.log(`  note  ${f.page}: ${f.metric} ${show(f.value)} (${f.note})`);
for (const f of failed) console.log(`  FAIL  ${f.page}: ${f.metric} ${show(f.value)}, limit ${show(f.limit)}`);
if (failed.length > 0) {
  console.log(`${failed.length} of ${findings.length} limits exceeded.`);
  process.exit(1);
}
console.log(`All ${findings.length} limits met.`);
