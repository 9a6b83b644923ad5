/**
 * `npm run owner` (docs/product/operations.md#owner-role): its arguments, which sign-in service it talks to
 * from the same variables as the server, and what it asks the admin API (a stand-in here; the real
 * one in tests/integration/owner.test.ts).
 */
import type { User } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import {
  OwnerError,
  ownerTarget,
  parseCommand,
  runOwnerCommand,
  USAGE,
  type AdminApi,
  type OwnerTarget,
} from '../../../scripts/owner.ts';

const serviceJwt = (role: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ iss: 'supabase', role })).toString('base64url')}.c2ln`;

describe('parseCommand', () => {
  test('add and remove take one address, lower-cased; list takes nothing', () => {
    expect(parseCommand(['add', ' Pat@Example.COM '])).toEqual({ action: 'add', email: 'pat@example.com' });
    expect(parseCommand(['remove', 'pat@example.com'])).toEqual({ action: 'remove', email: 'pat@example.com' });
    expect(parseCommand(['list'])).toEqual({ action: 'list' });
  });

  test.each([[[]], [['add']], [['list', 'x']], [['add', 'a@b.c', 'd@e.f']], [['grant', 'a@b.c']], [['ADD', 'a@b.c']]])(
    '%j shows the usage',
    (args) => {
      expect(() => parseCommand(args)).toThrow(new OwnerError(USAGE));
    },
  );

  test('something that is not an address is named', () => {
    expect(() => parseCommand(['add', 'pat'])).toThrow('"pat" is not an e-mail address.');
  });
});

describe('ownerTarget: the variables the server reads', () => {
  test('nothing set: the embedded server on 127.0.0.1:4321 and its key in .data', () => {
    expect(ownerTarget({})).toEqual({ mode: 'embedded', url: 'http://127.0.0.1:4321', port: 4321, dataDir: '.data' });
  });

  test('PORT, HOST and DATA_DIR as for npm start', () => {
    expect(ownerTarget({ PORT: '4400', HOST: '0.0.0.0', DATA_DIR: '/srv/data' })).toEqual({
      mode: 'embedded',
      url: 'http://127.0.0.1:4400',
      port: 4400,
      dataDir: '/srv/data',
    });
    expect(ownerTarget({ HOST: '::1' }).url).toBe('http://[::1]:4321');
  });

  test('production: the hosted project (SUPABASE_URL first) with SUPABASE_SERVICE_ROLE_KEY', () => {
    const key = serviceJwt('service_role');
    expect(
      ownerTarget({ PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: key }),
    ).toEqual({ mode: 'production', url: 'https://abcdefghijkl.supabase.co', key });
    expect(
      ownerTarget({
        PUBLIC_SUPABASE_URL: 'https://public.supabase.co',
        SUPABASE_URL: 'https://server.supabase.co',
        SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc',
      }),
    ).toMatchObject({ url: 'https://server.supabase.co', key: 'sb_secret_abc' });
  });

  test.each([
    [
      { SUPABASE_URL: 'https://abcdefghijkl.supabase.co' },
      'SUPABASE_SERVICE_ROLE_KEY is missing: SUPABASE_URL is set, so this is production;',
    ],
    [
      { DATABASE_URL: 'postgres://u:p@db.example.com/postgres', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc' },
      'SUPABASE_URL (or PUBLIC_SUPABASE_URL) is missing: DATABASE_URL is set, so this is production;',
    ],
    [
      { PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co', SUPABASE_SERVICE_ROLE_KEY: serviceJwt('anon') },
      'SUPABASE_SERVICE_ROLE_KEY is the anon key',
    ],
    [
      { PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_publishable_x' },
      'SUPABASE_SERVICE_ROLE_KEY is a publishable key',
    ],
    [
      { PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x ' },
      'SUPABASE_SERVICE_ROLE_KEY has a space or tab at its start or end',
    ],
    [{ SUPABASE_URL: 'http://abcdefghijkl.supabase.co' }, 'SUPABASE_URL must use https:// in production'],
    [{ PORT: 'forty' }, 'PORT must be a whole number'],
  ])('%j: one line naming the variable', (env, line) => {
    expect(() => ownerTarget(env)).toThrow(OwnerError);
    expect(() => ownerTarget(env)).toThrow(line);
  });
});

/** A stand-in of supabase-js's auth.admin over a list of users, recording its updates. */
function fakeAdmin(users: User[]) {
  const updates: { id: string; attributes: unknown }[] = [];
  const pages: { page: number; perPage: number }[] = [];
  const admin = {
    listUsers({ page = 1, perPage = 50 }: { page?: number; perPage?: number } = {}) {
      pages.push({ page, perPage });
      return Promise.resolve({
        data: { users: users.slice((page - 1) * perPage, page * perPage), aud: 'authenticated' },
        error: null,
      });
    },
    updateUserById(id: string, attributes: unknown) {
      updates.push({ id, attributes });
      return Promise.resolve({ data: { user: null }, error: null });
    },
  } as unknown as AdminApi;
  return { admin, updates, pages };
}

const account = (n: number, appMetadata: Record<string, unknown> = {}, confirmed = true): User => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `user${n}@example.com`,
  app_metadata: { provider: 'email', providers: ['email'], ...appMetadata },
  user_metadata: {},
  aud: 'authenticated',
  created_at: '2026-01-01T00:00:00Z',
  ...(confirmed ? { email_confirmed_at: '2026-01-01T00:00:00Z' } : {}),
});

const LOCAL: OwnerTarget = { mode: 'embedded', url: 'http://127.0.0.1:4321', port: 4321, dataDir: '.data' };

describe('runOwnerCommand (docs/product/operations.md#owner-role)', () => {
  test('add sets app_metadata.role to owner on the account with that address, found past the first page', async () => {
    const users = Array.from({ length: 1500 }, (_, i) => account(i));
    const { admin, updates, pages } = fakeAdmin(users);
    const lines = await runOwnerCommand({ action: 'add', email: 'user1234@example.com' }, admin, LOCAL);
    expect(updates).toEqual([{ id: users[1234]?.id, attributes: { app_metadata: { role: 'owner' } } }]);
    expect(pages).toEqual([
      { page: 1, perPage: 1000 },
      { page: 2, perPage: 1000 },
    ]);
    expect(lines).toEqual(["user1234@example.com is now an owner: they sign in again to use the owner's pages."]);
  });

  test('add says when the address is not confirmed yet, and changes nothing for an owner already', async () => {
    const { admin, updates } = fakeAdmin([account(1, {}, false), account(2, { role: 'owner' })]);
    expect((await runOwnerCommand({ action: 'add', email: 'user1@example.com' }, admin, LOCAL))[0]).toContain(
      'not confirmed yet',
    );
    expect(await runOwnerCommand({ action: 'add', email: 'user2@example.com' }, admin, LOCAL)).toEqual([
      'user2@example.com is already an owner.',
    ]);
    expect(updates).toHaveLength(1);
  });

  test('remove clears the role with null (the rest of app_metadata stays) only on an owner', async () => {
    const { admin, updates } = fakeAdmin([account(1, { role: 'owner' }), account(2), account(3, { role: 'admin' })]);
    await runOwnerCommand({ action: 'remove', email: 'user1@example.com' }, admin, LOCAL);
    expect(updates).toEqual([{ id: account(1).id, attributes: { app_metadata: { role: null } } }]);
    for (const email of ['user2@example.com', 'user3@example.com']) {
      expect(await runOwnerCommand({ action: 'remove', email }, admin, LOCAL)).toEqual([`${email} is not an owner.`]);
    }
    expect(updates).toHaveLength(1);
  });

  test('an unknown address is one line, and nothing is changed', async () => {
    const { admin, updates } = fakeAdmin([account(1)]);
    await expect(runOwnerCommand({ action: 'add', email: 'nobody@example.com' }, admin, LOCAL)).rejects.toThrow(
      'No account with the e-mail nobody@example.com at http://127.0.0.1:4321',
    );
    expect(updates).toEqual([]);
  });

  test("list answers the owners' addresses, and only theirs (never user_metadata's say)", async () => {
    const impostor = { ...account(4), user_metadata: { role: 'owner' } } as User;
    const { admin } = fakeAdmin([account(3, { role: 'owner' }), account(1), account(2, { role: 'owner' }), impostor]);
    expect(await runOwnerCommand({ action: 'list' }, admin, LOCAL)).toEqual(['user2@example.com', 'user3@example.com']);
  });
});
