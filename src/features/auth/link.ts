/**
 * Where a mailed link lands (docs/product/accounts.md#email-confirmation, docs/product/accounts.md#password-reset):
 * the auth server redirects to the page with a session, or an error, in the address's fragment.
 * Before anything else runs, an inline copy of markAuthLink notes which it was on <html> and takes
 * an error out of the address bar, so it stays in neither the bar nor the history and the sign-in
 * client never reads it; the page's island then reads the note. An error that lands on any other
 * page is sent on to /auth/confirm by an inline copy of forwardAuthError, before that page draws.
 */

/** Where sign-up confirmation links land. */
export const CONFIRM_PATH = '/auth/confirm';
/** Where password reset links land, and where a reset is asked for. */
export const RESET_PATH = '/auth/reset';

/** Where the auth forms post when their script has not run (functions/auth-form.ts). */
export const AUTH_FORM_ACTION = '/api/auth-form';
/** The id /auth shows its "needs JavaScript" notice for, as the fragment of that function's redirect. */
export const NEEDS_JAVASCRIPT_ID = 'needs-javascript';
/** The id /auth shows its "signed out on this device only" notice for (docs/product/accounts.md#sign-out). */
export const SIGNED_OUT_HERE_ID = 'signed-out-here';

/**
 * Where a page that needs an account goes after 'Sign Out': home, or, when the sign-in service
 * could not end the other sessions, /auth, which says so and offers to sign in again.
 */
export function afterSignOutPath(reach: 'everywhere' | 'this-device'): string {
  return reach === 'everywhere' ? '/' : `/auth#${SIGNED_OUT_HERE_ID}`;
}

/** The name of the <html> data attribute holding the note (`data-auth-link`). */
export const AUTH_LINK_ATTRIBUTE = 'authLink';

/**
 * Notes what the fragment of `location` carries on `root` (`error:<code>` or `session:<type>`)
 * and, for an error, replaces the address with one without the fragment. Self-contained (no
 * imports, no outer names): the landing pages inline its source.
 */
export function markAuthLink(
  root: { dataset: DOMStringMap },
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
): void {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has('error') || params.has('error_code') || params.has('error_description')) {
    root.dataset['authLink'] = `error:${params.get('error_code') ?? 'unknown'}`;
    history.replaceState(history.state, '', location.pathname + location.search);
  } else if (params.has('access_token')) {
    root.dataset['authLink'] = `session:${params.get('type') ?? ''}`;
  }
}

/** What a landing page was opened with: a session from a link, a failed link, or nothing. */
export type AuthLink = { kind: 'session'; type: string } | { kind: 'error'; code: string } | { kind: 'none' };

/** Reads a note markAuthLink left (the value of `data-auth-link`). */
export function parseAuthLink(note: string): AuthLink {
  const colon = note.indexOf(':');
  const kind = note.slice(0, colon);
  const value = note.slice(colon + 1);
  if (colon > 0 && kind === 'session') return { kind, type: value };
  if (colon > 0 && kind === 'error') return { kind, code: value };
  return { kind: 'none' };
}

/** The inline script a landing page carries: markAuthLink's source, called at once. */
export function markAuthLinkScript(): string {
  return `(${markAuthLink.toString()})(document.documentElement, location, history);`;
}

/**
 * Sends an address whose fragment carries an auth error (GoTrue's error redirect has
 * `error_description` and, in current versions, `error_code`) on to `landing` with that fragment,
 * in place of this page in the history: the hosted service returns a failed link to its Site URL when the link's own return
 * address is not allowed (docs/product/accounts.md#email-confirmation). A session in the fragment, or any
 * other fragment, is left alone. Self-contained, like markAuthLink: every other page inlines it.
 */
export function forwardAuthError(location: Pick<Location, 'hash' | 'replace'>, landing: string): void {
  if (/[#&]error_(?:code|description)=/.test(location.hash)) location.replace(landing + location.hash);
}

/** The inline script every page but the landing pages carries: forwardAuthError to /auth/confirm. */
export function forwardAuthErrorScript(): string {
  return `(${forwardAuthError.toString()})(location, ${JSON.stringify(CONFIRM_PATH)});`;
}
