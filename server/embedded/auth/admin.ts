/**
 * GoTrue's admin API for users, the part supabase-js's `auth.admin` calls for the owner role
 * (docs/product/operations.md#owner-role): `listUsers`, `getUserById` and `updateUserById`, as admin.go
 * answers them, behind GoTrue's check of the caller (middleware.go requireAdminCredentials, auth.go
 * requireAdmin): a bearer JWT signed with the project's key whose `role` claim is `service_role`
 * (or `supabase_admin`). Changing a user's address, phone, password or role here is not emulated:
 * the site never does it, so it is refused rather than half done.
 */
import { AuthError, validationFailed } from './errors.ts';
import { parseBanDuration, paginationHeaders, parsePagination } from './rules.ts';
import type { AuthServiceDeps, Sessions } from './sessions.ts';
import { AUD } from './sessions.ts';
import * as store from './store.ts';
import { userJson, type UserJson, type UserRow } from './users.ts';

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
