/**
 * What every operation of the Auth emulator that signs someone in, or acts for a signed-in user,
 * shares: starting a session and answering its tokens (tokens/service.go), and checking a bearer
 * access token with its session as GoTrue's requireAuthentication does (auth.go).
 */
import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import type { Mailer } from '../mail.ts';
import { AuthError, validationFailed } from './errors.ts';
import type { KeyRing } from './keys.ts';
import type { CountLimiter } from './rate-limit.ts';
import { AUTH_DEFAULTS } from './rules.ts';
import * as store from './store.ts';
import { digest, refreshTokenFor, type SessionTokens } from './tokens.ts';
import {
  accessTokenClaims,
  isBanned,
  userJson,
  type AmrEntry,
  type SessionRow,
  type UserJson,
  type UserRow,
} from './users.ts';

/** What the emulator's operations need from outside. */
export interface AuthServiceDeps {
  db: Db;
  keys: KeyRing;
  mailer: Mailer;
  /** The clock, in ms since the epoch (injectable so tests can step past intervals). */
  now: () => number;
  /** The `iss` of access tokens: `<SUPABASE_URL>/auth/v1`. */
  issuer: () => string;
  /** The project-wide cap on e-mails sent (none when absent). */
  emailsSent?: CountLimiter;
}

/** Who is calling and from where (sessions keep them, as GoTrue's do). */
export interface Caller {
  userAgent: string | null;
  ip: string | null;
}

/** AccessTokenResponse: a session and its user. */
export interface TokenResponse extends SessionTokens {
  user: UserJson;
}

/** The audience and role of every user this emulator makes. */
export const AUD = 'authenticated';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shared session operations. */
export type Sessions = ReturnType<typeof createSessions>;

/** Builds the session operations over the emulator's database, keys and clock. */
export function createSessions({ db, keys, now, issuer }: AuthServiceDeps) {
  const date = () => new Date(now());

  /** The user's JSON as it stands in `tx`. */
  async function currentJson(tx: Db, user: UserRow): Promise<UserJson> {
    const fresh = (await store.findUserById(tx, user.id)) ?? user;
    return userJson(fresh, await store.identitiesOf(tx, user.id));
  }

  async function issueTokens(tx: Db, user: UserRow, session: SessionRow, refreshToken: string): Promise<TokenResponse> {
    const nowSeconds = Math.floor(now() / 1000);
    const ttl = AUTH_DEFAULTS.accessTokenSeconds;
    const fresh = (await store.findUserById(tx, user.id)) ?? user;
    const accessToken = await keys.sign(accessTokenClaims(fresh, session, issuer(), nowSeconds, ttl));
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: nowSeconds + ttl,
      refresh_token: refreshToken,
      user: userJson(fresh, await store.identitiesOf(tx, user.id)),
    };
  }

  async function newRefreshToken(tx: Db, sessionId: string, parentDigest: string | null): Promise<string> {
    const id = randomUUID();
    const token = refreshTokenFor(keys.refreshKey, id);
    await store.insertRefreshToken(tx, { id, digest: digest(token), parentDigest, sessionId }, date());
    return token;
  }

  /** The claims of a bearer token whose signature and expiry verify (GoTrue's extractBearerToken, parseJWTClaims). */
  async function verifyBearer(authorization: string | null): Promise<JWTPayload> {
    const match = /^bearer (\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      return await keys.verify(match[1], now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /** The user of verified claims, and their session unless the token has none (maybeLoadUserOrSession). */
  async function loadUserAndSession(
    claims: JWTPayload,
  ): Promise<{ user: UserRow; session: store.StoredSession | null }> {
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    }
    const user = await store.findUserById(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = claims['session_id'];
    if (typeof sessionId !== 'string' || sessionId === '') return { user, session: null };
    const session = UUID.test(sessionId) ? await store.findSession(db, sessionId) : undefined;
    if (!session || session.user_id !== user.id) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, session };
  }

  return {
    date,
    currentJson,
    issueTokens,
    newRefreshToken,

    /** Starts a session for a user who just proved who they are, and answers its tokens. */
    async startSession(tx: Db, user: UserRow, method: AmrEntry['method'], caller: Caller): Promise<TokenResponse> {
      const at = date();
      const session: SessionRow = {
        id: randomUUID(),
        user_id: user.id,
        amr: [{ method, timestamp: Math.floor(at.getTime() / 1000) }],
      };
      await store.insertSession(tx, { ...session, ...caller }, at);
      await store.recordSignIn(tx, user.id, at);
      const refreshToken = await newRefreshToken(tx, session.id, null);
      return issueTokens(tx, user, session, refreshToken);
    },

    verifyBearer,
    loadUserAndSession,

    /**
     * Checks a bearer access token as GoTrue's requireAuthentication does: its signature and
     * expiry, its audience, its user, its session unless the token has none, and no ban.
     */
    authenticate: async (
      authorization: string | null,
    ): Promise<{ user: UserRow; session: store.StoredSession | null }> => {
      const claims = await verifyBearer(authorization);
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(AUD)) throw validationFailed("Token audience doesn't match request audience");
      const found = await loadUserAndSession(claims);
      // A token issued before the ban still verifies; the ban ends what it can do.
      if (isBanned(found.user, date())) throw new AuthError(403, 'user_banned', 'User is banned');
      return found;
    },
  };
}
