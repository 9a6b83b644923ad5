import { describe, expect, test } from 'vitest';
import { hasStoredSession } from '@/features/auth/session';

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
