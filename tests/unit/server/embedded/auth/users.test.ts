import { describe, expect, test } from 'vitest';
import {
  isBanned,
  newIdentityData,
  obfuscatedUserJson,
  userJson,
  type UserRow,
} from '../../../../../server/embedded/auth/users.ts';

describe('user JSON', () => {
  const at = new Date('2026-03-01T12:00:00.000Z');
  const user: UserRow = {
    id: '00000000-0000-4000-8000-000000000001',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'pat@example.com',
    encrypted_password: '$2b$10$secret',
    email_confirmed_at: null,
    confirmation_sent_at: at,
    recovery_sent_at: null,
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    banned_until: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { full_name: 'Pat' },
    is_anonymous: false,
    created_at: at,
    updated_at: at,
  };

  test('absent timestamps are left out and the password never appears', () => {
    const json = userJson(user, []);
    expect(json).not.toHaveProperty('email_confirmed_at');
    expect(json).not.toHaveProperty('confirmed_at');
    expect(json).not.toHaveProperty('last_sign_in_at');
    expect(json).not.toHaveProperty('recovery_sent_at');
    expect(json).not.toHaveProperty('reauthentication_sent_at');
    expect(json.confirmation_sent_at).toBe('2026-03-01T12:00:00.000Z');
    expect(JSON.stringify(json)).not.toContain('$2b$');
    const confirmed = userJson({ ...user, email_confirmed_at: at }, []);
    expect(confirmed).toMatchObject({ email_confirmed_at: at.toISOString(), confirmed_at: at.toISOString() });
    const recovering = userJson({ ...user, recovery_sent_at: at, reauthentication_sent_at: at }, []);
    expect(recovering).toMatchObject({
      recovery_sent_at: at.toISOString(),
      reauthentication_sent_at: at.toISOString(),
    });
  });

  test('the stand-in for a taken address tells nothing about the account', () => {
    const json = obfuscatedUserJson('pat@example.com', { full_name: 'Other' }, 'authenticated', at);
    expect(json).toMatchObject({
      email: 'pat@example.com',
      role: '',
      identities: [],
      user_metadata: { full_name: 'Other' },
    });
    expect(json.id).not.toBe(user.id);
    expect(json).not.toHaveProperty('email_confirmed_at');
  });

  test("a new identity's data: GoTrue's claims win over sign-up data of the same name", () => {
    expect(
      newIdentityData('u-1', 'pat@example.com', { full_name: 'Pat', sub: 'forged', email_verified: true }),
    ).toEqual({
      full_name: 'Pat',
      sub: 'u-1',
      email: 'pat@example.com',
      email_verified: false,
      phone_verified: false,
    });
  });

  test('a ban shows as banned_until and lasts until then; the admin list shows identities as null', () => {
    const until = new Date('2026-03-02T12:00:00.000Z');
    expect(userJson(user, [])).not.toHaveProperty('banned_until');
    expect(userJson({ ...user, banned_until: until }, []).banned_until).toBe(until.toISOString());
    expect(isBanned({ banned_until: until }, at)).toBe(true);
    expect(isBanned({ banned_until: until }, until)).toBe(false);
    expect(isBanned({ banned_until: null }, at)).toBe(false);
    expect(userJson(user, null).identities).toBeNull();
  });
});
