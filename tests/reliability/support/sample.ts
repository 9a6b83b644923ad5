/**
 * The one sampling rule of the reliability suites (tests/reliability/README.md, "What CI samples"):
 * without `CI`, `npm run test:reliability` runs every suite at full depth; with `CI` set, each
 * suite runs a sample of the same cases: fewer fast-check runs, fewer repetitions of a scenario,
 * one of a scenario's kill points. A sample never drops a kind of case: every kind of attack and
 * every kind of kill point is still tried at least once. The summary row of a sampled check says
 * so, with what the full run tries; its `tried` column is the count actually tried.
 */

/** Whether this run goes to full depth: everywhere except on CI. */
export const FULL = !process.env['CI'];

/** The count to use: `full` without CI, `onCi` (never more than `full`) on CI. */
export function sampled(full: number, onCi: number): number {
  return FULL ? full : Math.min(full, onCi);
}

/**
 * Where the CI sample starts in a list of variants: the UTC day number, so the CI runs of one day
 * pick the same variants and successive days go through all of them. `RELIABILITY_SAMPLE_DAY`
 * sets it, to run a given day's sample again.
 */
export const ROTATION = Number(process.env['RELIABILITY_SAMPLE_DAY'] ?? Math.floor(Date.now() / 86_400_000));

/** The variant of `variants` that the `index`-th item of a sampled list takes on this run. */
export function rotate<T>(variants: readonly T[], index = 0): T {
  const variant = variants[(((ROTATION + index) % variants.length) + variants.length) % variants.length];
  if (variant === undefined) throw new Error('rotate: no variants');
  return variant;
}

/**
 * All of `items` without CI; on CI, `count` of them, consecutive from this run's place in the
 * rotation, moved on by `offset` (give each of several lists its own offset to spread the picks).
 */
export function sampleOf<T>(items: readonly T[], count = 1, offset = 0): T[] {
  if (FULL || count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => rotate(items, offset + i));
}

/** For a summary row: on CI, what the full run tries (the reporter writes it in the note); nothing without CI. */
export function sampling(fullRun: string): { sampled?: string } {
  return FULL ? {} : { sampled: fullRun };
}
