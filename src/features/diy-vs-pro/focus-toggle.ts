/** Behaviour of FocusToggle.astro: pressing a focus button shows its cards and hides the rest. */
import { showsSide, type Focus, type Side } from './focus';

/** Wires one focus toggle. */
export function initFocusToggle(root: HTMLElement): void {
  const buttons = root.querySelectorAll<HTMLButtonElement>('[data-focus-value]');
  const sides = root.querySelectorAll<HTMLElement>('[data-focus-side]');
  const select = (focus: Focus) => {
    root.dataset['focus'] = focus;
    buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset['focusValue'] === focus)));
    sides.forEach((s) => (s.hidden = !showsSide(focus, s.dataset['focusSide'] as Side)));
  };
  buttons.forEach((b) => b.addEventListener('click', () => select(b.dataset['focusValue'] as Focus)));
}
