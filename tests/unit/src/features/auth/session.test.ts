import { describe, expect, test } from 'vitest';
import {
  addressCarriesSession,
  earlyTokenOf,
  hasStoredSession,
  leaveIfNoSessionScript,
  leaveIfSignedInScript,
  storedSessionOf,
  storedSessionState,
} from '@/features/auth/session';

/** An inline script's text made a function of the page globals it names. */
type InlineScript = (...globals: unknown[]) => void;

function storage(entries: Record<string, string>): Pick<Storage, 'length' | 'key' | 'getItem'> {
  const keys = Object.keys(entries);
  return { length: keys.length, key: (i) => keys[i] ?? null, getItem: (k) => entries[k] ?? null };
}

describe('hasStoredSession', () => {
  test('finds a supabase-js session under any project key', () => {
    expect(
      hasStoredSession(storage({ 'sb-127-auth-token': JSON.stringify({ access_token: 'a', refresh_token: 'r' }) })),
    ).toBe(true);
    expect(hasStoredSession(storage({ 'sb-abcdefgh-auth-token': JSON.stringify({ refresh_token: 'r' }) }))).toBe(true);
  });

  test.each([
    [{}],
    [{ 'sb-127-auth-token': 'not json' }],
    [{ 'sb-127-auth-token': 'null' }],
    [{ 'sb-127-auth-token': JSON.stringify({ access_token: 'a' }) }],
    [{ 'sb-127-auth-token-code-verifier': JSON.stringify({ refresh_token: 'r' }) }],
    [{ 'plan-request:lite': JSON.stringify({ refresh_token: 'r' }) }],
  ])('no session in %o', (entries) => {
    expect(hasStoredSession(storage(entries))).toBe(false);
  });
});

describe('storedSessionState (docs/product/accounts.md#sign-in: sent on at once only with a live access token)', () => {
  const now = Date.UTC(2026, 2, 1, 12);
  const session = (expiresAt: unknown) =>
    storage({ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', expires_at: expiresAt }) });

  test('an access token still valid is live; an expired one may still refresh', () => {
    expect(storedSessionState(session(now / 1000 + 60), now)).toBe('live');
    expect(storedSessionState(session(now / 1000 - 1), now)).toBe('expired');
    expect(storedSessionState(session(undefined), now)).toBe('expired');
    expect(storedSessionState(storage({}), now)).toBe('none');
  });

  test('the inline script of /auth runs on its own and leaves only for a live session', () => {
    const run = (entries: Record<string, string>) => {
      const replaced: string[] = [];
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the inline script's text, as the page does
      (new Function('localStorage', 'location', 'Date', leaveIfSignedInScript('/')) as InlineScript)(
        storage(entries),
        { replace: (to: string) => replaced.push(to) },
        { now: () => now },
      );
      return replaced;
    };
    expect(run({ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', expires_at: now / 1000 + 60 }) })).toEqual([
      '/',
    ]);
    expect(run({ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', expires_at: now / 1000 - 60 }) })).toEqual(
      [],
    );
    expect(run({})).toEqual([]);
    // Storage that throws (blocked by the browser) leaves the page as it is.
    expect(() =>
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the inline script's text, as the page does
      (new Function('localStorage', 'location', 'Date', leaveIfSignedInScript('/')) as InlineScript)(
        {
          get length(): number {
            throw new Error('blocked');
          },
        },
        { replace: () => {} },
        Date,
      ),
    ).not.toThrow();
  });
});

describe('addressCarriesSession', () => {
  test('a mailed link’s session or its error in the fragment, nothing else', () => {
    expect(addressCarriesSession('#access_token=abc&refresh_token=r')).toBe(true);
    expect(addressCarriesSession('#type=signup&access_token=abc')).toBe(true);
    expect(addressCarriesSession('#error_description=Email+link+is+invalid')).toBe(true);
    expect(addressCarriesSession('#contact')).toBe(false);
    expect(addressCarriesSession('')).toBe(false);
  });
});

describe('leaveIfNoSessionScript (docs/product/accounts.md#account-page: /account leaves before any library)', () => {
  const now = Date.UTC(2026, 2, 1, 12);
  const run = (entries: Record<string, string>) => {
    const replaced: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the inline script's text, as the page does
    const script = new Function('localStorage', 'location', 'Date', leaveIfNoSessionScript('/auth?return=%2Faccount'));
    (script as InlineScript)(storage(entries), { replace: (to: string) => replaced.push(to) }, { now: () => now });
    return replaced;
  };

  test('leaves with no session, or only a corrupt one; stays with a live or an expired one', () => {
    expect(run({})).toEqual(['/auth?return=%2Faccount']);
    expect(run({ 'sb-127-auth-token': 'not json' })).toEqual(['/auth?return=%2Faccount']);
    expect(run({ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', expires_at: now / 1000 + 60 }) })).toEqual(
      [],
    );
    expect(run({ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', expires_at: now / 1000 - 60 }) })).toEqual(
      [],
    );
  });
});

describe('storedSessionOf', () => {
  test("the stored session's user id and access token", () => {
    const entry = JSON.stringify({ refresh_token: 'r', access_token: 'a.b.c', user: { id: 'user-1' } });
    expect(storedSessionOf(storage({ other: 'x', 'sb-127-auth-token': entry }))).toEqual({
      userId: 'user-1',
      accessToken: 'a.b.c',
    });
  });

  test.each([
    [{}],
    [{ 'sb-127-auth-token': 'not json' }],
    [{ 'sb-127-auth-token': JSON.stringify({ refresh_token: '', user: { id: 'user-1' } }) }],
    [{ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r' }) }],
    [{ 'sb-127-auth-token': JSON.stringify({ refresh_token: 'r', user: { id: 7 } }) }],
    [{ 'sb-127-auth-token-code-verifier': JSON.stringify({ refresh_token: 'r', user: { id: 'user-1' } }) }],
  ])('none in %o', (entries) => {
    expect(storedSessionOf(storage(entries))).toBeNull();
  });
});

describe('earlyTokenOf (docs/product/accounts.md#session-checks: a call before the sign-in client has loaded)', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const stored = (expiresInSeconds: number) =>
    storage({
      'sb-127-auth-token': JSON.stringify({
        access_token: 'header.payload.signature',
        refresh_token: 'r',
        expires_at: Math.floor(now / 1000) + expiresInSeconds,
        user: { id: 'user-1' },
      }),
    });

  test('a token valid for at least another minute is sent', () => {
    expect(earlyTokenOf(stored(3600), now, '')).toBe('header.payload.signature');
    expect(earlyTokenOf(stored(61), now, '#tab=week')).toBe('header.payload.signature');
  });

  test.each([
    ['valid for a minute or less', 60, ''],
    ['valid for 30 s', 30, ''],
    ['expired', -10, ''],
    ['a mailed link in the address', 3600, '#access_token=new&refresh_token=x'],
    ['a mailed link with an error', 3600, '#error_description=Email+link+is+invalid'],
  ])('none when %s', (_case, expiresIn, hash) => {
    expect(earlyTokenOf(stored(expiresIn), now, hash)).toBeNull();
  });

  test('none without a stored session, or one naming no user', () => {
    expect(earlyTokenOf(storage({}), now, '')).toBeNull();
    const noUser = storage({
      'sb-127-auth-token': JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: now / 1000 + 3600 }),
    });
    expect(earlyTokenOf(noUser, now, '')).toBeNull();
  });
});
