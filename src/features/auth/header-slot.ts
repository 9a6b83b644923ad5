/**
 * The header's account slot without supabase-js: a session stored by supabase-js in this browser
 * turns 'Sign In' into 'My Account'. Only a hint for drawing the header; pages that act on the
 * account verify the session with the auth server.
 */

/** Whether `storage` holds a supabase-js session that can still be refreshed. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as { refresh_token?: unknown } | null;
      if (typeof value?.refresh_token === 'string' && value.refresh_token.length > 0) return true;
    } catch {
      // Not JSON: not a session.
    }
  }
  return false;
}

/** Shows the signed-in parts of every account slot ('My Account' and 'Sign Out') instead of 'Sign In'. */
export function showSignedIn(root: ParentNode): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-auth-slot]')) {
    for (const el of slot.querySelectorAll<HTMLElement>('[data-signed-out]')) el.hidden = true;
    for (const el of slot.querySelectorAll<HTMLElement>('[data-signed-in]')) el.hidden = false;
  }
}
