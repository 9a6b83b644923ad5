/**
 * Where sign-in goes back to (docs/product/accounts.md#sign-in): a page of this site named by `?return=`
 * (the booking card sends `/services/<service>#booking`), never another site.
 */

/** The path of `?return=` in `search` when it is a path on this site, else null. */
export function returnPath(search: string): string | null {
  const value = new URLSearchParams(search).get('return');
  // One leading slash, no second one or backslash (which browsers read as another host), no scheme.
  if (!value || !/^\/(?![/\\])/.test(value) || /[\\\s]/.test(value)) return null;
  return value;
}

/** Where to sign in and come back to `path` (a path of this site, with its fragment). */
export function signInReturningTo(path: string): string {
  return `/auth?return=${encodeURIComponent(path)}`;
}
