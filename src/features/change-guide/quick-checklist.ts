/** Behaviour of QuickChecklist.astro: the progress line and the Print Checklist button. */
import { PRINT_CLASS, progressLabel } from './checklist';

/** Prints only the checklist: the class scopes the print stylesheet until printing ends. */
function printChecklist(): void {
  const root = document.documentElement;
  root.classList.add(PRINT_CLASS);
  window.addEventListener('afterprint', () => root.classList.remove(PRINT_CLASS), { once: true });
  window.print();
}

/** Wires one checklist. The ticks live only in the page: nothing is stored. */
export function initChecklist(root: HTMLElement): void {
  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const progress = root.querySelector<HTMLElement>('[data-checklist-progress]');
  const update = () => {
    if (progress) progress.textContent = progressLabel(boxes.filter((b) => b.checked).length, boxes.length);
  };
  if (progress) {
    update();
    progress.hidden = false;
  }
  root.addEventListener('change', update);
  root.querySelectorAll<HTMLButtonElement>('[data-checklist-print]').forEach((button) => {
    button.addEventListener('click', printChecklist);
  });
  // Printing needs this script, so the buttons only appear once it runs.
  const actions = root.querySelector<HTMLElement>('[data-checklist-actions]');
  if (actions) actions.hidden = false;
}
