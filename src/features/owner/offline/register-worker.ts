/**
 * Registers the desk's service worker (docs/product/desk.md#owners-desk, "Offline shell"), which
 * keeps the desk's shell for when there is no signal. Browsers allow a worker only on a secure
 * page: over https, or from this machine. A failure is logged and the desk goes on without it.
 * Imports nothing: the build (src/integrations/desk-worker.ts) and the server read its names too.
 */

/** Where the build writes the worker: at the root, so that it may take the scope below. */
export const DESK_WORKER_URL = '/owner-sw.js';

/** The pages it serves: the desk and every path under it. `/owner/` would miss the desk itself (no trailing slash). */
export const DESK_WORKER_SCOPE = '/owner';

/** The hosts where a page over plain http is still a secure one. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Registers the worker when the browser has them and the page is secure; never throws. */
export function registerDeskWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (location.protocol !== 'https:' && !LOCAL_HOSTS.has(location.hostname)) return;
  navigator.serviceWorker.register(DESK_WORKER_URL, { scope: DESK_WORKER_SCOPE }).catch((error: unknown) => {
    console.error("The desk's offline shell could not be installed:", error);
  });
}
