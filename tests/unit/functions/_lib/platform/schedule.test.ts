import { afterEach, describe, expect, test, vi } from 'vitest';
import { startSchedule } from '../../../../../functions/_lib/platform/schedule.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("startSchedule: the Node server's scheduled jobs", () => {
  test('runs at once and then every period; a failure is one named line and the next run still happens', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    let calls = 0;
    const check = vi.fn(() => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('database away')) : Promise.resolve(calls);
    });
    const schedule = startSchedule([{ name: 'Morning list', everyMs: 60_000, atStart: true, run: check }], (line) =>
      log.push(line),
    );
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(log).toEqual(['Morning list: Error: database away']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(log).toHaveLength(1);
  });

  test('stop waits for the run under way', async () => {
    let finish = () => {};
    const under = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const schedule = startSchedule([{ name: 'Visit reminders', everyMs: 60_000, atStart: true, run: () => under }]);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  test('runAll runs every job in order, each only after its run under way, and a tick never overlaps a run', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    let release = () => {};
    let first = true;
    const slow = vi.fn(() => {
      order.push('slow starts');
      if (!first) return Promise.resolve();
      first = false;
      return new Promise<void>((resolve) => {
        release = () => {
          order.push('slow ends');
          resolve();
        };
      });
    });
    const quick = vi.fn(() => {
      order.push('quick');
      return Promise.resolve();
    });
    const schedule = startSchedule([
      { name: 'slow', everyMs: 1000, atStart: true, run: slow },
      { name: 'quick', everyMs: 60_000, atStart: true, run: quick },
    ]);
    // The slow job's first run is still under way when its timer fires: that tick is skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(slow).toHaveBeenCalledTimes(1);
    const all = schedule.runAll();
    release();
    await all;
    expect(order).toEqual(['slow starts', 'quick', 'slow ends', 'slow starts', 'quick']);
    await schedule.stop();
  });

  test('a job that does not run at start waits for its first period', async () => {
    vi.useFakeTimers();
    const hourly = vi.fn(() => Promise.resolve());
    const schedule = startSchedule([{ name: 'Visit schedule', everyMs: 3_600_000, atStart: false, run: hourly }]);
    expect(hourly).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(hourly).toHaveBeenCalledTimes(1);
    await schedule.runAll();
    expect(hourly).toHaveBeenCalledTimes(2);
    await schedule.stop();
  });
});
