/** Plain-text and Markdown tables of the Lighthouse medians, for stdout and bench/README.md. */
import type { PageMetrics } from './lighthouse-metrics.ts';

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
  { title: 'CSS KB', cell: (m) => (m.stylesheetBytes / 1024).toFixed(1) },
  { title: 'requests', cell: (m) => String(m.requests) },
];

function cells(rows: readonly TableRow[]): string[][] {
  return [
    ['page', ...COLUMNS.map((c) => c.title)],
    ...rows.map((r) => [r.name, ...COLUMNS.map((c) => c.cell(r.median))]),
  ];
}

/** Aligned columns for a terminal; sizes are as transferred (compressed). */
export function formatTable(rows: readonly TableRow[]): string {
  const grid = cells(rows);
  const widths = grid[0]!.map((_, col) => Math.max(...grid.map((row) => row[col]!.length)));
  return grid
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    )
    .join('\n');
}

/** The same table in Markdown, for bench/README.md. */
export function formatMarkdownTable(rows: readonly TableRow[]): string {
  const [head, ...body] = cells(rows);
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(head!), `| --- | ${COLUMNS.map(() => '---:').join(' | ')} |`, ...body.map(line)].join('\n');
}
