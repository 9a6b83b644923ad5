/**
 * The `client:desk` hydration directive (registered by src/integrations/island-directives.ts), for
 * the owner's desk (docs/product/desk.md#owners-desk, "Loading"): with a stored session still valid, the
 * desk's first two reads, the owner's settings and today's visits (by the phone's day in
 * Springfield), are sent as the page opens, while the desk's code is still on its way; the desk's
 * calls of the same paths with the same token take their answers (auth/api.ts sendEarlyAs). Without
 * such a session nothing is sent, and the desk signs in first. The desk then hydrates as every
 * tool island does (`client:afterpaint`); its files were asked for from the head
 * (src/integrations/html/island-preload.ts). A directive, not a page script: Astro inlines it, so
 * it runs at once, and a module script would hold the page's islands until its own files had come.
 */
import type { ClientDirective } from 'astro';
import { sendEarlyAs } from '@/features/auth/api';
import { earlyTokenOf } from '@/features/auth/session';
import { businessToday } from '@/lib/dates';
import hydrateAfterPaint from '@/lib/islands/hydrate-after-paint';
import { SETTINGS_PATH, visitsPath } from './owner-paths';

/** Sends the desk's first reads with the stored session's token, when it has one still valid. */
function sendFirstReads(): void {
  let token: string | null = null;
  try {
    token = earlyTokenOf(localStorage, Date.now(), window.location.hash);
  } catch {
    // Storage refused (a private mode): the desk signs in as it would.
  }
  if (!token) return;
  const today = businessToday();
  sendEarlyAs(token, SETTINGS_PATH);
  sendEarlyAs(token, visitsPath(today, today));
}

// Sent as Astro inlines this directive in the page, not when the desk's island starts (which waits
// for the page's end, DOMContentLoaded): there is one desk per page.
sendFirstReads();

const hydrateDesk: ClientDirective = (load, options, el) => hydrateAfterPaint(load, options, el);

export default hydrateDesk;
