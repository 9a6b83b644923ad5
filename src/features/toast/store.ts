/**
 * The site's one toast queue, shown by toaster.ts, whose `toast()` adds to it: any island or
 * script raises a toast through that function.
 */
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** `destructive` for failures and rejected input. */
  variant: 'default' | 'destructive';
}

/** How long a toast stays on screen (docs/product/messages.md#timings). */
export const TOAST_DURATION_MS = 5000;

export const $toasts = atom<readonly Toast[]>([]);
let nextId = 1;

/** Adds a toast to the queue; returns its id. Call toaster.ts's `toast()`, which also shows it. */
export function addToast(input: { title: string; description?: string; variant?: Toast['variant'] }): number {
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
