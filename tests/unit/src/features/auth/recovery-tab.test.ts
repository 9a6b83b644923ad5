import { describe, expect, test } from 'vitest';
import { isRecoveryNoteOf, recoveryNote } from '@/features/auth/recovery-tab';

/** A session as supabase-js holds it, with an access token carrying `claims`. */
function session(user: string, claims: Record<string, unknown>) {
  const payload = Buffer.from(JSON.stringify({ sub: user, ...claims })).toString('base64url');
  return { access_token: `header.${payload}.signature`, user: { id: user } };
}

describe("the reset link's session, remembered in the tab (docs/product/accounts.md#password-reset)", () => {
  const fromLink = session('user-1', { session_id: 'sess-recovery' });

  test('matches the same session only, through refreshed tokens', () => {
    const note = recoveryNote(fromLink);
    expect(note).toBe(JSON.stringify({ user: 'user-1', session: 'sess-recovery' }));
    const refreshed = session('user-1', { session_id: 'sess-recovery', exp: 9_999_999_999 });
    expect(isRecoveryNoteOf(note, refreshed)).toBe(true);
  });

  test('an ordinary sign-in (another session), another user, or no note never matches', () => {
    const note = recoveryNote(fromLink);
    expect(isRecoveryNoteOf(note, session('user-1', { session_id: 'sess-password' }))).toBe(false);
    expect(isRecoveryNoteOf(note, session('user-2', { session_id: 'sess-recovery' }))).toBe(false);
    expect(isRecoveryNoteOf(null, fromLink)).toBe(false);
  });

  test('a token without a session id makes no note, and a damaged note matches nothing', () => {
    expect(recoveryNote(session('user-1', {}))).toBeNull();
    expect(recoveryNote({ access_token: 'not-a-jwt', user: { id: 'user-1' } })).toBeNull();
    for (const note of ['not json', 'null', '{}', JSON.stringify({ user: 'user-1', session: '' })]) {
      expect(isRecoveryNoteOf(note, session('user-1', { session_id: '' })), note).toBe(false);
    }
  });
});
