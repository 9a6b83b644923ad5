import { afterEach, describe, expect, test, vi } from 'vitest';
import { repeatEvery } from '../../../../functions/_lib/repeat.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("repeatEvery: the Node server's schedule", () => {
  test('runs at once and then every period; a failure is one named line and the next check still runs', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    let calls = 0;
    const check = vi.fn(() => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('database away')) : Promise.resolve(calls);
    });
    const repeat = repeatEvery('Morning list', 60_000, check, (line) => log.push(line));
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(log).toEqual(['Morning list: Error: database away']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    await repeat.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(log).toHaveLength(1);
  });

  test('stop waits for the check under way', async () => {
    let finish = () => {};
    const under = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const repeat = repeatEvery('Visit reminders', 60_000, () => under);
    let stopped = false;
    const stopping = repeat.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
