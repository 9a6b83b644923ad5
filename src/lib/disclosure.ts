/**
 * Disclosure buttons without a framework: a `button[data-disclosure][aria-controls]` shows and
 * hides the element it controls. Escape closes and returns focus to the button; a click outside
 * closes; a `dropdown` also closes when focus leaves it, and a `panel` when one of its links is
 * followed (so an in-page anchor does not leave the menu covering the page).
 */

function setOpen(button: HTMLButtonElement, panel: HTMLElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

/** Wires every disclosure button under `root`. Safe to call once per page load. */
export function initDisclosures(root: Document): void {
  const buttons = root.querySelectorAll<HTMLButtonElement>('button[data-disclosure][aria-controls]');
  for (const button of buttons) {
    const panel = root.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!panel) continue;
    const kind = button.dataset['disclosure'];
    const isOpen = () => button.getAttribute('aria-expanded') === 'true';
    const close = (returnFocus: boolean) => {
      if (!isOpen()) return;
      setOpen(button, panel, false);
      if (returnFocus) button.focus();
    };

    button.addEventListener('click', () => setOpen(button, panel, !isOpen()));
    for (const el of [button, panel]) {
      el.addEventListener('keydown', (event) => {
        if (event.key === 'Escape' && isOpen()) {
          event.stopPropagation();
          close(true);
        }
      });
    }
    root.addEventListener('click', (event) => {
      const target = event.target as Node | null;
      if (target && !button.contains(target) && !panel.contains(target)) close(false);
    });
    if (kind === 'dropdown') {
      const container = button.closest('[data-disclosure-root]') ?? panel;
      container.addEventListener('focusout', (event) => {
        const next = (event as FocusEvent).relatedTarget as Node | null;
        if (next && !container.contains(next)) close(false);
      });
    }
    if (kind === 'panel') {
      panel.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest('a')) close(false);
      });
    }
  }
}
