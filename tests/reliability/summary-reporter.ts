/**
 * A vitest reporter that prints the one summary table of `npm run test:reliability` from the
 * figures the tests attach (support/figures.ts), and writes it as Markdown to
 * test-results/reliability-summary.md for tests/reliability/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { FigureRow } from './support/figures.ts';

const AREAS = ['bad input', 'auth', 'payments', 'clients', 'faults', 'headers', 'load'];

/** A row's note, after what a sampled check's full run tries. */
function noteOf(row: FigureRow): string {
  const sampled = row.sampled === undefined ? '' : `sampled on CI (full run: ${row.sampled})`;
  return [sampled, row.note ?? ''].filter((part) => part !== '').join('; ');
}

/** The rows as a Markdown table, with a total line. */
export function renderTable(rows: readonly FigureRow[]): string {
  const sorted = [...rows].sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area));
  const fmt = (n: number) => n.toLocaleString('en-US');
  const lines = [
    '| area | check | cases tried | rejected correctly | 5xx | lost records | p99 under load | note |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...sorted.map(
      (r) =>
        `| ${r.area} | ${r.check} | ${fmt(r.tried)} | ${fmt(r.rejected)} | ${fmt(r.serverErrors)} | ${fmt(r.lost)} | ${
          r.p99Ms === undefined ? '' : `${r.p99Ms} ms`
        } | ${noteOf(r)} |`,
    ),
  ];
  const sum = (pick: (r: FigureRow) => number) => fmt(rows.reduce((total, r) => total + pick(r), 0));
  lines.push(
    `| **total** | | **${sum((r) => r.tried)}** | **${sum((r) => r.rejected)}** | **${sum((r) => r.serverErrors)}** | **${sum((r) => r.lost)}** | | |`,
  );
  return lines.join('\n');
}

/** Collects every test's `reliability` rows and prints them once the run ends. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows: FigureRow[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) rows.push(...(test.meta().reliability ?? []));
    }
    if (rows.length === 0) return;
    const table = renderTable(rows);
    const outDir = join(import.meta.dirname, '../../test-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'reliability-summary.md'), `${table}\n`);
    const sampledRows = rows.filter((row) => row.sampled !== undefined).length;
    const heading = sampledRows
      ? `Reliability summary (CI: ${sampledRows} checks sampled, see tests/reliability/README.md)`
      : 'Reliability summary';
    process.stdout.write(`\n${heading}\n\n${table}\n\n`);
  }
}
