/**
 * What the auth islands read from the page itself, through useSyncExternalStore so the server's
 * HTML and the first render while hydrating agree, and the browser's value follows at once.
 */
import { useSyncExternalStore } from 'react';
import { AUTH_LINK_ATTRIBUTE, parseAuthLink, type AuthLink } from './link';

// Neither value changes while the page is open: nothing to subscribe to.
const noSubscription = () => () => {};

/** False in the server's HTML and while hydrating, true once the island runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** What the mailed link this page was opened with carried (see link.ts), `none` on the server. */
export function useAuthLink(): AuthLink {
  const note = useSyncExternalStore(
    noSubscription,
    () => document.documentElement.dataset[AUTH_LINK_ATTRIBUTE] ?? '',
    () => '',
  );
  return parseAuthLink(note);
}
