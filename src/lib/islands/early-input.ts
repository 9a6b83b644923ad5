/**
 * Early input: what a reader does inside an island before its framework has hydrated is kept and
 * handed to the component once it is live. `catchEarlyInput(root, onFirst)` starts listening on the
 * island's element; `adopt(hydrate)` then runs the framework's hydration and feeds it what happened
 * before: fields typed or picked (inputs, selects, text areas, native radios and checkboxes) are put
 * back as rendered, hydrated, then retyped through the element's own setter and an `input`/`change`
 * event, as the reader would have; presses (buttons, and widgets with a button, radio, checkbox,
 * switch, tab or menu item role, such as Headless UI's) are held, shown at once where they have a
 * checked state (`aria-checked`/`data-checked`, which the component's styles read), and replayed
 * in order as clicks; a form submission is held and replayed with its submitter. Nothing reaches
 * the bare HTML (a form would otherwise submit itself, putting its fields in the address bar).
 * `client:afterpaint` (hydrate-after-paint.ts) uses it, so every tool island gets it by its
 * attribute alone; another directive adopts it with `catchEarlyInput(el, start)` when it starts
 * watching and `early.adopt(await load())` when it hydrates.
 */

import { pressOf, replayPress, type Press } from '../presses';

/** A field the reader changed before hydration, with what they left in it. */
interface Typed {
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
  checked: boolean;
}

/** What a press on a checkable widget changed on screen, to undo before hydration. */
interface Shown {
  el: HTMLElement;
  aria: string | null;
  data: string | null;
}

/** What `catchEarlyInput` returns: hands the early input to the component once hydrated. */
export interface EarlyInput {
  /** Runs `hydrate`, then replays into the live component everything done before. */
  adopt(hydrate: () => Promise<void>): Promise<void>;
}

/** Input types that hold nothing a reader types or picks. */
const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);
/** What counts as a press: buttons and the ARIA widgets a click acts on. */
const PRESSABLE =
  'button, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"]';

/** The value a field was rendered with. */
function renderedValue(field: Typed['field']): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const options = [...field.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

const isCheckable = (field: Typed['field']): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * Records the fields the reader changed, then puts them back as rendered. All are recorded before
 * any is put back: putting back one radio button of a group changes the others.
 */
function takeTyped(root: HTMLElement): Typed[] {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<Typed['field']>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (isCheckable(field)) {
      if (field.checked !== field.defaultChecked) typed.push({ field, value: field.value, checked: field.checked });
      continue;
    }
    if (field.value !== renderedValue(field)) typed.push({ field, value: field.value, checked: false });
  }
  for (const { field } of typed) {
    if (isCheckable(field)) field.checked = field.defaultChecked;
    else field.value = renderedValue(field);
  }
  return typed;
}

/** Types the recorded values back in through the element's own setter and an event. */
function retype(typed: Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    // A first event on the field as rendered lets a framework still hydrating in the background
    // (React does so at once on such events) take the field over before its value changes.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (isCheckable(field)) {
      // A radio button is chosen by clicking the one the reader chose; one left unticked by that
      // choice follows from it (a click cannot untick a radio button).
      if (field.checked !== checked && (checked || field.type === 'checkbox')) field.click();
      continue;
    }
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Shows a pressed radio (and unticks its group's others) or a toggled checkbox before hydration. */
function showPressed(target: HTMLElement, shown: Map<HTMLElement, Shown>): void {
  const role = target.getAttribute('role');
  if (role !== 'radio' && role !== 'checkbox' && role !== 'switch') return;
  const mark = (el: HTMLElement, on: boolean) => {
    if (!shown.has(el))
      shown.set(el, { el, aria: el.getAttribute('aria-checked'), data: el.getAttribute('data-checked') });
    el.setAttribute('aria-checked', String(on));
    el.toggleAttribute('data-checked', on);
  };
  if (role === 'radio') {
    const group = target.closest('[role="radiogroup"]') ?? target.parentElement;
    for (const other of group?.querySelectorAll<HTMLElement>('[role="radio"]') ?? []) mark(other, other === target);
  } else {
    mark(target, target.getAttribute('aria-checked') !== 'true');
  }
}

/** Puts every widget shown pressed back as rendered, so the framework hydrates its own HTML. */
function unshow(shown: Map<HTMLElement, Shown>): void {
  for (const { el, aria, data } of shown.values()) {
    if (aria === null) el.removeAttribute('aria-checked');
    else el.setAttribute('aria-checked', aria);
    if (data === null) el.removeAttribute('data-checked');
    else el.setAttribute('data-checked', data);
  }
}

/** Starts keeping the early input of `root`; `onFirst` is called at each press (to start hydrating). */
export function catchEarlyInput(root: HTMLElement, onFirst: () => void): EarlyInput {
  const presses: Press[] = [];
  const shown = new Map<HTMLElement, Shown>();
  const hold = (event: Event) => {
    const press = pressOf(event, PRESSABLE);
    if (!press) return;
    if (press.kind === 'click') {
      const { target } = press;
      if (!root.contains(target) || target.matches(':disabled, [aria-disabled="true"]')) return;
      showPressed(target, shown);
    }
    presses.push(press);
    event.preventDefault();
    event.stopImmediatePropagation();
    onFirst();
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);

  return {
    async adopt(hydrate) {
      // From here to the retyping, no task runs: nothing the reader does can fall in between.
      const typed = takeTyped(root);
      unshow(shown);
      await hydrate();
      root.removeEventListener('click', hold, true);
      root.removeEventListener('submit', hold, true);
      retype(typed);
      // Let the framework render what was retyped before a held press reads it.
      await new Promise((resolve) => setTimeout(resolve));
      // One at a time, each drawn before the next, as the reader's own presses would be.
      for (const press of presses.splice(0)) {
        replayPress(press);
        await new Promise((resolve) => setTimeout(resolve));
      }
    },
  };
}
