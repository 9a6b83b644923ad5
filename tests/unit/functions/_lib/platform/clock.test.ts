import { afterEach, describe, expect, test } from 'vitest';
import { installClock, now } from '../../../../../functions/_lib/platform/clock.ts';

afterEach(() => installClock(Date.now));

describe('the site clock', () => {
  test('is real time until a clock is installed', () => {
    const before = Date.now();
    const read = now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  test('reads the installed clock, and real time again once Date.now is put back', () => {
    const day = 86_400_000;
    installClock(() => Date.now() + day);
    expect(now().getTime() - Date.now()).toBeGreaterThan(day - 1000);
    installClock(Date.now);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
