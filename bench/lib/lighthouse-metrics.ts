/**
 * What the bench keeps of one Lighthouse result (the metrics of issue 9 and what explains them),
 * and the per-metric medians over several runs of one page.
 */
import type { Result } from 'lighthouse';

/** One run's numbers. Times in ms, sizes in bytes as transferred (compressed). */
export interface PageMetrics {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  /** Script the page runs or may run without the reader doing anything: the idle preloads left out. */
  scriptBytes: number;
  /**
   * The tools' idle preloads (src/lib/islands/idle-preload.ts): fetched after load, not run until
   * the reader reaches a tool. Told apart by their low priority, which no script the page runs has.
   */
  idleScriptBytes: number;
  stylesheetBytes: number;
  /**
   * Stylesheet files the page links (distinct URLs): a page that sends the reader on (signed-out
   * /account to /auth) asks twice for the one stylesheet both documents link, from the cache the
   * second time.
   */
  stylesheets: number;
  requests: number;
  /** Requests Lighthouse reports as render-blocking (stylesheets included). */
  renderBlocking: number;
  /** Of those, the ones that are not stylesheets (scripts, fonts, imports): the budget allows none. */
  renderBlockingOther: number;
  /** Lighthouse's main-thread work (mainthread-work-breakdown): style, layout, script, parsing... ms. */
  mainThreadMs: number;
}

/** The numeric metrics, in table order. */
export const METRIC_KEYS = [
  'score',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'speedIndexMs',
  'totalBytes',
  'scriptBytes',
  'idleScriptBytes',
  'stylesheetBytes',
  'stylesheets',
  'requests',
  'renderBlocking',
  'renderBlockingOther',
  'mainThreadMs',
] as const satisfies readonly (keyof PageMetrics)[];

/** What one run says about where the time goes, kept to name a page's biggest remaining cost. */
export interface RunDiagnosis {
  /** The LCP element as Lighthouse labels it (selector and start of its text). */
  lcpElement: string | null;
  /** LCP subparts (time to first byte, resource load delay and duration, element render delay), ms. */
  lcpBreakdown: Record<string, number>;
  /** Render-blocking requests with their estimated cost. */
  renderBlockingRequests: { url: string; bytes: number; wastedMs: number }[];
  /** The heaviest requests, largest first. */
  largestRequests: { url: string; type: string; bytes: number }[];
  /** Main-thread time by category (script evaluation, style and layout, parse HTML ...), ms. */
  mainThreadMs: Record<string, number>;
}

type Audits = Result['audits'];
interface TableDetails {
  type: string;
  items: Record<string, unknown>[];
}

function numeric(audits: Audits, id: string): number {
  const value = audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse result has no numeric value for "${id}"`);
  return value;
}

function tableItems(audits: Audits, id: string): Record<string, unknown>[] {
  const details = audits[id]?.details as TableDetails | undefined;
  if (!details) return [];
  if (details.type === 'table' || details.type === 'opportunity') return details.items;
  // Insights wrap their table in a list with other sections (e.g. the LCP element node).
  if (details.type === 'list') {
    return details.items.flatMap((item) =>
      item['type'] === 'table' ? (item['items'] as Record<string, unknown>[]) : [],
    );
  }
  return [];
}

function resourceSummary(audits: Audits, type: string): { count: number; bytes: number } {
  const row = tableItems(audits, 'resource-summary').find((item) => item['resourceType'] === type);
  return { count: Number(row?.['requestCount'] ?? 0), bytes: Number(row?.['transferSize'] ?? 0) };
}

/**
 * The script requests that were idle preloads: `<link rel="modulepreload" fetchpriority="low">`
 * (src/lib/islands/preload.ts). Lighthouse's records do not say which requests a preload link made
 * (`isLinkPreload` is empty for links a script adds), but they keep each request's priority:
 * module scripts and preloads the page runs are asked for at high priority.
 */
export function idleScriptRequests(requests: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return requests.filter((row) => row['resourceType'] === 'Script' && row['priority'] === 'Low');
}

/** The metrics of one Lighthouse run; throws when the run failed (no score, a runtime error). */
export function metricsOf(lhr: Result): PageMetrics {
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const score = lhr.categories['performance']?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${lhr.finalDisplayedUrl}`);
  const { audits } = lhr;
  const stylesheet = resourceSummary(audits, 'stylesheet');
  const requests = tableItems(audits, 'network-requests');
  const typeOf = new Map(requests.map((row) => [row['url'], row['resourceType']]));
  const idleScriptBytes = idleScriptRequests(requests).reduce((sum, row) => sum + Number(row['transferSize'] ?? 0), 0);
  const blocking = tableItems(audits, 'render-blocking-insight');
  return {
    score: Math.round(score * 100),
    fcpMs: numeric(audits, 'first-contentful-paint'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    speedIndexMs: numeric(audits, 'speed-index'),
    totalBytes: resourceSummary(audits, 'total').bytes,
    scriptBytes: resourceSummary(audits, 'script').bytes - idleScriptBytes,
    idleScriptBytes,
    stylesheetBytes: stylesheet.bytes,
    stylesheets: new Set(requests.filter((row) => row['resourceType'] === 'Stylesheet').map((row) => row['url'])).size,
    requests: resourceSummary(audits, 'total').count,
    renderBlocking: blocking.length,
    renderBlockingOther: blocking.filter((row) => typeOf.get(row['url']) !== 'Stylesheet').length,
    mainThreadMs: numeric(audits, 'mainthread-work-breakdown'),
  };
}

/** Where one run's time and bytes went. */
export function diagnosisOf(lhr: Result, origin: string): RunDiagnosis {
  const { audits } = lhr;
  const short = (url: unknown) => String(url).replace(origin, '');
  const lcpDetails = audits['lcp-breakdown-insight']?.details as TableDetails | undefined;
  const node = lcpDetails?.items.find((item) => item['type'] === 'node');
  const lcpElement = node ? `${String(node['selector'])}: ${String(node['nodeLabel']).slice(0, 60)}` : null;
  return {
    lcpElement,
    lcpBreakdown: Object.fromEntries(
      tableItems(audits, 'lcp-breakdown-insight').map((row) => [
        String(row['subpart']),
        Math.round(Number(row['duration'])),
      ]),
    ),
    renderBlockingRequests: tableItems(audits, 'render-blocking-insight').map((row) => ({
      url: short(row['url']),
      bytes: Number(row['totalBytes'] ?? 0),
      wastedMs: Math.round(Number(row['wastedMs'] ?? 0)),
    })),
    largestRequests: tableItems(audits, 'network-requests')
      .map((row) => ({
        url: short(row['url']),
        type: String(row['resourceType']),
        bytes: Number(row['transferSize'] ?? 0),
      }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3),
    mainThreadMs: Object.fromEntries(
      tableItems(audits, 'mainthread-work-breakdown').map((row) => [
        String(row['groupLabel'] ?? row['group']),
        Math.round(Number(row['duration'])),
      ]),
    ),
  };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each metric's median over the runs of one page, independently (as issue 9 asks). */
export function medianMetrics(runs: readonly PageMetrics[]): PageMetrics {
  return Object.fromEntries(
    METRIC_KEYS.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as unknown as PageMetrics;
}
