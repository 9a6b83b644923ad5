/**
 * What the auth islands read from the page itself, through useSyncExternalStore so the server's
 * HTML and the first render while hydrating agree, and the browser's value follows at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useSyncExternalStore } from 'react';
import { AUTH_LINK_ATTRIBUTE, parseAuthLink, type AuthLink } from './link';
import { addressCarriesSession } from './session';
import {
  $auth,
  $recovery,
  $signedIn,
  AUTH_BY_PAGE_ATTRIBUTE,
  AUTH_LOADING,
  hasRecoveryNote,
  startAuth,
  type AuthState,
} from './store';

// Neither value changes while the page is open: nothing to subscribe to.
const noSubscription = () => () => {};

// The fragment the page was opened with, read before any island takes it out of the address bar.
const ARRIVAL_HASH = typeof window === 'undefined' ? '' : window.location.hash;

/** False in the server's HTML and while hydrating, true once the island runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The auth store as the server's HTML was drawn (loading) while hydrating, then the store's value.
 * Another island (the header's account slot) may have filled the store before this one hydrates;
 * reading it at once would make the first render differ from the HTML and React redraw the island.
 */
export function useAuth(): AuthState {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  return hydrated ? auth : AUTH_LOADING;
}

/** The fragment this page was opened with (e.g. `#signed-out-here`), '' on the server and while hydrating. */
export function useArrivalHash(): string {
  return useSyncExternalStore(
    noSubscription,
    () => ARRIVAL_HASH,
    () => '',
  );
}

/** Whether the signed-in session came from a reset link, as useAuth: false until hydrated. */
export function useRecovery(): boolean {
  const hydrated = useHydrated();
  const recovery = useStore($recovery);
  return hydrated && recovery;
}

/**
 * Whether this tab noted a reset link's session when the page opened (store.ts), false on the
 * server and while hydrating: a reload of /auth/reset then waits for the sign-in client.
 */
export function useRecoveryNote(): boolean {
  return useSyncExternalStore(noSubscription, noteAtOpen, () => false);
}

// Read once: the note changes while the page is open (set by the link, forgotten once the password is set).
let noted: boolean | undefined;
function noteAtOpen(): boolean {
  noted ??= hasRecoveryNote();
  return noted;
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

/**
 * Whether someone is signed in, from the auth store: false in the server's HTML and while
 * hydrating (the signed-out HTML every page is built with), then the store's value. With a stored
 * session (or one in the address, from a mailed link) it starts supabase-js, so a session ended elsewhere, a sign-in or a sign-out on this page
 * reach every island at once; without one nothing is loaded. A page marked AUTH_BY_PAGE_ATTRIBUTE starts it itself.
 */
export function useSignedIn(): boolean {
  const hydrated = useHydrated();
  const signedIn = useStore($signedIn);
  useEffect(() => {
    if (document.querySelector(`[${AUTH_BY_PAGE_ATTRIBUTE}]`)) return;
    if ($signedIn.get() || addressCarriesSession(window.location.hash)) void startAuth();
  }, []);
  return hydrated && signedIn;
}
