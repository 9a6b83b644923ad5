/**
 * Renders the toast store into the page's toast list (Toaster.astro): newest last, at most three on
 * screen, each dismissed after TOAST_DURATION_MS or by its close button. Failures are announced
 * assertively. The list is put to work by the page's first toast, so a page that raises none runs
 * nothing for it (docs/product/performance.md#after-paint-loading).
 */
import { $toasts, addToast, dismissToast, TOAST_DURATION_MS, type Toast } from './store';

/** How many toasts stay on screen at once; older ones leave first. */
export const MAX_VISIBLE = 3;

function render(item: Toast): HTMLLIElement {
  const li = document.createElement('li');
  li.dataset['toastId'] = String(item.id);
  // The live-region role sits on an inner element: a role on the <li> would take it out of the list.
  const box = document.createElement('div');
  box.setAttribute('role', item.variant === 'destructive' ? 'alert' : 'status');
  li.append(box);
  box.className =
    item.variant === 'destructive'
      ? 'pointer-events-auto flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 shadow-lg'
      : 'pointer-events-auto flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-ink shadow-lg';
  const body = document.createElement('div');
  body.className = 'flex-1';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = item.title;
  body.append(title);
  if (item.description) {
    const description = document.createElement('p');
    description.className = 'text-sm';
    description.textContent = item.description;
    body.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'size-8 shrink-0 rounded-lg text-xl leading-none hover:bg-black/5';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(item.id));
  box.append(body, close);
  return li;
}

/**
 * Keeps `list` in step with the toast store. While a modal dialog is open the rest of the page is
 * inert (hidden from screen readers, not clickable), so the toast region moves into the dialog and
 * back out when it closes.
 */
function mountToaster(list: HTMLOListElement): void {
  const region = list.parentElement ?? list;
  const home = region.parentElement ?? document.body;
  const placeRegion = () => {
    const host = document.querySelector('dialog:modal') ?? home;
    if (region.parentElement !== host) host.append(region);
  };
  document.addEventListener('close', () => queueMicrotask(placeRegion), true);
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  $toasts.subscribe((toasts) => {
    placeRegion();
    const visible = toasts.slice(-MAX_VISIBLE);
    // Older toasts beyond the limit leave the store too, after this update has been applied.
    for (const item of toasts) {
      if (!visible.includes(item)) queueMicrotask(() => dismissToast(item.id));
    }
    const ids = new Set(visible.map((t) => t.id));
    for (const li of [...list.children] as HTMLElement[]) {
      const id = Number(li.dataset['toastId']);
      if (!ids.has(id)) {
        li.remove();
        clearTimeout(timers.get(id));
        timers.delete(id);
      }
    }
    for (const item of visible) {
      if (timers.has(item.id)) continue;
      list.append(render(item));
      timers.set(
        item.id,
        setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS),
      );
    }
  });
}

let mounted = false;

/** Shows a toast (the first one puts the page's toast list to work); returns its id. */
export function toast(input: Parameters<typeof addToast>[0]): number {
  if (!mounted) {
    const list = document.querySelector<HTMLOListElement>('[data-toaster]');
    if (list) {
      mounted = true;
      mountToaster(list);
    }
  }
  return addToast(input);
}
