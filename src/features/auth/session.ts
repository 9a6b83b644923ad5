/**
 * The session supabase-js keeps in this browser's localStorage, read without loading supabase-js:
 * pages draw 'My Account' and send signed-in presses straight to checkout when one is stored. Only
 * a hint: what acts on the account verifies the session with the auth server.
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
