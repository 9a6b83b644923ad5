import { describe, expect, test, vi } from 'vitest';
import {
  IDLE_FALLBACK_MS,
  IDLE_TIMEOUT_MS,
  shouldPreloadAtIdle,
  whenLoadedAndIdle,
  type IdlePreloadCase,
} from '@/lib/islands/idle-preload';

const tool: IdlePreloadCase = {
  directiveValue: undefined,
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

  test('an island that waits for its reader (the sign-in form) is not preloaded', () => {
    expect(shouldPreloadAtIdle({ ...tool, directiveValue: 'interaction' })).toBe(false);
  });

  test.each(['slow-2g', '2g'])('not on a %s connection', (effectiveType) => {
    expect(shouldPreloadAtIdle({ ...tool, effectiveType })).toBe(false);
  });

  test('not when the reader asked to save data', () => {
    expect(shouldPreloadAtIdle({ ...tool, saveData: true, effectiveType: '4g' })).toBe(false);
  });
});

/** A window with the parts whenLoadedAndIdle reads. */
function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const listeners: Record<string, () => void> = {};
  const win = {
    document: { readyState },
    addEventListener: vi.fn((type: string, listener: () => void) => (listeners[type] = listener)),
    setTimeout: vi.fn((callback: () => void) => callback()),
    requestIdleCallback: withIdle ? vi.fn((callback: () => void) => callback()) : undefined,
  };
  return { win, load: () => listeners['load']?.() };
}

describe('whenLoadedAndIdle', () => {
  test('waits for load, then for an idle main thread (with a timeout)', () => {
    const { win, load } = fakeWindow('interactive', true);
    const callback = vi.fn();
    whenLoadedAndIdle(callback, win as unknown as Window);
    expect(callback).not.toHaveBeenCalled();
    load();
    expect(win.requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: IDLE_TIMEOUT_MS });
    expect(callback).toHaveBeenCalledOnce();
  });

  test('a page already loaded waits only for idle; without requestIdleCallback, a short timer', () => {
    const { win } = fakeWindow('complete', false);
    const callback = vi.fn();
    whenLoadedAndIdle(callback, win as unknown as Window);
    expect(win.addEventListener).not.toHaveBeenCalled();
    expect(win.setTimeout).toHaveBeenCalledWith(callback, IDLE_FALLBACK_MS);
    expect(callback).toHaveBeenCalledOnce();
  });
});
