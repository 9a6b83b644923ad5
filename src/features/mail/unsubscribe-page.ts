/**
 * The script of /unsubscribe?t=… (docs/product/emails.md#unsubscribing): reads the link's address (a GET,
 * which changes nothing), then 'Unsubscribe <address>' sends the one POST that unsubscribes it and
 * the page says so; a link that is not ours says so in words.
 */
import { ApiError, requestJson } from '@/lib/api';
import { UNSUBSCRIBE_API_PATH } from './unsubscribe';

const FALLBACK = 'We could not reach the site. Check your connection and try again.';

function part(root: ParentNode, selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`/unsubscribe has no ${selector}`);
  return found;
}

/**
 * Shows the button (`ready`), the error (`error`) or neither, and the status line's words (empty
 * beside the button or the error).
 */
function show(root: HTMLElement, state: 'ready' | 'error' | 'done', message = ''): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset['state'] !== state;
  part(root, '[data-message]').textContent = message;
}

function fail(root: HTMLElement, error: unknown): void {
  part(root, '[data-error]').textContent = error instanceof ApiError ? error.message : FALLBACK;
  show(root, 'error');
}

/** Wires the page: the address of the link, then the button. */
export function initUnsubscribePage(root: HTMLElement): void {
  const token = new URLSearchParams(location.search).get('t') ?? '';
  const path = `${UNSUBSCRIBE_API_PATH}?t=${encodeURIComponent(token)}`;
  const done = (message: string) => show(root, 'done', message);
  const button = part(root, '[data-unsubscribe-button]') as HTMLButtonElement;
  button.addEventListener('click', () => {
    button.disabled = true;
    requestJson<{ message: string }>(path, { method: 'POST', fallback: FALLBACK })
      .then((answer) => {
        done(answer.message);
        // The button is gone: the keyboard's place moves to the words that replaced it.
        part(root, '[data-message]').focus();
      })
      .catch((error: unknown) => {
        button.disabled = false;
        fail(root, error);
      });
  });
  requestJson<{ email: string; unsubscribed: boolean }>(path, { fallback: FALLBACK })
    .then(({ email, unsubscribed }) => {
      if (unsubscribed) {
        done(`${email} is unsubscribed: it gets no more review requests, service reminders or guides from us.`);
        return;
      }
      part(root, '[data-email]').textContent = email;
      button.textContent = `Unsubscribe ${email}`;
      show(root, 'ready');
    })
    .catch((error: unknown) => fail(root, error));
}
