/**
 * What the Auth emulator does, request by request, as GoTrue does it: sign-up with e-mail
 * confirmation, the e-mailed sign-in code (/otp), password and refresh-token grants (rotation, reuse interval, family revocation),
 * logout and the current user here; the mailed links and codes (mail-links.ts), user updates
 * (user-update.ts) and the admin API (admin.ts) beside. HTTP lives in handler.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { createAdmin } from './admin.ts';
import { AuthError, validationFailed } from './errors.ts';
import { createMailLinks } from './mail-links.ts';
import {
  AUTH_DEFAULTS,
  checkNewPassword,
  normaliseEmail,
  normalisePhone,
  parseLogoutScope,
  passwordWeakness,
  refusePkce,
  type PasswordWeakness,
  resolveRedirect,
} from './rules.ts';
import { AUD, createSessions, type AuthServiceDeps, type Caller, type TokenResponse } from './sessions.ts';
import * as store from './store.ts';
import { digest, refreshTokenFor, safeEqual } from './tokens.ts';
import { createUserUpdate, type UserUpdateOptions } from './user-update.ts';
import {
  hashPassword,
  isBanned,
  newEmailUser,
  newIdentityData,
  obfuscatedUserJson,
  userJson,
  type UserJson,
} from './users.ts';

export type { AuthServiceDeps, Caller, TokenResponse } from './sessions.ts';

const INVALID_LOGIN = 'Invalid login credentials';
// Compared against when the address is unknown, so both failures take a bcrypt's time.
let dummyHash: Promise<string> | undefined;

/** The operations of the emulator. */
export type AuthService = ReturnType<typeof createAuthService>;

/** Builds the emulator's operations over its database, keys, mailer and clock. */
export function createAuthService(
  deps: AuthServiceDeps,
  options: UserUpdateOptions = { securePasswordChange: AUTH_DEFAULTS.securePasswordChange },
) {
  const { db, keys } = deps;
  const sessions = createSessions(deps);
  const links = createMailLinks(deps, sessions);
  const { date } = sessions;

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
      return db.transaction(async (tx) => {
        await links.sendConfirmation(tx, existing, redirectTo, siteOrigin);
        return sessions.currentJson(tx, existing);
      });
    }
    const id = randomUUID();
    const identityData = newIdentityData(id, email, data);
    const { user, identity } = newEmailUser({
      id,
      aud: AUD,
      email,
      passwordHash: await hashPassword(password),
      // GoTrue replaces user_metadata with the new identity's data (RemoveUnconfirmedIdentities).
      userMetadata: identityData,
      appMetadata: { provider: 'email', providers: ['email'] },
      emailConfirmedAt: null,
      identityData,
      identitySignedInAt: null,
      at: date(),
    });
    return db.transaction(async (tx) => {
      await store.insertUser(tx, user, identity);
      await links.sendConfirmation(tx, user, redirectTo, siteOrigin);
      return sessions.currentJson(tx, user);
    });
  }

  /** signupOnce, once more when a concurrent sign-up for the same address won the insert (then answered as for an existing user). */
  async function signupRetrying(
    email: string,
    password: string,
    data: Record<string, unknown>,
    redirectTo: string,
    siteOrigin: string,
  ): Promise<UserJson> {
    try {
      return await signupOnce(email, password, data, redirectTo, siteOrigin);
    } catch (error) {
      if ((error as { code?: unknown }).code !== '23505') throw error;
      return signupOnce(email, password, data, redirectTo, siteOrigin);
    }
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
      return signupRetrying(email, input.password, input.data, redirectTo, siteOrigin);
    },

    /**
     * POST /otp, as GoTrue's otp.go and magic_link.go answer an e-mail (supabase/auth, checked at
     * bc32168): the body's checks in OtpParams.Validate's order; with `create_user` false, an
     * unknown address is a 422 otp_disabled "Signups not allowed for otp" (shouldCreateUser); an
     * unknown or unconfirmed address is signed up with a random password, so the sign-up
     * confirmation mail carries the code (Mailer.Autoconfirm is off); a confirmed one gets the
     * magic-link mail. Both mails obey send()'s minute per address and hourly cap. `{}` on success.
     * Phone sign-in is off here (no SMS provider), as SmsOtp answers then.
     */
    async otp(
      input: {
        email: string;
        phone: string;
        createUser: boolean;
        data: Record<string, unknown>;
        channel: string;
        codeChallenge: string;
        codeChallengeMethod: string;
        redirectTo: string | null;
      },
      siteOrigin: string,
    ): Promise<Record<string, never>> {
      if (input.email !== '' && input.phone !== '') {
        throw validationFailed('Only an email address or phone number should be provided');
      }
      if (input.email !== '' && input.channel !== '') {
        throw validationFailed('Channel should only be specified with Phone OTP');
      }
      refusePkce(input.codeChallenge, input.codeChallengeMethod);
      if (input.email === '' && input.phone === '') throw validationFailed('One of email or phone must be set');
      if (input.email === '') {
        // shouldCreateUser validates the number first; no user has a phone here.
        if (!input.createUser) {
          normalisePhone(input.phone);
          throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
        }
        throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
      }
      const email = normaliseEmail(input.email);
      const user = await store.findUserByEmail(db, email);
      if (!user && !input.createUser) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      if (user?.email_confirmed_at) {
        await db.transaction((tx) => links.sendMagicLink(tx, user, redirectTo, siteOrigin));
        return {};
      }
      // GoTrue's temporary password: random, never told to anyone; the customer may set one later.
      await signupRetrying(email, randomBytes(33).toString('base64url'), input.data, redirectTo, siteOrigin);
      return {};
    },

    /**
     * POST /token?grant_type=password. Wrong password and unknown address fail alike, before
     * confirmation is looked at. A right password too short for today's rules (one an admin set:
     * admin createUser does not check strength) signs in and says so in `weak_password`, as
     * GoTrue's token.go does.
     */
    async passwordGrant(
      input: { email: string; password: string },
      caller: Caller,
    ): Promise<TokenResponse & { weak_password?: PasswordWeakness }> {
      if (input.email === '') throw validationFailed('missing email or phone');
      const user = await store.findUserByEmail(db, input.email.toLowerCase());
      // GoTrue refuses a banned account before it looks at the password.
      if (user && isBanned(user, date())) throw new AuthError(400, 'user_banned', 'User is banned');
      dummyHash ??= hashPassword('not-anyone-s-password');
      const hash = user?.encrypted_password ?? (await dummyHash);
      // Go's bcrypt refuses passwords past 72 bytes where bcryptjs would cut them: refuse them too.
      const tooLong = Buffer.byteLength(input.password, 'utf8') > AUTH_DEFAULTS.maxPasswordBytes;
      const valid = (await bcrypt.compare(input.password, hash)) && !tooLong;
      if (!user || !valid) throw new AuthError(400, 'invalid_credentials', INVALID_LOGIN);
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      const tokens = await db.transaction((tx) => sessions.startSession(tx, user, 'password', caller));
      const weakness = passwordWeakness(input.password);
      return weakness ? { ...tokens, weak_password: weakness } : tokens;
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
        issued ??= await sessions.newRefreshToken(tx, session.id, row.token_digest);
        await store.touchSession(tx, session.id, at);
        return { tokens: await sessions.issueTokens(tx, user, session, issued) };
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
      const { user, session } = await sessions.authenticate(authorization);
      const which = parseLogoutScope(scope);
      if (!session) return;
      if (which === 'local') await store.deleteSession(db, session.id);
      else await store.deleteUserSessions(db, user.id, which === 'others' ? session.id : null);
    },

    /** GET /user: the caller's user. */
    async currentUser(authorization: string | null): Promise<UserJson> {
      const { user } = await sessions.authenticate(authorization);
      return userJson(user, await store.identitiesOf(db, user.id));
    },

    /** Checks a bearer token and its session (what routes needing a user do first). */
    authenticate: sessions.authenticate,
    recover: links.recover,
    resend: links.resend,
    reauthenticate: links.reauthenticate,
    verifyLink: links.verifyLink,
    verifyCode: links.verifyCode,
    /** PUT /user: metadata and password (user-update.ts). */
    updateUser: createUserUpdate(deps, sessions, links, options),
    /** The admin API for users, for the service key (admin.ts). */
    admin: createAdmin(deps, sessions),
  };
}
