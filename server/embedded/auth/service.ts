/**
 * What the Auth emulator does, request by request, as GoTrue does it: sign-up with e-mail
 * confirmation, password and refresh-token grants (rotation, reuse interval, family revocation),
 * logout, the current user, and the mailed confirmation link. HTTP lives in handler.ts.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db } from '../../../functions/_lib/db.ts';
import type { Mailer } from '../mail.ts';
import { AuthError, validationFailed } from './errors.ts';
import type { KeyRing } from './keys.ts';
import {
  AUTH_DEFAULTS,
  checkNewPassword,
  emailFrequencyError,
  normaliseEmail,
  parseLogoutScope,
  resolveRedirect,
} from './rules.ts';
import * as store from './store.ts';
import {
  digest,
  errorRedirect,
  goQueryEscape,
  newLinkToken,
  refreshTokenFor,
  safeEqual,
  sessionRedirect,
  type SessionTokens,
} from './tokens.ts';
import {
  accessTokenClaims,
  newIdentityData,
  obfuscatedUserJson,
  userJson,
  type AmrEntry,
  type SessionRow,
  type UserJson,
  type UserRow,
} from './users.ts';

/** What the service needs from outside. */
export interface AuthServiceDeps {
  db: Db;
  keys: KeyRing;
  mailer: Mailer;
  /** The clock, in ms since the epoch (injectable so tests can step past intervals). */
  now: () => number;
  /** The `iss` of access tokens: `<SUPABASE_URL>/auth/v1`. */
  issuer: () => string;
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

const AUD = 'authenticated';
const INVALID_LOGIN = 'Invalid login credentials';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Compared against when the address is unknown, so both failures take a bcrypt's time.
let dummyHash: Promise<string> | undefined;

/** The operations of the emulator. */
export type AuthService = ReturnType<typeof createAuthService>;

/** Builds the emulator's operations over its database, keys, mailer and clock. */
export function createAuthService({ db, keys, mailer, now, issuer }: AuthServiceDeps) {
  const date = () => new Date(now());

  async function issueTokens(tx: Db, user: UserRow, session: SessionRow, refreshToken: string): Promise<TokenResponse> {
    const nowSeconds = Math.floor(now() / 1000);
    const ttl = AUTH_DEFAULTS.accessTokenSeconds;
    const accessToken = await keys.sign(accessTokenClaims(user, session, issuer(), nowSeconds, ttl));
    const fresh = (await store.findUserById(tx, user.id)) ?? user;
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

  /** Starts a session for a user who just proved who they are, and answers its tokens. */
  async function startSession(tx: Db, user: UserRow, method: AmrEntry['method'], caller: Caller) {
    const at = date();
    const session: SessionRow = {
      id: randomUUID(),
      user_id: user.id,
      amr: [{ method, timestamp: Math.floor(at.getTime() / 1000) }],
    };
    await store.insertSession(tx, { ...session, ...caller }, at);
    await store.recordSignIn(tx, user.id, at);
    const refreshToken = await newRefreshToken(tx, session.id, null);
    return issueTokens(tx, (await store.findUserById(tx, user.id)) ?? user, session, refreshToken);
  }

  async function sendConfirmation(tx: Db, user: UserRow, redirectTo: string, siteOrigin: string): Promise<void> {
    const token = newLinkToken(user.email);
    await store.storeConfirmationToken(
      tx,
      { id: randomUUID(), userId: user.id, digest: digest(token), email: user.email },
      date(),
    );
    const link = `${siteOrigin}/auth/v1/verify?token=${token}&type=signup&redirect_to=${goQueryEscape(redirectTo)}`;
    await mailer.send(
      {
        to: user.email,
        subject: 'Confirm Your Signup',
        text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n`,
      },
      tx,
    );
  }

  async function signupOnce(
    email: string,
    password: string,
    data: Record<string, unknown>,
    redirectTo: string,
    siteOrigin: string,
  ): Promise<UserJson> {
    const existing = await store.findUserByEmail(db, email);
    if (existing?.email_confirmed_at) return obfuscatedUserJson(email, data, AUD, date());
    if (existing) {
      // GoTrue re-sends the link but changes nothing else: the caller has not proved the address.
      const tooSoon = emailFrequencyError(existing.confirmation_sent_at, now());
      if (tooSoon) throw tooSoon;
      return db.transaction(async (tx) => {
        await sendConfirmation(tx, existing, redirectTo, siteOrigin);
        const user = (await store.findUserById(tx, existing.id)) ?? existing;
        return userJson(user, await store.identitiesOf(tx, user.id));
      });
    }
    const hash = await bcrypt.hash(password, 10);
    const at = date();
    const id = randomUUID();
    const identityData = newIdentityData(id, email, data);
    const user: UserRow = {
      id,
      aud: AUD,
      role: 'authenticated',
      email,
      encrypted_password: hash,
      email_confirmed_at: null,
      confirmation_sent_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      // GoTrue replaces user_metadata with the new identity's data (RemoveUnconfirmedIdentities).
      raw_user_meta_data: identityData,
      is_anonymous: false,
      created_at: at,
      updated_at: at,
    };
    return db.transaction(async (tx) => {
      await store.insertUser(tx, user, {
        id: randomUUID(),
        provider_id: id,
        user_id: id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: null,
        created_at: at,
        updated_at: at,
      });
      await sendConfirmation(tx, user, redirectTo, siteOrigin);
      const stored = (await store.findUserById(tx, id)) ?? user;
      return userJson(stored, await store.identitiesOf(tx, id));
    });
  }

  /** Verifies a bearer access token: its user, and its session unless the token has none. */
  async function authenticate(authorization: string | null): Promise<{ user: UserRow; session: SessionRow | null }> {
    const match = /^bearer (\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims;
    try {
      claims = await keys.verify(match[1], now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(AUD)) throw validationFailed("Token audience doesn't match request audience");
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
    /** POST /signup: a new unconfirmed user and a confirmation mail (or GoTrue's answers for a taken address). */
    async signup(
      input: { email: string; password: string; data: Record<string, unknown>; redirectTo: string | null },
      siteOrigin: string,
    ): Promise<UserJson> {
      checkNewPassword(input.password);
      if (input.email === '') throw validationFailed('Sign up only available with email provider');
      const email = normaliseEmail(input.email);
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      try {
        return await signupOnce(email, input.password, input.data, redirectTo, siteOrigin);
      } catch (error) {
        // A concurrent sign-up for the same address won the insert: answer as for an existing user.
        if ((error as { code?: unknown }).code !== '23505') throw error;
        return signupOnce(email, input.password, input.data, redirectTo, siteOrigin);
      }
    },

    /** POST /token?grant_type=password. Wrong password and unknown address fail alike, before confirmation is looked at. */
    async passwordGrant(input: { email: string; password: string }, caller: Caller): Promise<TokenResponse> {
      if (input.email === '') throw validationFailed('missing email or phone');
      const user = await store.findUserByEmail(db, input.email.toLowerCase());
      dummyHash ??= bcrypt.hash('not-anyone-s-password', 10);
      const hash = user?.encrypted_password ?? (await dummyHash);
      // Go's bcrypt refuses passwords past 72 bytes where bcryptjs would cut them: refuse them too.
      const tooLong = Buffer.byteLength(input.password, 'utf8') > AUTH_DEFAULTS.maxPasswordBytes;
      const valid = (await bcrypt.compare(input.password, hash)) && !tooLong;
      if (!user || !valid) throw new AuthError(400, 'invalid_credentials', INVALID_LOGIN);
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return db.transaction((tx) => startSession(tx, user, 'password', caller));
    },

    /**
     * POST /token?grant_type=refresh_token. Each use rotates the token. A used token is accepted
     * again only as the parent of the active one (the client lost the answer: the active token is
     * returned) or within the reuse interval; any later reuse ends the whole session.
     */
    async refreshGrant(refreshToken: string): Promise<TokenResponse> {
      const outcome = await db.transaction(async (tx) => {
        const row = await store.findRefreshTokenForUpdate(tx, digest(refreshToken));
        if (!row) return { error: 'not_found' as const };
        const session = await store.findSession(tx, row.session_id);
        const user = session && (await store.findUserById(tx, session.user_id));
        if (!session || !user) return { error: 'no_session' as const };
        const at = date();
        let issued: string | null = null;
        if (row.revoked) {
          const active = await store.activeRefreshToken(tx, session.id);
          if (active?.parent_digest && safeEqual(active.parent_digest, row.token_digest)) {
            issued = refreshTokenFor(keys.refreshKey, active.id);
          } else if (at.getTime() > row.updated_at.getTime() + AUTH_DEFAULTS.refreshReuseSeconds * 1000) {
            await store.deleteSession(tx, session.id);
            return { error: 'reused' as const };
          }
        } else {
          await store.revokeRefreshToken(tx, row.id, at);
        }
        issued ??= await newRefreshToken(tx, session.id, row.token_digest);
        await store.touchSession(tx, session.id, at);
        return { tokens: await issueTokens(tx, user, session, issued) };
      });
      if ('tokens' in outcome) return outcome.tokens;
      if (outcome.error === 'reused') {
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      if (outcome.error === 'no_session') {
        throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
      }
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    },

    /** POST /logout?scope=global|local|others: ends the caller's sessions. */
    async logout(authorization: string | null, scope: string | null): Promise<void> {
      const { user, session } = await authenticate(authorization);
      const which = parseLogoutScope(scope);
      if (!session) return;
      if (which === 'local') await store.deleteSession(db, session.id);
      else await store.deleteUserSessions(db, user.id, which === 'others' ? session.id : null);
    },

    /** GET /user: the caller's user. */
    async currentUser(authorization: string | null): Promise<UserJson> {
      const { user } = await authenticate(authorization);
      return userJson(user, await store.identitiesOf(db, user.id));
    },

    /**
     * GET /verify: spends a mailed link and answers where to redirect: to `redirect_to` with the
     * new session in the fragment, or with the error there when the link is unknown, used or old.
     */
    async verifyLink(
      input: { token: string; type: string; redirectTo: string | null },
      caller: Caller,
      siteOrigin: string,
    ): Promise<string> {
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      if (input.type === '') throw validationFailed('Verify requires a verification type');
      if (input.token === '') throw validationFailed('Verify requires a token or a token hash');
      try {
        if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'].includes(input.type)) {
          throw validationFailed('Unsupported verification type');
        }
        const tokens = await db.transaction(async (tx) => {
          const link = input.type === 'signup' ? await store.findConfirmationToken(tx, digest(input.token)) : undefined;
          const expired = !link || now() > link.created_at.getTime() + AUTH_DEFAULTS.emailLinkSeconds * 1000;
          const user = link && !expired ? await store.findUserById(tx, link.user_id) : undefined;
          if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
          await store.confirmEmail(tx, user.id, date());
          return startSession(tx, user, 'otp', caller);
        });
        return sessionRedirect(redirectTo, tokens, input.type);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        return errorRedirect(redirectTo, error.status, error.code, error.message);
      }
    },
  };
}
