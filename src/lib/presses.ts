/**
 * A press (a click on a button, a form submission) made before the script that handles it has run,
 * kept so it can be made again once the script has. Shared by the after-paint loader
 * (src/lib/after-paint.ts) and the islands' early input (src/lib/islands/early-input.ts).
 */

/** A held press. */
export type Press =
  { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * The press a `click` or `submit` event stands for: a click counts when it lands in an element
 * matching `pressable` (its closest such ancestor is the target); anything else is null.
 */
export function pressOf(event: Event, pressable: string): Press | null {
  if (event.type === 'click' && event.target instanceof Element) {
    const target = event.target.closest<HTMLElement>(pressable);
    return target ? { kind: 'click', target } : null;
  }
  if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
    return { kind: 'submit', form: event.target, submitter: (event as SubmitEvent).submitter };
  }
  return null;
}

/** Makes the press again, if what was pressed is still on the page. */
export function replayPress(press: Press): void {
  if (press.kind === 'click' && press.target.isConnected) press.target.click();
  if (press.kind === 'submit' && press.form.isConnected) press.form.requestSubmit(press.submitter);
}
