/**
 * The site's one toast queue. Any island or script calls `toast()`; the Toaster (plain script in
 * the layout) shows them. Toasts raised before the Toaster starts wait in the store, not lost.
 */
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** `destructive` for failures and rejected input. */
  variant: 'default' | 'destructive';
}

/** How long a toast stays on screen (docs/product.md#timings). */
export const TOAST_DURATION_MS = 5000;

export const $toasts = atom<readonly Toast[]>([]);
let nextId = 1;

/** Shows a toast; returns its id. */
export function toast(input: { title: string; description?: string; variant?: Toast['variant'] }): number {
  const id = nextId++;
  const item: Toast = { id, title: input.title, variant: input.variant ?? 'default' };
  if (input.description !== undefined) item.description = input.description;
  $toasts.set([...$toasts.get(), item]);
  return id;
}

/** Removes a toast, e.g. when its time is up or it is dismissed. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
