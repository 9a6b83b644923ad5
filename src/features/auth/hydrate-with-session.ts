/**
 * The `client:session` hydration directive (registered by src/integrations/island-directives.ts),
 * for the header's account islands: their server HTML is the signed-out state ('Sign In'), which is
 * all a visitor without a stored session ever needs, so for them nothing is fetched. The island
 * hydrates, once the page has painted, when this browser holds a sign-in session, when the page was
 * opened from a mailed sign-in link (supabase-js then reads the session from the address), or when
 * the reader signs in on this page (the auth store announces it, store.ts). Unlike the tool
 * islands it carries no early input (src/lib/islands/early-input.ts): what it hydrates is a 'Sign
 * In' link, which works as it is, and leaving that code out keeps every page's document small.
 */
import type { ClientDirective } from 'astro';
import { addressCarriesSession, hasStoredSession } from './session';
import { SIGNED_IN_EVENT } from './signed-in-event';
import { whenPainted } from '@/lib/after-paint';
import { preloadFiles } from '@/lib/islands/preload';

/** Whether this browser holds a session, or the address carries one; blocked storage counts as none. */
function sessionToRead(): boolean {
  if (addressCarriesSession(window.location.hash)) return true;
  try {
    return hasStoredSession(localStorage);
  } catch {
    return false;
  }
}

const hydrateWithSession: ClientDirective = (load, _options, el) => {
  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    document.removeEventListener(SIGNED_IN_EVENT, start);
    preloadFiles(el);
    void load().then((hydrate) => hydrate());
  }
  document.addEventListener(SIGNED_IN_EVENT, start);
  if (sessionToRead()) whenPainted(start);
};

export default hydrateWithSession;
