/**
 * The budgets (bench/budgets.json) checked against Lighthouse medians and against the medians of
 * each page's ratios to the reference page (bench/lib/ratios.ts). Pure: no I/O.
 */
import type { PageMetrics } from './lighthouse-metrics.ts';
import type { Ratios } from './ratios.ts';

/** Limits that apply to every measured page. */
export interface PageBudget {
  minScore: number;
  /** The score accepted instead of minScore when the run was noisy (machine oversubscribed). */
  minScoreOnNoisyRun: number;
  maxLcpMs: number;
  /** Checked on a quiet run only: on a busy machine TBT swings (the ratio targets stand in). */
  maxTbtMs: number;
  maxCls: number;
  maxStylesheets: number;
  maxStylesheetBytes: number;
  maxRenderBlockingOther: number;
}

/** Aims reported on every page without failing the check: ratios to the reference page. */
export interface Targets {
  /** The page's TBT and LCP divided by the reference page's, measured beside it (median of runs). */
  maxTbtRatio: number;
  maxLcpRatio: number;
}

/** bench/budgets.json */
export interface Budgets {
  everyPage: PageBudget;
  targets: Targets;
  /** Extra limits by page kind (e.g. script bytes on home, service and article pages). */
  byKind: Record<string, { maxScriptBytes?: number }>;
}

/** A measured page as the check needs it. */
export interface MeasuredPage {
  name: string;
  kind: string;
  median: PageMetrics;
  /** Its ratios to the reference page; a result without them (an older run) skips those limits. */
  ratios?: Ratios;
}

/** One limit checked on one page. */
export interface BudgetFinding {
  page: string;
  metric: string;
  value: number;
  limit: number;
  ok: boolean;
  /** Set when the pass relies on the noisy-run allowance. */
  note?: string;
  /** A target, not a limit: when missed it is reported, and the check still passes. */
  target?: boolean;
}

/** Whether a run counts as noisy: its highest 1-minute load average exceeded the core count. */
export function isNoisyRun(machine: { cpus: number; loadAverage: { max: number } }): boolean {
  return machine.loadAverage.max > machine.cpus;
}

/** Every limit of `budgets` checked on every page; a page with no result for a kind is not invented. */
export function checkBudgets(pages: readonly MeasuredPage[], budgets: Budgets, noisy: boolean): BudgetFinding[] {
  const findings: BudgetFinding[] = [];
  const every = budgets.everyPage;
  for (const { name, kind, median: m, ratios } of pages) {
    const atMost = (metric: string, value: number, limit: number) =>
      findings.push({ page: name, metric, value, limit, ok: value <= limit });
    const scoreFloor = noisy ? every.minScoreOnNoisyRun : every.minScore;
    findings.push({
      page: name,
      metric: 'score',
      value: m.score,
      limit: scoreFloor,
      ok: m.score >= scoreFloor,
      ...(m.score < every.minScore && m.score >= scoreFloor ? { note: 'passes on the noisy-run allowance' } : {}),
    });
    atMost('LCP ms', m.lcpMs, every.maxLcpMs);
    if (!noisy) atMost('TBT ms', m.tbtMs, every.maxTbtMs);
    const aim = (metric: string, value: number | null | undefined, limit: number) => {
      if (value != null) findings.push({ page: name, metric, value, limit, ok: value <= limit, target: true });
    };
    aim('TBT ratio to the reference', ratios?.tbtMs, budgets.targets.maxTbtRatio);
    aim('LCP ratio to the reference', ratios?.lcpMs, budgets.targets.maxLcpRatio);
    atMost('CLS', m.cls, every.maxCls);
    atMost('stylesheets', m.stylesheets, every.maxStylesheets);
    atMost('stylesheet bytes', m.stylesheetBytes, every.maxStylesheetBytes);
    atMost('render-blocking other than the stylesheet', m.renderBlockingOther, every.maxRenderBlockingOther);
    const maxScript = budgets.byKind[kind]?.maxScriptBytes;
    if (maxScript !== undefined) atMost('script bytes', m.scriptBytes, maxScript);
  }
  return findings;
}
