/**
 * The session supabase-js keeps in this browser's localStorage, read without loading supabase-js:
 * pages draw 'My Account' and send signed-in presses straight to checkout when one is stored, and
 * /auth sends a signed-in visitor on before its script loads. Only a hint: what acts on the
 * account verifies the session with the auth server.
 */
import { returnPath } from './return-path';

/** What this browser holds: no session, one whose access token has expired (it may still refresh), or a live one. */
export type StoredSessionState = 'none' | 'expired' | 'live';

/**
 * The state of the supabase-js session in `storage` at `nowMs`. Self-contained (no imports, no
 * outer names): /auth inlines its source into the page (src/pages/auth.astro).
 */
export function storedSessionState(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'>,
  nowMs: number,
): StoredSessionState {
  let state: StoredSessionState = 'none';
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as {
        refresh_token?: unknown;
        expires_at?: unknown;
      } | null;
      if (typeof value?.refresh_token !== 'string' || value.refresh_token.length === 0) continue;
      if (typeof value.expires_at === 'number' && value.expires_at * 1000 > nowMs) return 'live';
      state = 'expired';
    } catch {
      // Not JSON: not a session.
    }
  }
  return state;
}

/** Whether `storage` holds a supabase-js session that can still be refreshed. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): boolean {
  return storedSessionState(storage, Date.now()) !== 'none';
}

/**
 * The inline script /auth carries: with a live stored session, go to the page `?return=` names
 * (returnPath), else `destination`, at once, before the sign-in script loads
 * (docs/product/accounts.md#sign-in). Blocked storage leaves the page as is.
 */
export function leaveIfSignedInScript(destination: string): string {
  return (
    `try{if((${storedSessionState.toString()})(localStorage,Date.now())==='live')` +
    `location.replace((${returnPath.toString()})(location.search)||${JSON.stringify(destination)})}catch{}`
  );
}

/**
 * The inline script /account carries: with no stored session at all, go to `destination` (/auth
 * with the return path) at once, before any library is asked for (docs/product/accounts.md#account-page).
 * An expired one may still refresh, so it stays; blocked storage leaves the page as is.
 */
export function leaveIfNoSessionScript(destination: string): string {
  return (
    `try{if((${storedSessionState.toString()})(localStorage,Date.now())==='none')` +
    `location.replace(${JSON.stringify(destination)})}catch{}`
  );
}

/** Whose the stored session is, and its access token (kept in memory only), read without supabase-js. */
export interface StoredSession {
  userId: string;
  accessToken: string;
}

/** The stored supabase-js session that can still be refreshed and names its user, or null. */
export function storedSessionOf(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): StoredSession | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as {
        refresh_token?: unknown;
        access_token?: unknown;
        user?: { id?: unknown } | null;
      } | null;
      if (typeof value?.refresh_token !== 'string' || value.refresh_token.length === 0) continue;
      const userId = value.user?.id;
      if (typeof userId !== 'string' || userId.length === 0) continue;
      return { userId, accessToken: typeof value.access_token === 'string' ? value.access_token : '' };
    } catch {
      // Not JSON: not a session.
    }
  }
  return null;
}

/** How long a stored access token must stay valid to be sent before the sign-in client has loaded. */
export const EARLY_TOKEN_MARGIN_MS = 60_000;

/**
 * The stored access token a call may carry before the sign-in client has loaded
 * (docs/product/accounts.md#session-checks): valid for at least another minute at `nowMs`, and only when
 * the address (`hash`) carries no mailed link's session, which would replace it; else null.
 */
export function earlyTokenOf(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'>,
  nowMs: number,
  hash: string,
): string | null {
  if (addressCarriesSession(hash)) return null;
  if (storedSessionState(storage, nowMs + EARLY_TOKEN_MARGIN_MS) !== 'live') return null;
  return storedSessionOf(storage)?.accessToken || null;
}

/**
 * The localStorage key of the account page's last known summary (src/features/account/kept-summary.ts),
 * removed at every sign-out (docs/product/accounts.md#account-page).
 */
export const KEPT_SUMMARY_KEY = 'account-summary';

/** Whether the address carries a session from a mailed link, which supabase-js reads and stores. */
export function addressCarriesSession(hash: string): boolean {
  return /[#&](access_token|error_description)=/.test(hash);
}

/** The session identifier is shown cut to 20 characters (docs/product/accounts.md#account-page). */
export const SESSION_ID_LENGTH = 20;

/** The `session_id` claim of an access token (never the token itself), '' when it has none. */
export function sessionIdOf(accessToken: string | undefined): string {
  try {
    const payload = JSON.parse(
      atob((accessToken ?? '').split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''),
    ) as {
      session_id?: unknown;
    };
    return typeof payload.session_id === 'string' ? payload.session_id : '';
  } catch {
    return '';
  }
}
