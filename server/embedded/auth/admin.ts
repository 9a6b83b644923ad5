/**
 * GoTrue's admin API for users, the part supabase-js's `auth.admin` calls for the owner role
 * (docs/product/operations.md#owner-role) and for tests that make accounts without the mailbox:
 * `listUsers`, `getUserById`, `updateUserById` and `createUser` (e-mail users only), as admin.go
 * answers them, behind GoTrue's check of the caller (middleware.go requireAdminCredentials, auth.go
 * requireAdmin): a bearer JWT signed with the project's key whose `role` claim is `service_role`
 * (or `supabase_admin`). Phone users, another role or audience, a chosen id, an imported password
 * hash, a ban at creation, and changing a user's address, phone, password or role are not
 * emulated: the site never does them, so they are refused rather than half done.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AuthError, validationFailed } from './errors.ts';
import { AUTH_DEFAULTS, normaliseEmail, parseBanDuration, paginationHeaders, parsePagination } from './rules.ts';
import type { AuthServiceDeps, Sessions } from './sessions.ts';
import { AUD } from './sessions.ts';
import * as store from './store.ts';
import { hashPassword, newEmailUser, newIdentityData, userJson, type UserJson, type UserRow } from './users.ts';

/** The roles GoTrue lets through its admin routes (JWT.AdminRoles, by default). */
export const ADMIN_ROLES: readonly string[] = ['service_role', 'supabase_admin'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The fields of a PUT /admin/users/{id} body the emulator reads (AdminUserParams). */
export interface AdminUserUpdate {
  /** Merged into app_metadata; a key set to null is removed. */
  appMetadata?: Record<string, unknown> | undefined;
  /** Merged into user_metadata; a key set to null is removed. */
  userMetadata?: Record<string, unknown> | undefined;
  /** Confirms the address now (the user's email_confirmed_at). */
  emailConfirm: boolean;
  /** A Go duration ("24h") to ban for, "none" to lift a ban, '' to leave it. */
  banDuration: string;
  /** Fields GoTrue would change that the emulator does not: refused when set. */
  unsupported: string[];
}

/** The fields of a POST /admin/users body the emulator reads (AdminUserParams). */
export interface AdminUserCreate {
  /** '' when absent. */
  email: string;
  /** undefined when absent or null; '' or absent gets a random password no one knows. */
  password?: string | undefined;
  /** Confirms the address at once (else the user cannot sign in until it is confirmed). */
  emailConfirm: boolean;
  userMetadata?: Record<string, unknown> | undefined;
  /** Merged over `{ provider: 'email', providers: ['email'] }`; a key set to null is removed. */
  appMetadata?: Record<string, unknown> | undefined;
  /** Fields GoTrue would act on that the emulator does not: refused when set. */
  unsupported: string[];
}

/** GoTrue's DuplicateEmailMsg. */
const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** A page of the user list and GoTrue's pagination headers. */
export interface UserPage {
  body: { users: UserJson[]; aud: string };
  headers: Record<string, string>;
}

/** Builds the admin operations over the emulator's database, clock and token checks. */
export function createAdmin({ db }: AuthServiceDeps, sessions: Sessions) {
  /** The user of a path's `{user_id}`, or GoTrue's 404 (loadUser). */
  async function loadUser(id: string): Promise<UserRow> {
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await store.findUserById(db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  return {
    /**
     * Lets through only a token signed with the project's key whose role is an admin role: 401
     * `no_authorization` without a bearer token, 403 `bad_jwt` for a forged or expired one, the
     * session errors for a user's token whose session has ended, and 403 `not_admin` for any
     * other role (a customer's access token, the anon key).
     */
    async requireAdmin(authorization: string | null): Promise<void> {
      const claims = await sessions.verifyBearer(authorization);
      const sessionId = claims['session_id'];
      // A user's token must still have its session; the service key has none.
      if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
        await sessions.loadUserAndSession(claims);
      }
      const role = claims['role'];
      if (typeof role !== 'string' || !ADMIN_ROLES.includes(role)) {
        throw new AuthError(403, 'not_admin', 'User not allowed');
      }
    },

    /**
     * GET /admin/users: a page of the project's users, newest first, with `X-Total-Count` and
     * `Link`. As GoTrue's list, it does not load identities (`"identities": null`).
     */
    async listUsers(path: string, query: URLSearchParams): Promise<UserPage> {
      const pagination = parsePagination(query);
      const { users, total } = await store.listUsers(db, AUD, pagination.page, pagination.perPage);
      return {
        body: { users: users.map((user) => userJson(user, null)), aud: AUD },
        headers: paginationHeaders(path, query, pagination, total),
      };
    },

    /** GET /admin/users/{id}: the user with their identities. */
    async getUser(id: string): Promise<UserJson> {
      const user = await loadUser(id);
      return userJson(user, await store.identitiesOf(db, user.id));
    },

    /**
     * POST /admin/users (adminUserCreate): a new e-mail user, confirmed when asked, with its email
     * identity; no mail is sent. Its user_metadata is the body's as given (GoTrue's NewUser), its
     * identity holds only the claims, and confirming adds `email_verified` to the user_metadata
     * alone (User.Confirm). As GoTrue, the password's strength is not checked: an admin may set any.
     */
    async createUser(input: AdminUserCreate): Promise<UserJson> {
      const [field] = input.unsupported;
      // GoTrue's first check; a phone alone would make a phone user, refused below.
      if (input.email === '' && field !== 'phone') {
        throw validationFailed('Cannot create a user without either an email or phone');
      }
      if (field !== undefined) {
        throw validationFailed(`The local auth emulator's admin API does not create users with "${field}"`);
      }
      const email = normaliseEmail(input.email);
      if (await store.findUserByEmail(db, email)) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      // GoTrue's NewUser fails on what Go's bcrypt refuses, and answers its error as a 400.
      if (input.password !== undefined && Buffer.byteLength(input.password, 'utf8') > AUTH_DEFAULTS.maxPasswordBytes) {
        throw validationFailed('bcrypt: password length exceeds 72 bytes');
      }
      // GoTrue generates 64 random characters: no one can sign in with them.
      const password = input.password || randomBytes(48).toString('base64url');
      const at = sessions.date();
      const id = randomUUID();
      const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'], ...input.appMetadata };
      for (const [key, value] of Object.entries(appMetadata)) if (value === null) delete appMetadata[key];
      const { user, identity } = newEmailUser({
        id,
        aud: AUD,
        email,
        passwordHash: await hashPassword(password),
        userMetadata: input.emailConfirm ? { ...input.userMetadata, email_verified: true } : { ...input.userMetadata },
        appMetadata,
        emailConfirmedAt: input.emailConfirm ? at : null,
        identityData: newIdentityData(id, email, {}),
        identitySignedInAt: at,
        at,
      });
      try {
        return await db.transaction(async (tx) => {
          await store.insertUser(tx, user, identity);
          return sessions.currentJson(tx, user);
        });
      } catch (error) {
        // A concurrent creation or sign-up of the same address won the insert.
        if ((error as { code?: unknown }).code === '23505') throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
        throw error;
      }
    },

    /** Checks the user of PUT /admin/users/{id} before its body is read, as GoTrue's loadUser does. */
    loadUser,

    /**
     * PUT /admin/users/{id}: confirms the address, merges the metadata (app_metadata as well:
     * only an admin may), bans or lifts a ban; answers the user as they now stand. Access tokens
     * issued afterwards carry the new metadata; GET /user shows it at once.
     */
    async updateUser(user: UserRow, update: AdminUserUpdate): Promise<UserJson> {
      const [field] = update.unsupported;
      if (field !== undefined) {
        throw validationFailed(`The local auth emulator's admin API does not change "${field}"`);
      }
      const banMs = update.banDuration === '' ? undefined : parseBanDuration(update.banDuration);
      return db.transaction(async (tx) => {
        const at = sessions.date();
        if (update.emailConfirm) await store.confirmEmail(tx, user.id, at);
        if (update.appMetadata !== undefined)
          await store.updateUserMetadata(tx, user.id, update.appMetadata, at, 'app');
        if (update.userMetadata !== undefined) await store.updateUserMetadata(tx, user.id, update.userMetadata, at);
        if (banMs !== undefined) {
          await store.setBannedUntil(tx, user.id, banMs === 0 ? null : new Date(at.getTime() + banMs), at);
        }
        return sessions.currentJson(tx, user);
      });
    },
  };
}

/** The admin operations. */
export type Admin = ReturnType<typeof createAdmin>;
