/**
 * The Node server's stand-in for Netlify's scheduled functions: each job runs every `everyMs`
 * (and once at start when it says so; the timers never keep the process alive), one run of a job at a time; a
 * failed run is one logged line, named, and the next one runs as planned. `runAll` runs every job
 * now, in the list's order, each after any run of it under way (the embedded clock's advance).
 * What the jobs are is the caller's list (functions/_lib/jobs.ts).
 */

/** One job as the schedule runs it. */
export interface RepeatingJob {
  /** For the log. */
  name: string;
  /** How often the timer runs it. */
  everyMs: number;
  /** Whether it also runs as soon as the schedule starts. */
  atStart: boolean;
  /** One run; idempotent, so an extra run does no harm. */
  run: () => Promise<unknown>;
}

/** A started schedule. */
export interface Schedule {
  /** Runs every job once more, in order, each after its run under way; resolves when they are done. */
  runAll(): Promise<void>;
  /** Clears the timers and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Starts the jobs' timers (each job every `everyMs`, those that say so at once too). */
export function startSchedule(jobs: readonly RepeatingJob[], log: (message: string) => void = console.error): Schedule {
  const runners = jobs.map((job) => {
    let last: Promise<void> = Promise.resolve();
    let busy = false;
    // An async function calls `run` at once, before its first await, and turns a throw into a log line.
    const once = async (): Promise<void> => {
      busy = true;
      try {
        await job.run();
      } catch (error) {
        log(`${job.name}: ${String(error)}`);
      } finally {
        busy = false;
      }
    };
    // At once when idle (so a run starts now), else after the run under way.
    const run = (): Promise<void> => {
      last = busy ? last.then(once) : once();
      return last;
    };
    // A tick while a run is under way is skipped: the next tick comes soon enough.
    const timer = setInterval(() => {
      if (!busy) void run();
    }, job.everyMs);
    timer.unref();
    if (job.atStart) void run();
    return { run, timer, settled: () => last };
  });
  return {
    async runAll() {
      for (const runner of runners) await runner.run();
    },
    async stop() {
      for (const runner of runners) clearInterval(runner.timer);
      await Promise.all(runners.map((runner) => runner.settled()));
    },
  };
}
