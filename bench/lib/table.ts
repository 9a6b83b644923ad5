/** Plain-text and Markdown tables of the Lighthouse medians and ratios, for stdout and bench/README.md. */
import type { PageMetrics } from './lighthouse-metrics.ts';
import type { Ratios } from './ratios.ts';

/** A page's name and its median metrics: all a table row needs. */
export interface TableRow {
  name: string;
  median: PageMetrics;
}

const COLUMNS: { title: string; cell: (m: PageMetrics) => string }[] = [
  { title: 'score', cell: (m) => String(m.score) },
  { title: 'FCP s', cell: (m) => (m.fcpMs / 1000).toFixed(2) },
  { title: 'LCP s', cell: (m) => (m.lcpMs / 1000).toFixed(2) },
  { title: 'TBT ms', cell: (m) => String(Math.round(m.tbtMs)) },
  { title: 'CLS', cell: (m) => m.cls.toFixed(3) },
  { title: 'SI s', cell: (m) => (m.speedIndexMs / 1000).toFixed(2) },
  { title: 'total KB', cell: (m) => (m.totalBytes / 1024).toFixed(1) },
  { title: 'JS KB', cell: (m) => (m.scriptBytes / 1024).toFixed(1) },
  // Older results (before 2026-11-28) counted the idle preloads in the JS column and have no split.
  { title: 'idle JS KB', cell: (m) => (m.idleScriptBytes === undefined ? '-' : (m.idleScriptBytes / 1024).toFixed(1)) },
  { title: 'CSS KB', cell: (m) => (m.stylesheetBytes / 1024).toFixed(1) },
  { title: 'requests', cell: (m) => String(m.requests) },
];

function cells(rows: readonly TableRow[]): string[][] {
  return [
    ['page', ...COLUMNS.map((c) => c.title)],
    ...rows.map((r) => [r.name, ...COLUMNS.map((c) => c.cell(r.median))]),
  ];
}

/** A row of the ratio table: the page's medians and its ratios to the reference page. */
export interface RatioRow extends TableRow {
  ratios: Ratios;
}

const ratio = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const RATIO_COLUMNS: { title: string; cell: (r: RatioRow) => string }[] = [
  { title: 'LCP ratio', cell: (r) => ratio(r.ratios.lcpMs) },
  { title: 'TBT ratio', cell: (r) => ratio(r.ratios.tbtMs) },
  { title: 'main-thread ratio', cell: (r) => ratio(r.ratios.mainThreadMs) },
  { title: 'JS ratio', cell: (r) => ratio(r.ratios.scriptBytes) },
  { title: 'main-thread ms', cell: (r) => String(Math.round(r.median.mainThreadMs)) },
  { title: 'TBT ms', cell: (r) => String(Math.round(r.median.tbtMs)) },
  { title: 'CLS', cell: (r) => r.median.cls.toFixed(3) },
  { title: 'score', cell: (r) => String(r.median.score) },
];

function ratioCells(rows: readonly RatioRow[]): string[][] {
  return [
    ['page', ...RATIO_COLUMNS.map((c) => c.title)],
    ...rows.map((r) => [r.name, ...RATIO_COLUMNS.map((c) => c.cell(r))]),
  ];
}

/** Aligned columns for a terminal; sizes are as transferred (compressed). */
export function formatTable(rows: readonly TableRow[]): string {
  return aligned(cells(rows));
}

/** The ratio table, aligned for a terminal. */
export function formatRatioTable(rows: readonly RatioRow[]): string {
  return aligned(ratioCells(rows));
}

/** The ratio table in Markdown, for bench/README.md. */
export function formatMarkdownRatioTable(rows: readonly RatioRow[]): string {
  return markdown(ratioCells(rows));
}

function aligned(grid: string[][]): string {
  const widths = grid[0]!.map((_, col) => Math.max(...grid.map((row) => row[col]!.length)));
  return grid
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    )
    .join('\n');
}

/** The same table in Markdown, for bench/README.md. */
export function formatMarkdownTable(rows: readonly TableRow[]): string {
  return markdown(cells(rows));
}

function markdown(grid: string[][]): string {
  const [head, ...body] = grid;
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [
    line(head!),
    `| --- | ${head!
      .slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}
