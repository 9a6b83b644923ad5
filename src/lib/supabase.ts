/**
 * The one supabase-js client, loaded only when a page first needs it (never to draw the header).
 * In the embedded default the auth server is the site's own origin.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

let client: Promise<SupabaseClient> | undefined;

/** The auth server's base URL as the browser sees it. */
export function authServerUrl(): string {
  return import.meta.env.PUBLIC_SUPABASE_URL || window.location.origin;
}

/** The shared client, created on first call. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(authServerUrl(), import.meta.env.PUBLIC_SUPABASE_ANON_KEY || 'embedded-anon-key', {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    }),
  );
  return client;
}
