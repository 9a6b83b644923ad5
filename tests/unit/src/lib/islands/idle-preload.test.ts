import { describe, expect, test, vi } from 'vitest';
import {
  IDLE_FALLBACK_MS,
  IDLE_TIMEOUT_MS,
  shouldPreloadAtIdle,
  TOOL_ISLANDS,
  whenLoadedAndIdle,
  type IdlePreloadCase,
} from '@/lib/islands/idle-preload';

const tool: IdlePreloadCase = {
  name: 'FilterFinder',
  started: false,
  saveData: undefined,
  effectiveType: undefined,
};

describe('shouldPreloadAtIdle', () => {
  test('a tool island not started yet is preloaded, whatever the browser reports of a fast connection', () => {
    expect(shouldPreloadAtIdle(tool)).toBe(true);
    expect(shouldPreloadAtIdle({ ...tool, effectiveType: '4g', saveData: false })).toBe(true);
    expect(shouldPreloadAtIdle({ ...tool, effectiveType: '3g' })).toBe(true);
  });

  test('an island already loading is left alone', () => {
    expect(shouldPreloadAtIdle({ ...tool, started: true })).toBe(false);
  });

  test.each([
    'ScheduleCalculator',
    'HiddenCostsCalculator',
    'CostCalculator',
    'DiyQuiz',
    'FilterFinder',
    'BookingCardIsland',
  ])('the tool %s is preloaded', (name) => {
    expect(shouldPreloadAtIdle({ ...tool, name })).toBe(true);
  });

  test.each(['SubscribeButton', 'PlanSignup', 'AccountPanel', 'OwnerDesk', 'AuthForm', 'ResetPassword', 'VisitChange'])(
    'an island that is not a tool (%s) is not preloaded',
    (name) => {
      expect(shouldPreloadAtIdle({ ...tool, name })).toBe(false);
    },
  );

  test('the tools are exactly the six a reader jumps to', () => {
    expect([...TOOL_ISLANDS].sort()).toEqual([
      'BookingCardIsland',
      'CostCalculator',
      'DiyQuiz',
      'FilterFinder',
      'HiddenCostsCalculator',
      'ScheduleCalculator',
    ]);
  });

  test.each(['slow-2g', '2g'])('not on a %s connection', (effectiveType) => {
    expect(shouldPreloadAtIdle({ ...tool, effectiveType })).toBe(false);
  });

  test('not when the reader asked to save data', () => {
    expect(shouldPreloadAtIdle({ ...tool, saveData: true, effectiveType: '4g' })).toBe(false);
  });
});

/** A window with the parts whenLoadedAndIdle reads, and a first paint reported when the test says. */
function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const listeners: Record<string, () => void> = {};
  const afterPaint: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: vi.fn((type: string, listener: () => void) => (listeners[type] = listener)),
    setTimeout: vi.fn((callback: () => void) => callback()),
    requestIdleCallback: withIdle ? vi.fn((callback: () => void) => callback()) : undefined,
  };
  const painted = vi.fn((then: () => void) => afterPaint.push(then));
  const paint = () => afterPaint.splice(0).forEach((then) => then());
  return { win, painted, load: () => listeners['load']?.(), paint };
}

describe('whenLoadedAndIdle', () => {
  test('waits for load, then for the first paint, then for an idle main thread (with a timeout)', () => {
    const { win, painted, load, paint } = fakeWindow('interactive', true);
    const callback = vi.fn();
    whenLoadedAndIdle(callback, win as unknown as Window, painted);
    expect(painted).not.toHaveBeenCalled();
    load();
    expect(win.requestIdleCallback).not.toHaveBeenCalled();
    paint();
    expect(win.requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: IDLE_TIMEOUT_MS });
    expect(callback).toHaveBeenCalledOnce();
  });

  test('a page already loaded waits for its paint and idle; without requestIdleCallback, a short timer', () => {
    const { win, painted, paint } = fakeWindow('complete', false);
    const callback = vi.fn();
    whenLoadedAndIdle(callback, win as unknown as Window, painted);
    expect(win.addEventListener).not.toHaveBeenCalled();
    expect(callback).not.toHaveBeenCalled();
    paint();
    expect(win.setTimeout).toHaveBeenCalledWith(callback, IDLE_FALLBACK_MS);
    expect(callback).toHaveBeenCalledOnce();
  });
});
