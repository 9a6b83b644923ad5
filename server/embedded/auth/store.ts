/**
 * The emulator's SQL: every read and write of the emulator_auth schema. Each function takes the
 * Db (or open transaction) to run on, and the time to record, so the emulator's clock is the only
 * clock.
 */
import type { Db } from '../../../functions/_lib/platform/db.ts';
import type { AmrEntry, IdentityRow, SessionRow, UserRow } from './users.ts';

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, reauthentication_sent_at, last_sign_in_at, banned_until, raw_app_meta_data,
  raw_user_meta_data, is_anonymous, created_at, updated_at`;

/** The user with this (lower-cased) address. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${USER_COLUMNS} from emulator_auth.users where email = $1`, [email]))[0];
}

/** The user with this id. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${USER_COLUMNS} from emulator_auth.users where id = $1`, [id]))[0];
}

/** The user's identities, oldest first. */
export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  return db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
       from emulator_auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
}

/** Stores a new user and its email identity. */
export async function insertUser(db: Db, user: UserRow, identity: IdentityRow): Promise<void> {
  await db.query(
    `insert into emulator_auth.users (${USER_COLUMNS})
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15, $16)`,
    [
      user.id,
      user.aud,
      user.role,
      user.email,
      user.encrypted_password,
      user.email_confirmed_at,
      user.confirmation_sent_at,
      user.recovery_sent_at,
      user.reauthentication_sent_at,
      user.last_sign_in_at,
      user.banned_until,
      JSON.stringify(user.raw_app_meta_data),
      JSON.stringify(user.raw_user_meta_data),
      user.is_anonymous,
      user.created_at,
      user.updated_at,
    ],
  );
  await db.query(
    `insert into emulator_auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
    [
      identity.id,
      identity.provider_id,
      identity.user_id,
      JSON.stringify(identity.identity_data),
      identity.provider,
      identity.last_sign_in_at,
      identity.created_at,
      identity.updated_at,
    ],
  );
}

/** The kinds of mailed one-time token, each with the user column recording when it was sent. */
export const TOKEN_KINDS = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
} as const;

/** A kind of mailed one-time token. */
export type TokenKind = keyof typeof TOKEN_KINDS;

/**
 * Replaces the user's token of one kind with a new one and records when it was sent. As GoTrue's
 * mail.go overwrites users.confirmation_token (or recovery_token) on every send and
 * CreateOneTimeToken clears the kind's last one, the replaced link and code are then unknown and
 * answer exactly as used ones (docs/product/accounts.md#email-confirmation).
 */
export async function storeOneTimeToken(
  db: Db,
  token: { kind: TokenKind; id: string; userId: string; digest: string; email: string },
  at: Date,
): Promise<void> {
  await db.query(`delete from emulator_auth.one_time_tokens where user_id = $1 and token_type = $2`, [
    token.userId,
    token.kind,
  ]);
  await db.query(
    `insert into emulator_auth.one_time_tokens (id, user_id, token_type, token_digest, relates_to, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [token.id, token.userId, token.kind, token.digest, token.email, at],
  );
  await db.query(`update emulator_auth.users set ${TOKEN_KINDS[token.kind]} = $2, updated_at = $2 where id = $1`, [
    token.userId,
    at,
  ]);
}

/** A stored one-time token: its user, its kind and when it was sent. */
export interface OneTimeTokenRow {
  user_id: string;
  token_type: TokenKind;
  created_at: Date;
}

/** The token of one of `kinds` with this digest, locked until the transaction ends. */
export async function findOneTimeToken(
  db: Db,
  kinds: readonly TokenKind[],
  digest: string,
): Promise<OneTimeTokenRow | undefined> {
  return (
    await db.query<OneTimeTokenRow>(
      `select user_id, token_type, created_at from emulator_auth.one_time_tokens
        where token_digest = $1 and token_type = any($2::text[]) order by created_at desc limit 1 for update`,
      [digest, kinds],
    )
  )[0];
}

/** Spends every mailed token of the user (GoTrue's ClearAllOneTimeTokensForUser). */
export async function clearOneTimeTokens(db: Db, userId: string): Promise<void> {
  await db.query(`delete from emulator_auth.one_time_tokens where user_id = $1`, [userId]);
}

/**
 * Sets the user's password hash and, as GoTrue's UpdatePassword does, forgets every mailed token
 * and when they were sent: a new password means the old one may no longer be trusted.
 */
export async function setPassword(db: Db, userId: string, hash: string, at: Date): Promise<void> {
  await db.query(
    `update emulator_auth.users
        set encrypted_password = $2, confirmation_sent_at = null, recovery_sent_at = null,
            reauthentication_sent_at = null, updated_at = $3
      where id = $1`,
    [userId, hash, at],
  );
  await clearOneTimeTokens(db, userId);
}

/** The two metadata columns: the user's own, and the app's (only the admin API writes it). */
const METADATA_COLUMNS = { user: 'raw_user_meta_data', app: 'raw_app_meta_data' } as const;

/**
 * Merges `updates` into the user's metadata (`user_metadata`, or `app_metadata` for 'app'): keys
 * replaced at the top level, a key set to null removed (UpdateUserMetaData, UpdateAppMetaData).
 */
export async function updateUserMetadata(
  db: Db,
  userId: string,
  updates: Record<string, unknown>,
  at: Date,
  which: keyof typeof METADATA_COLUMNS = 'user',
) {
  const column = METADATA_COLUMNS[which];
  const removed = Object.keys(updates).filter((key) => updates[key] === null);
  await db.query(
    `update emulator_auth.users
        set ${column} = (${column} || $2::jsonb) - $3::text[], updated_at = $4
      where id = $1`,
    [userId, JSON.stringify(updates), removed, at],
  );
}

/** Bans the user until `until`, or lifts the ban (null). */
export async function setBannedUntil(db: Db, userId: string, until: Date | null, at: Date): Promise<void> {
  await db.query('update emulator_auth.users set banned_until = $2, updated_at = $3 where id = $1', [
    userId,
    until,
    at,
  ]);
}

/**
 * One page of users of an audience, newest first (GoTrue's default sort), with how many there are
 * in all. `page` counts from 1.
 */
export async function listUsers(
  db: Db,
  aud: string,
  page: number,
  perPage: number,
): Promise<{ users: UserRow[]; total: number }> {
  const users = await db.query<UserRow>(
    `select ${USER_COLUMNS} from emulator_auth.users where aud = $1
      order by created_at desc, id desc limit $2 offset $3`,
    [aud, perPage, (page - 1) * perPage],
  );
  const [count] = await db.query<{ total: number }>(
    'select count(*)::int as total from emulator_auth.users where aud = $1',
    [aud],
  );
  return { users, total: count?.total ?? 0 };
}

/** Marks the user's address confirmed (user, its email identity, metadata) and spends its links. */
export async function confirmEmail(db: Db, userId: string, at: Date): Promise<void> {
  await db.query(
    `update emulator_auth.users
        set email_confirmed_at = $2, updated_at = $2,
            raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
      where id = $1`,
    [userId, at],
  );
  await db.query(
    `update emulator_auth.identities i
        set identity_data = i.identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
       from emulator_auth.users u
      where i.user_id = $1 and u.id = i.user_id and i.provider = 'email' and i.identity_data->>'email' = u.email`,
    [userId, at],
  );
  await clearOneTimeTokens(db, userId);
}

/** Records a sign-in on the user and its email identity. */
export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.query(`update emulator_auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1`, [userId, at]);
  await db.query(
    `update emulator_auth.identities set last_sign_in_at = $2, updated_at = $2 where user_id = $1 and provider = 'email'`,
    [userId, at],
  );
}

/** Stores a new session. */
export async function insertSession(
  db: Db,
  session: SessionRow & { userAgent: string | null; ip: string | null },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into emulator_auth.sessions (id, user_id, amr, user_agent, ip, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, $5, $6, $6)`,
    [session.id, session.user_id, JSON.stringify(session.amr), session.userAgent, session.ip, at],
  );
}

/** A stored session: what tokens need, and when it was signed in. */
export interface StoredSession extends SessionRow {
  created_at: Date;
}

/** The session with this id. */
export async function findSession(db: Db, id: string): Promise<StoredSession | undefined> {
  return (
    await db.query<{ id: string; user_id: string; amr: AmrEntry[]; created_at: Date }>(
      'select id, user_id, amr, created_at from emulator_auth.sessions where id = $1',
      [id],
    )
  )[0];
}

/** Records a refresh of the session. */
export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.query('update emulator_auth.sessions set refreshed_at = $2, updated_at = $2 where id = $1', [id, at]);
}

/** Ends one session (its refresh tokens go with it). */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.query('delete from emulator_auth.sessions where id = $1', [id]);
}

/** Ends the user's sessions, all of them or all but `keep`. */
export async function deleteUserSessions(db: Db, userId: string, keep: string | null = null): Promise<void> {
  await db.query('delete from emulator_auth.sessions where user_id = $1 and id is distinct from $2', [userId, keep]);
}

/** A row of emulator_auth.refresh_tokens. */
export interface RefreshTokenRow {
  id: string;
  token_digest: string;
  parent_digest: string | null;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
}

/** Stores a new, unrevoked refresh token of a session. */
export async function insertRefreshToken(
  db: Db,
  token: { id: string; digest: string; parentDigest: string | null; sessionId: string },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into emulator_auth.refresh_tokens (id, token_digest, parent_digest, session_id, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, false, $5, $5)`,
    [token.id, token.digest, token.parentDigest, token.sessionId, at],
  );
}

/** The refresh token with this digest, locked until the transaction ends. */
export async function findRefreshTokenForUpdate(db: Db, digest: string): Promise<RefreshTokenRow | undefined> {
  return (
    await db.query<RefreshTokenRow>(
      `select id, token_digest, parent_digest, session_id, revoked, updated_at
         from emulator_auth.refresh_tokens where token_digest = $1 for update`,
      [digest],
    )
  )[0];
}

/** The session's newest unrevoked refresh token. */
export async function activeRefreshToken(db: Db, sessionId: string): Promise<RefreshTokenRow | undefined> {
  return (
    await db.query<RefreshTokenRow>(
      `select id, token_digest, parent_digest, session_id, revoked, updated_at
         from emulator_auth.refresh_tokens where session_id = $1 and not revoked
        order by created_at desc, id desc limit 1`,
      [sessionId],
    )
  )[0];
}

/** Marks a refresh token used. */
export async function revokeRefreshToken(db: Db, id: string, at: Date): Promise<void> {
  await db.query('update emulator_auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [id, at]);
}
