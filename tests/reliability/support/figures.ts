/**
 * The figures a reliability test reports: attached to the test as task metadata, collected by the
 * summary reporter into one table at the end of `npm run test:reliability`.
 */

/** One row of the summary table. */
export interface FigureRow {
  /** The suite: bad input, auth, payments, faults, load, headers. */
  area: string;
  /** What was tried, in a few words. */
  check: string;
  /** Cases (requests, orderings, kill points) tried. */
  tried: number;
  /** Cases refused as they should be (4xx for bad input, 429 past a limit, a bad signature ...). */
  rejected: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Records missing or changed that should not be (or stored by a refused request). */
  lost: number;
  /** p99 latency under load, in ms. */
  p99Ms?: number;
  /** Anything else worth a figure (RSS, outcomes). */
  note?: string;
  /** On CI, when the check ran a sample: what the full run tries (support/sample.ts). */
  sampled?: string;
}

declare module 'vitest' {
  interface TaskMeta {
    reliability?: FigureRow[];
  }
}

/** The part of a test's context this needs. */
interface WithTask {
  task: { meta: { reliability?: FigureRow[] } };
}

/** Adds a row to the test's figures. */
export function report(context: WithTask, row: FigureRow): void {
  (context.task.meta.reliability ??= []).push(row);
}

/** A counter of outcomes for one check. */
export class Tally {
  tried = 0;
  rejected = 0;
  serverErrors = 0;
  lost = 0;
  readonly problems: string[] = [];

  /** Records one problem (the first few are kept for the failure message). */
  problem(text: string): void {
    if (this.problems.length < 20) this.problems.push(text);
  }

  /** The row for the summary. */
  row(area: string, check: string, extra: Partial<FigureRow> = {}): FigureRow {
    return {
      area,
      check,
      tried: this.tried,
      rejected: this.rejected,
      serverErrors: this.serverErrors,
      lost: this.lost,
      ...extra,
    };
  }
}
