/**
 * A page's figures divided by the reference page's (bench/lib/reference.ts), run by run: each run
 * of a page is paired with the reference run made just before it on the same browser, so both saw
 * the same machine, and the median of those ratios is what the bench reports. Pure: no I/O.
 */
import { median, type PageMetrics } from './lighthouse-metrics.ts';

/** One page run and the reference run it is paired with. */
export interface PairedRun {
  page: PageMetrics;
  reference: PageMetrics;
}

/** The figures compared with the reference. */
export const RATIO_KEYS = [
  'lcpMs',
  'tbtMs',
  'mainThreadMs',
  'scriptBytes',
] as const satisfies readonly (keyof PageMetrics)[];
export type RatioKey = (typeof RATIO_KEYS)[number];

/** Median ratio per figure; null where the reference measured 0 in every run (nothing to divide by). */
export type Ratios = Record<RatioKey, number | null>;

/** The median over the runs of page / reference, per figure; runs whose reference is 0 are left out. */
export function medianRatios(runs: readonly PairedRun[]): Ratios {
  if (runs.length === 0) throw new Error('ratios of no runs');
  const ratios = {} as Ratios;
  for (const key of RATIO_KEYS) {
    const values = runs.filter((run) => run.reference[key] > 0).map((run) => run.page[key] / run.reference[key]);
    ratios[key] = values.length === 0 ? null : median(values);
  }
  return ratios;
}

/** One page run and the floor page's run made right after it on the same browser. */
export interface FloorPair {
  page: PageMetrics;
  floor: PageMetrics;
}

/**
 * The median over the runs of the page's LCP less the floor page's (ms), each run against the floor
 * run made right after it: how far the page is from the fewest round trips any page needs (issue
 * 36, "LCP at the floor": within 150 ms).
 */
export function medianLcpOverFloor(runs: readonly FloorPair[]): number {
  if (runs.length === 0) throw new Error('LCP over the floor of no runs');
  return median(runs.map((run) => run.page.lcpMs - run.floor.lcpMs));
}
