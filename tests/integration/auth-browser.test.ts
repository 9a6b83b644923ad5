/**
 * The site's own browser auth code (src/features/auth/store.ts and recovery.ts, the checkout
 * client's 401), run in Node with the real @supabase/supabase-js against the Auth emulator, as a
 * page runs it: the client persists its session in a stand-in localStorage, the store listens to
 * it. Two faults of the sign-in service are staged: its hourly cap on e-mails, set low
 * (docs/product/accounts.md#password-reset), and a /logout that fails, answering 5xx or not at all
 * (docs/product/accounts.md#sign-out). Also a session ended on another device, met by a billing action
 * (docs/product/accounts.md#session-checks).
 */
import { createClient, isAuthSessionMissingError } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { SESSION_ENDED } from '../../functions/_lib/platform/auth.ts';
import {
  confirmationWaitMessage,
  EMAIL_UNAVAILABLE,
  RESEND_NOTICE,
  RESET_NOTICE,
} from '../../src/features/auth/messages.ts';
import { storedSessionState } from '../../src/features/auth/session.ts';
import { mailsTo, startTestServer, type TestServer } from './harness.ts';
import { address, authClient, follow, fragment, PASSWORD } from './support/auth-client.ts';

/** The page's one supabase-js client, which the mocked src/lib/supabase.ts hands out. */
const page = vi.hoisted((): { client: unknown } => ({ client: null }));
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => Promise.resolve(page.client),
  authServerUrl: () => '',
}));

/** A browser's Storage in memory: items are own properties, as Object.keys(localStorage) lists them. */
class MemoryStorage {
  [key: string]: unknown;
  get length(): number {
    return Object.keys(this).length;
  }
  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }
  setItem(key: string, value: string): void {
    this[key] = String(value);
  }
  removeItem(key: string): void {
    delete this[key];
  }
  clear(): void {
    for (const key of Object.keys(this)) delete this[key];
  }
}

/** Node's own fetch, whatever a test stubs. */
const realFetch = globalThis.fetch;

/** How the page's network reaches /auth/v1/logout: as it is, answering 5xx, or not at all. */
const logout = { fault: 'none' as 'none' | 'offline' | 500 | 503 };

/** A page of the site at `origin`: fresh storage, a fresh client, and the store and recovery modules loaded anew. */
async function openPage(origin: string) {
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', { location: { origin } });
  vi.stubGlobal('document', new EventTarget());
  const client = createClient(origin, 'anon-key', {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input.toString(), origin);
        if (url.pathname === '/auth/v1/logout' && logout.fault === 'offline') throw new TypeError('fetch failed');
        return realFetch(input, init);
      },
    },
  });
  page.client = client;
  vi.resetModules();
  const store = await import('@/features/auth/store');
  const recovery = await import('@/features/auth/recovery');
  await store.startAuth();
  return { client, storage, store, recovery };
}

beforeEach(() => {
  // With a window and a document, supabase-js counts every client of the test as one browser's.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Multiple GoTrueClient instances')) warn(...args);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  logout.fault = 'none';
});

describe('the hourly e-mail cap (docs/product/accounts.md#password-reset)', { timeout: 60_000 }, () => {
  let server: TestServer;
  const { supabase, mailedLink } = authClient(() => server);
  const RESET = /^Reset your password$/;

  beforeAll(async () => {
    server = await startTestServer({ emailsPerHour: 3 });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  test('the cap and the per-address minute, as supabase-js and then as the customer meets them', async () => {
    const ann = address('ann');
    const bob = address('bob');
    // Two sign-ups and a reset link: the three e-mails of this hour.
    for (const email of [ann, bob])
      expect((await supabase().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await supabase().auth.resetPasswordForEmail(ann)).error).toBeNull();

    // GoTrue answers both limits with one code, told apart by the message; the address's minute comes first.
    const capped = await supabase().auth.resetPasswordForEmail(bob);
    expect(capped.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    const waiting = await supabase().auth.resetPasswordForEmail(ann);
    expect(waiting.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    // An unknown address sends nothing, so it meets no cap.
    expect((await supabase().auth.resetPasswordForEmail(address('nobody'))).error).toBeNull();
    expect(await mailsTo(server.origin, bob)).toHaveLength(1);

    const { recovery } = await openPage(server.origin);
    // The minute reads as sent; the cap says nothing went out, and how else to reach us.
    expect(await recovery.requestPasswordReset(ann)).toEqual({ notice: RESET_NOTICE });
    expect(await recovery.requestPasswordReset(bob)).toEqual({
      problem: { message: EMAIL_UNAVAILABLE, code: 'over_email_send_rate_limit' },
    });
    expect(EMAIL_UNAVAILABLE).toContain('(417) 555-0142');
    const resent = await recovery.resendConfirmation(bob);
    expect(resent).toEqual({
      problem: {
        message: expect.stringMatching(
          /^A confirmation e-mail went to this address less than a minute ago\./,
        ) as unknown,
        code: 'over_email_send_rate_limit',
      },
    });
    server.clock.advance(61_000);
    expect(await recovery.resendConfirmation(bob)).toEqual({
      problem: { message: EMAIL_UNAVAILABLE, code: 'over_email_send_rate_limit' },
    });
    // Nothing refused replaced a link: Bob's confirmation still works.
    expect(fragment((await follow(await mailedLink(bob))).location).get('type')).toBe('signup');

    // A sign-up under the cap is refused whole: no account is left half made.
    const carl = address('carl');
    expect((await supabase().auth.signUp({ email: carl, password: PASSWORD })).error).toMatchObject({
      code: 'over_email_send_rate_limit',
    });

    // The next hour sends again.
    server.clock.advance(60 * 60_000);
    expect(await recovery.requestPasswordReset(bob)).toEqual({ notice: RESET_NOTICE });
    expect((await mailsTo(server.origin, bob)).filter((m) => RESET.test(m.subject))).toHaveLength(1);
    expect((await supabase().auth.signUp({ email: carl, password: PASSWORD })).data.user?.identities).toHaveLength(1);
    expect(await mailsTo(server.origin, carl)).toHaveLength(1);
    expect(await recovery.resendConfirmation(address('stranger'))).toEqual({ notice: RESEND_NOTICE });
    expect(confirmationWaitMessage(1)).toMatch(/ask again in 1 second\.$/);
  });
});

describe(
  'sign-out and ended sessions (docs/product/accounts.md#sign-out, docs/product/accounts.md#session-checks)',
  { timeout: 60_000 },
  () => {
    let server: TestServer;
    const { supabase, confirmedUser } = authClient(() => server);

    beforeAll(async () => {
      server = await startTestServer({
        functions: true,
        // A fault in front of the emulator's /logout, handing every other request on to it.
        routes: ({ mounted }) => {
          const auth = mounted.find((route) => route.path === '/auth/v1');
          if (!auth) throw new Error('the auth emulator is not mounted');
          return [
            {
              path: '/auth/v1/logout',
              match: 'exact',
              handler: async (req, context) =>
                typeof logout.fault === 'number'
                  ? Response.json(
                      { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs' },
                      { status: logout.fault, headers: { 'x-supabase-api-version': '2024-01-01' } },
                    )
                  : auth.handler(req, context),
            },
          ];
        },
      });
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
    }, 60_000);

    beforeEach(() => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** A customer signed in on this page through the site's own sign-in, and on a second device. */
    async function signedInTwice() {
      const { email } = await confirmedUser('devices');
      const opened = await openPage(server.origin);
      expect(await opened.store.signIn(email, PASSWORD)).toBeNull();
      expect(opened.store.$auth.get().status).toBe('signed-in');
      const other = (await supabase().auth.signInWithPassword({ email, password: PASSWORD })).data.session;
      if (!other) throw new Error('no second session');
      return { ...opened, other };
    }

    /** Whether a session's access token still belongs to a live session at the sign-in service. */
    async function alive(accessToken: string): Promise<boolean> {
      const { error } = await supabase().auth.getUser(accessToken);
      if (error && !isAuthSessionMissingError(error)) throw error;
      return !error;
    }

    test('a sign-out that reaches the service ends every session', async () => {
      const { client, store, other } = await signedInTwice();
      expect(await store.signOut()).toBe('everywhere');
      expect((await client.auth.getSession()).data.session).toBeNull();
      expect(await alive(other.access_token)).toBe(false);
    });

    test.each([
      ['no connection', 'offline'],
      ['a 503', 503],
      ['a 500', 500],
    ] as const)('with %s, this device is signed out all the same, and told the others may not be', async (_, fault) => {
      const { client, storage, store, other } = await signedInTwice();
      logout.fault = fault;
      expect(await store.signOut()).toBe('this-device');
      expect((await client.auth.getSession()).data.session).toBeNull();
      expect(store.$auth.get().status).toBe('signed-out');
      // What /auth's inline script reads: nothing left that would send the visitor away.
      expect(storedSessionState(storage, Date.now())).toBe('none');
      // Nothing reached the service: the other device is still signed in, as the message says.
      expect(await alive(other.access_token)).toBe(true);
    });

    test('a checkout answered 401, the session ended on another device, signs this device out', async () => {
      const { client, storage, store, other } = await signedInTwice();
      // Sign Out on the other device ends this session too, while its access token has not expired.
      expect((await supabase().auth.admin.signOut(other.access_token, 'global')).error).toBeNull();
      expect(storedSessionState(storage, Date.now())).toBe('live');

      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
        realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input, init),
      );
      const { startSubscriptionCheckout } = await import('@/features/plans/subscribe');
      expect(await startSubscriptionCheckout('lite')).toEqual({
        kind: 'failed',
        message: SESSION_ENDED,
        sessionEnded: true,
      });
      expect(store.$auth.get().status).toBe('signed-out');
      expect((await client.auth.getSession()).data.session).toBeNull();
      expect(storedSessionState(storage, Date.now())).toBe('none');
    });
  },
);
