/**
 * Starts each behaviour script held in a `<template data-after-paint>` (components/AfterPaint.astro)
 * when its part of the page needs it (docs/product/performance.md#after-paint-loading), so a slow phone draws
 * the page and stays responsive instead of running every script at once after the first paint:
 * - `near`: once the page has painted and one of the part's elements is within about a screen of
 *   the viewport (the code is there by the time the reader scrolls to it);
 * - `scroll`: at the reader's first scroll (or at once if the page opened scrolled);
 * - `paint`: once the page has painted (the script is the page's purpose);
 * - `interaction`: only when the reader uses the part.
 * Whatever the start, a key, pointer, touch or focus on one of the part's elements starts it at
 * once, and a press (button click or form submission) made in it before its script has run is held
 * and replayed, in order, once it has. Parts start one at a time, yielding to the browser between
 * them (`scheduler.yield` where there is one), so no two share a long task. A part whose elements
 * are not on the page never starts. Imported only by BaseLayout's script, which Astro inlines.
 */

import { partBoxOf } from './article-parts';
import { preloadFiles } from './islands/preload';
import { pressOf, replayPress, type Press } from './presses';

/** When a part's script starts (see above). */
export type StartOn = 'near' | 'scroll' | 'paint' | 'interaction';
export const START_ONS: readonly StartOn[] = ['near', 'scroll', 'paint', 'interaction'];

/** How far beyond the viewport a `near` part starts: one screen above and below. */
export const NEAR_VIEW = '100% 0px 100% 0px';

/** Interactions that start a part, or an island (src/lib/islands/hydrate-after-paint.ts), at once. */
export const STARTERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** One part of the page and its held script. */
interface Part {
  template: HTMLTemplateElement;
  startOn: StartOn;
  elements: Element[];
  state: 'waiting' | 'queued' | 'running' | 'ran';
  /** Presses made in the part before its script ran, to make again once it has. */
  held: Press[];
}

/** Gives the browser a turn (input, rendering) before going on. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The part's start from its template, `near` when unset; an unknown value is a build mistake. */
function startOnOf(template: HTMLTemplateElement): StartOn {
  const value = template.dataset['start'] ?? 'near';
  if ((START_ONS as readonly string[]).includes(value)) return value as StartOn;
  throw new Error(`AfterPaint: unknown start "${value}"`);
}

/** Finds the parts of `doc` and starts each as its `startOn` says. */
export function runAfterPaint(doc: Document = document): void {
  const parts: Part[] = [];
  for (const template of doc.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')) {
    const elements = [...doc.querySelectorAll(template.dataset['for'] ?? ':not(*)')];
    if (elements.length === 0) {
      template.remove();
      continue;
    }
    parts.push({ template, startOn: startOnOf(template), elements, state: 'waiting', held: [] });
  }
  if (parts.length === 0) return;

  const queue: Part[] = [];
  let pumping = false;
  const partOf = (target: EventTarget | null): Part | undefined =>
    target instanceof Node ? parts.find((part) => part.elements.some((el) => el.contains(target))) : undefined;

  function start(part: Part, urgent = false): void {
    if (part.state !== 'waiting') return;
    part.state = 'queued';
    if (urgent) queue.unshift(part);
    else queue.push(part);
    void pump();
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    while (queue.length > 0) {
      run(queue.shift()!);
      if (queue.length > 0) await yieldToMain();
    }
    pumping = false;
  }

  function run(part: Part): void {
    part.state = 'running';
    preloadFiles(part.template);
    const sources = [...part.template.content.querySelectorAll('script')];
    let pending = sources.length;
    const settle = () => {
      pending -= 1;
      if (pending <= 0) ran(part);
    };
    if (pending === 0) ran(part);
    for (const source of sources) {
      const script = doc.createElement('script');
      if (source.src) {
        // A script file fires `load` once it has run, or `error`.
        script.type = 'module';
        script.src = source.src;
        script.addEventListener('load', settle);
        script.addEventListener('error', settle);
        doc.body.append(script);
      } else {
        // Inlined by the build as a classic script (src/integrations/html/after-paint-scripts.ts): it
        // runs as it is inserted. Its content is unchanged, so the page policy's hash still allows it.
        script.textContent = source.textContent;
        doc.body.append(script);
        settle();
      }
    }
    part.template.remove();
  }

  function ran(part: Part): void {
    part.state = 'ran';
    part.held.splice(0).forEach(replayPress);
    if (parts.every((p) => p.state === 'ran')) {
      doc.removeEventListener('click', hold, true);
      doc.removeEventListener('submit', hold, true);
    }
  }

  // A press in a part whose script has not run yet is held for it, and starts it.
  function hold(event: Event): void {
    const part = partOf(event.target);
    if (!part || part.state === 'ran') return;
    const press = pressOf(event, 'button, [role="button"]');
    if (!press) return;
    part.held.push(press);
    event.preventDefault();
    event.stopImmediatePropagation();
    start(part, true);
  }
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', hold, true);

  const onUse = (event: Event) => {
    const part = partOf(event.target);
    if (part) start(part, true);
  };
  for (const type of STARTERS) doc.addEventListener(type, onUse, { capture: true, passive: true });

  whenPainted(() => {
    const byStart = (startOn: StartOn) => parts.filter((part) => part.startOn === startOn);
    for (const part of byStart('paint')) start(part);
    const near = byStart('near');
    if (near.length > 0) {
      /** The parts each watched box starts (several parts can share an article part). */
      const watched = new Map<Element, Part[]>();
      for (const part of near) {
        for (const el of part.elements) {
          // In an article part not drawn yet, an element counts as out of view until the browser
          // draws the part, closer than NEAR_VIEW: the part's box is watched, a screen ahead.
          const box = partBoxOf(el);
          watched.set(box, [...(watched.get(box) ?? []), part]);
        }
      }
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) watched.get(entry.target)?.forEach((part) => start(part));
          }
        },
        { rootMargin: NEAR_VIEW },
      );
      for (const box of watched.keys()) observer.observe(box);
    }
    const onScroll = byStart('scroll');
    if (onScroll.length > 0) {
      const startAll = () => onScroll.forEach((part) => start(part));
      if (window.scrollY > 0) startAll();
      else window.addEventListener('scroll', startAll, { once: true, passive: true });
    }
  }, doc);
}

/**
 * Calls `callback` in a task after the first contentful paint has been presented. Where paint
 * timing is not reported, in a task queued from a frame callback after load (it runs once that
 * frame has been drawn).
 */
export function whenPainted(callback: () => void, doc: Document = document): void {
  if ('PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(callback);
    }).observe({ type: 'paint', buffered: true });
  } else if (doc.readyState === 'complete') {
    requestAnimationFrame(() => setTimeout(callback));
  } else {
    window.addEventListener('load', () => requestAnimationFrame(() => setTimeout(callback)), { once: true });
  }
}
