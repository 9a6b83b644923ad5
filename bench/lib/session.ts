/**
 * A signed-in account for the benches that measure a page as a customer or the owner sees it: an
 * account made as a visitor makes one (sign-up, the confirmation link from the local mailbox,
 * sign-in) on the embedded auth emulator, and the session as the browser's supabase-js stores it,
 * to be put in a browser's localStorage before the page is opened.
 */
import { createClient } from '@supabase/supabase-js';

/** The anon key the embedded default accepts (src/lib/supabase.ts). */
const EMBEDDED_ANON_KEY = 'embedded-anon-key';

/** The password of the benches' accounts. */
const PASSWORD = 'filters-every-90-days';

/** An account signed in: the token for the API, and the session as the browser keeps it. */
export interface BrowserSession {
  email: string;
  accessToken: string;
  /** localStorage's key (`sb-<host>-auth-token`) and value for the server's origin. */
  storage: { key: string; value: string };
}

/**
 * Signs `email` up on the server at `origin`, confirms it through the local mailbox, runs
 * `beforeSignIn` (the owner benches make the account the owner there), then signs it in.
 */
export async function signUpAndIn(
  origin: string,
  email: string,
  options: { fullName: string; beforeSignIn?: () => Promise<void> },
): Promise<BrowserSession> {
  const stored = new Map<string, string>();
  const supabase = createClient(origin, EMBEDDED_ANON_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
  });
  const signUp = await supabase.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: options.fullName } },
  });
  if (signUp.error) throw new Error(`sign-up failed: ${signUp.error.message}`);
  const mail = (await (await fetch(`${origin}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { links: string[] }[];
  };
  const link = mail.messages[0]?.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const verified = await fetch(link, { redirect: 'manual' });
  await verified.arrayBuffer();
  if (verified.status >= 400) throw new Error(`the confirmation link answered ${verified.status}`);
  await options.beforeSignIn?.();
  const signIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error || !signIn.data.session) throw new Error(`sign-in failed: ${signIn.error?.message ?? 'no session'}`);
  const entry = [...stored].find(([key]) => /^sb-.+-auth-token$/.test(key));
  if (!entry) throw new Error('supabase-js stored no session');
  return { email, accessToken: signIn.data.session.access_token, storage: { key: entry[0], value: entry[1] } };
}
