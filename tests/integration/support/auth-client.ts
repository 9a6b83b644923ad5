/**
 * The Auth emulator as the site's browser code meets it: the real supabase-js against a test
 * server, plus the raw calls, mails and redirects its tests follow by hand.
 */
import { createClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { mailsTo, type TestServer } from '../harness.ts';

/** The password every test account is made with. */
export const PASSWORD = 'correct-horse-1';

let counter = 0;

/** A unique address per call, so tests do not share accounts. */
export function address(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.com`;
}

/** The parameters of a URL's fragment. */
export function fragment(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** Follows a link by hand and answers the redirect's status and Location. */
export async function follow(link: string): Promise<{ status: number; location: string }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** Helpers bound to one running server. */
export function authClient(server: () => TestServer) {
  /** A fresh supabase-js client, as the site makes one (no persistence, no background refresh). */
  function supabase() {
    return createClient(server().origin, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
  }

  /** The first link of the newest mail to `email` whose subject matches. */
  async function mailedLink(email: string, subject: RegExp = /./): Promise<string> {
    const mail = (await mailsTo(server().origin, email)).find((m) => subject.test(m.subject));
    const link = mail?.links[0];
    if (!link) throw new Error(`no mail matching ${String(subject)} for ${email}`);
    return link;
  }

  /** The six-digit code of the newest mail to `email` whose subject matches. */
  async function mailedCode(email: string, subject: RegExp = /./): Promise<string> {
    const mail = (await mailsTo(server().origin, email)).find((m) => subject.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in a mail matching ${String(subject)} for ${email}`);
    return code;
  }

  /** Signs up and confirms through the mailed link; answers the signed-in tokens of a password sign-in. */
  async function confirmedUser(label: string, password = PASSWORD) {
    const email = address(label);
    const { error } = await supabase().auth.signUp({
      email,
      password,
      options: { data: { full_name: 'Pat Lee' } },
    });
    expect(error).toBeNull();
    expect((await follow(await mailedLink(email))).status).toBe(303);
    const client = supabase();
    const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
    expect(signInError).toBeNull();
    if (!data.session) throw new Error('no session after sign-in');
    return { email, client, session: data.session };
  }

  /** A raw call to the emulator, for what supabase-js hides (headers, legacy shapes). */
  function call(path: string, init: RequestInit = {}) {
    return fetch(`${server().origin}/auth/v1${path}`, {
      ...init,
      headers: { apikey: 'anon-key', 'content-type': 'application/json', ...init.headers },
    });
  }

  return { supabase, mailedLink, mailedCode, confirmedUser, call };
}
