/**
 * Runs the scripts held in `<template data-after-paint>` (components/AfterPaint.astro) once the
 * page has painted, so on a slow phone the first screen is drawn before any behaviour script is
 * fetched. A click or form submission made before they have run is held and replayed once they
 * have, so an early tap is never lost. Imported only by BaseLayout's script, which Astro then
 * inlines (no request of its own).
 */

/** A press made before the page's behaviour was ready, to make again once it is. */
type Held =
  { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Holds the last button press or form submission made inside `root` (links, fields and text work
 * without scripts and stay instant), calling `onHeld` for each, until `release` replays it.
 */
export function holdPresses(root: Document | HTMLElement, onHeld: () => void): { release(): void } {
  let held: Held | null = null;
  const hold = (event: Event) => {
    if (event.type === 'click' && event.target instanceof Element) {
      const target = event.target.closest<HTMLElement>('button, [role="button"]');
      if (!target) return;
      held = { kind: 'click', target };
    } else if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      held = { kind: 'submit', form: event.target, submitter: (event as SubmitEvent).submitter };
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    onHeld();
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
  return {
    release() {
      root.removeEventListener('click', hold, true);
      root.removeEventListener('submit', hold, true);
      const replay = held;
      held = null;
      if (replay?.kind === 'click' && replay.target.isConnected) replay.target.click();
      if (replay?.kind === 'submit' && replay.form.isConnected) replay.form.requestSubmit(replay.submitter);
    },
  };
}

/** Starts the deferred scripts after the first paint (or at the first interaction, if sooner). */
export function runAfterPaint(doc: Document = document): void {
  const templates = [...doc.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')];
  const sources = templates.flatMap((t) => [...t.content.querySelectorAll('script')]);
  if (sources.length === 0) {
    doc.documentElement.dataset['scripts'] = 'ready';
    return;
  }

  let started = false;
  const presses = holdPresses(doc, () => start());

  const finish = () => {
    doc.documentElement.dataset['scripts'] = 'ready';
    presses.release();
  };

  function start(): void {
    if (started) return;
    started = true;
    let pending = sources.length;
    const settle = () => {
      pending -= 1;
      if (pending === 0) finish();
    };
    for (const source of sources) {
      const script = doc.createElement('script');
      script.type = 'module';
      // In document order, as they would have run had they been in the page.
      script.async = false;
      if (source.src) {
        script.src = source.src;
        script.addEventListener('load', settle);
        script.addEventListener('error', settle);
      } else {
        script.textContent = source.textContent;
        queueMicrotask(settle);
      }
      doc.body.append(script);
    }
    for (const template of templates) template.remove();
  }

  for (const type of ['keydown', 'pointerdown', 'touchstart']) {
    doc.addEventListener(type, start, { capture: true, once: true, passive: true });
  }
  whenPainted(start, doc);
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
