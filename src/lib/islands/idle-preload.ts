/**
 * Tools ready on a jump (docs/product/performance.md#after-paint-loading): once the page has loaded, drawn its
 * first screen and the main thread is idle, each tool island's files are asked for as module
 * preloads (fetched into the cache, not run), so a reader who arrives at a tool by a link does not
 * wait for React to download.
 * Only the tools are: the other islands (Subscribe buttons, plan sign-up, account, owner, sign-in)
 * load when they start, so a page without a tool spends no data on them.
 */

import { whenPainted } from '../after-paint';

/**
 * The tool islands, by the name each is written with where it is placed (`<FilterFinder
 * client:afterpaint />`): the one place that decides which islands are preloaded at idle.
 * tests/unit/repo/islands.test.ts checks each name is placed with `client:afterpaint` somewhere.
 */
export const TOOL_ISLANDS: readonly string[] = [
  'ScheduleCalculator',
  'HiddenCostsCalculator',
  'CostCalculator',
  'DiyQuiz',
  'FilterFinder',
  'BookingCardIsland',
];

/** What the idle preload decision reads: the island and the reader's connection. */
export interface IdlePreloadCase {
  /** The island's component name where it is placed (the directive's `options.name`). */
  name: string;
  /** The island has already started loading (near view, or used). */
  started: boolean;
  /** `navigator.connection.saveData`, where the browser reports it. */
  saveData: boolean | undefined;
  /** `navigator.connection.effectiveType` ('slow-2g', '2g', '3g', '4g'), where reported. */
  effectiveType: string | undefined;
}

/** Whether an island's files are preloaded at idle. */
export function shouldPreloadAtIdle(island: IdlePreloadCase): boolean {
  if (island.started || !TOOL_ISLANDS.includes(island.name)) return false;
  if (island.saveData === true) return false;
  return island.effectiveType !== 'slow-2g' && island.effectiveType !== '2g';
}

/** How long after `load` the preload waits where the browser has no `requestIdleCallback`. */
export const IDLE_FALLBACK_MS = 200;
/**
 * The longest the idle callback waits after `load`: short, because a reader may jump to a tool at
 * once, and fetching a module preload runs off the main thread.
 */
export const IDLE_TIMEOUT_MS = 500;

/**
 * Calls `callback` once the page has loaded and its first screen has been drawn (the first
 * contentful paint reported, `whenPainted`), and then the main thread is idle. Waiting for `load`
 * and two frames was not enough: in Lighthouse's runs the browser reached `load`, ran two frames'
 * callbacks and an idle period before it presented the first paint, so a tool's 70 KB were asked
 * for before the page's largest paint, and Lighthouse counted them into one article's LCP (1.65 s
 * against 0.91 s, in one run of four).
 */
export function whenLoadedAndIdle(
  callback: () => void,
  win: Window = window,
  painted: (then: () => void) => void = (then) => whenPainted(then, win.document),
): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(callback, IDLE_FALLBACK_MS);
  };
  const paintedThenIdle = () => painted(idle);
  if (win.document.readyState === 'complete') paintedThenIdle();
  else win.addEventListener('load', paintedThenIdle, { once: true });
}

/** The reader's connection as the browser reports it (Chromium only), else nothing. */
export function connectionOf(nav: Navigator = navigator): { saveData?: boolean; effectiveType?: string } {
  return (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection ?? {};
}
