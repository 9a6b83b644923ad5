/**
 * The `client:afterpaint` hydration directive (registered in astro.config.mjs): an island hydrates
 * once the page has painted and the island is in view, or at once when the reader starts using it
 * (focus, pointer, key). Unlike `client:visible`, an island on the first screen does not fetch its
 * framework before that screen is drawn, so on a slow phone its server-rendered HTML is the page's
 * largest paint and the scripts never delay it.
 *
 * Nothing the reader does before the island has hydrated is lost. What they typed is carried into
 * the component's state (a framework adopts the server's HTML as it was rendered, so it would keep
 * empty state behind filled-in fields), and a button click or form submission is held and replayed
 * once the island is live: the bare HTML form would otherwise submit itself, putting its fields in
 * the address bar.
 */
import type { ClientDirective } from 'astro';
import { holdPresses, whenPainted } from './after-paint';

/** A field the reader changed before hydration, with what they left in it. */
interface Typed {
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
  checked: boolean;
}

/** Input types that hold nothing a reader types or picks. */
const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);

/** The value a field was rendered with. */
function renderedValue(field: Typed['field']): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const options = [...field.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

/**
 * Records the fields the reader changed and puts them back as rendered, so the framework hydrates
 * the HTML it rendered and starts tracking from there.
 */
function takeTyped(root: HTMLElement): Typed[] {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<Typed['field']>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      typed.push({ field, value: field.value, checked: field.checked });
      field.checked = field.defaultChecked;
      continue;
    }
    const rendered = renderedValue(field);
    if (field.value === rendered) continue;
    typed.push({ field, value: field.value, checked: false });
    field.value = rendered;
  }
  return typed;
}

/**
 * Types the recorded values back in as the reader would have: through the element's own value
 * setter and an `input` (or `change`) event, so the framework's change handlers record them.
 */
function retype(typed: Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    // A first event on the field as rendered lets a framework still hydrating in the background
    // (React does so at once on such events) take the field over before its value changes.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== checked) field.click();
      continue;
    }
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Interactions that start hydration at once, wherever the page stands. */
const STARTERS = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;

const hydrateAfterPaint: ClientDirective = (load, _options, el) => {
  let started = false;
  let painted = false;
  let visible = false;
  const presses = holdPresses(el, () => start());

  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    visible = true;
    if (painted) start();
  });

  async function hydrateNow(): Promise<void> {
    const hydrate = await load();
    // From here to the retyping, no task runs: nothing the reader does can fall in between.
    const typed = takeTyped(el);
    await hydrate();
    retype(typed);
    // Let the framework render what was retyped before a held press reads it.
    await new Promise((resolve) => setTimeout(resolve));
    presses.release();
  }

  function start(): void {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of STARTERS) el.removeEventListener(type, start, true);
    void hydrateNow();
  }

  for (const type of STARTERS) el.addEventListener(type, start, { capture: true, passive: true });
  for (const child of el.children) observer.observe(child);
  whenPainted(() => {
    painted = true;
    if (visible) start();
  });
};

export default hydrateAfterPaint;
