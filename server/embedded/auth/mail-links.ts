/**
 * The Auth emulator's mailed links and codes, as GoTrue sends and spends them (mail.go, recover.go,
 * resend.go, magic_link.go, reauthenticate.go, verify.go): the sign-up confirmation, the password
 * recovery link, the sign-in (magic) link and code of /otp, the reauthentication code, and /verify by link (GET) or by token hash or code (POST). Each mail
 * carries a six-digit code and the link carries its token hash; a new mail of a kind replaces the
 * last, at most one per address per minute and, project-wide, as many an hour as the cap allows; a
 * link or code works once, for 10 minutes (AUTH_DEFAULTS.emailLinkSeconds). A wrong code spends
 * nothing, as in GoTrue: guesses meet only the per-IP limit on /verify (rate-limit.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { AuthError, validationFailed } from './errors.ts';
import {
  AUTH_DEFAULTS,
  emailFrequencyError,
  emailRateLimitExceeded,
  linkExpired,
  normaliseEmail,
  normalisePhone,
  phoneDisabled,
  refusePkce,
  resolveRedirect,
} from './rules.ts';
import type { AuthServiceDeps, Caller, Sessions, TokenResponse } from './sessions.ts';
import * as store from './store.ts';
import { digest, errorRedirect, goQueryEscape, newOtp, sessionRedirect, tokenHash } from './tokens.ts';
import type { UserRow } from './users.ts';

/**
 * Which mail goes out: one per kind of token, and the magic link, GoTrue's recovery token sent with
 * its own template (mail.go sendMagicLink: "Magic Link is just a recovery with a different template").
 */
type Template = store.TokenKind | 'magiclink';

/** A mail the emulator sends, by template: its subject and text for a code and (except reauthentication) a link. */
const TEMPLATES: Record<Template, (otp: string, link: string) => { subject: string; text: string }> = {
  // The emulator's long-standing wording for the confirmation; GoTrue's older default template.
  confirmation_token: (otp, link) => ({
    subject: 'Confirm Your Signup',
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nOr enter this code: ${otp}\n`,
  }),
  recovery_token: (otp, link) => ({
    subject: 'Reset your password',
    text:
      'Reset your password\n\nWe received a request to reset your password. Follow the link below to choose a new one.\n' +
      `${link}\n\nOr enter this code: ${otp}\n\nIf you didn't request this, you can safely ignore this email.\n`,
  }),
  // GoTrue's current default magic-link template (templatemailer.go), with the code as the others carry it.
  magiclink: (otp, link) => ({
    subject: 'Your sign-in link',
    text:
      'Your sign-in link\n\nFollow the link below to sign in. This link expires shortly and can only be used once.\n' +
      `${link}\n\nOr enter this code: ${otp}\n`,
  }),
  reauthentication_token: (otp) => ({
    subject: `${otp} is your verification code`,
    text: `Your verification code\n\nUse the code below to verify your identity. It expires shortly.\n${otp}\n`,
  }),
};

/** The `type` of a verify link for each template that has one. */
const LINK_TYPES: Partial<Record<Template, string>> = {
  confirmation_token: 'signup',
  recovery_token: 'recovery',
  magiclink: 'magiclink',
};

/** Which stored kinds a verification type spends (verifyTokenHash); email_change has none here. */
const KINDS_OF_TYPE: Readonly<Record<string, readonly store.TokenKind[] | undefined>> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: [],
};

/** The kinds of a verification type, or undefined for a type GoTrue does not know (never an Object member). */
function kindsOf(type: string): readonly store.TokenKind[] | undefined {
  return Object.hasOwn(KINDS_OF_TYPE, type) ? KINDS_OF_TYPE[type] : undefined;
}

const EXPIRED_LINK = 'Email link is invalid or has expired';
const EXPIRED_CODE = 'Token has expired or is invalid';
const INVALID_NONCE = 'Nonce has expired or is invalid';

/** The emulator's mailed-link operations. */
export type MailLinks = ReturnType<typeof createMailLinks>;

/** Builds the mailed-link operations over the emulator's database, mailer, clock and sessions. */
export function createMailLinks({ db, mailer, now, emailsSent }: AuthServiceDeps, sessions: Sessions) {
  /**
   * Sends a new mail of `kind` to the user (replacing the last), unless one went out less than a
   * minute ago or the project's hourly cap is reached (GoTrue checks in that order; either is a 429
   * and leaves the last mail's link working).
   */
  async function send(
    tx: Db,
    user: UserRow,
    kind: store.TokenKind,
    link?: { redirectTo: string; siteOrigin: string },
    template: Template = kind,
  ): Promise<void> {
    const tooSoon = emailFrequencyError(user[store.TOKEN_KINDS[kind]], now());
    if (tooSoon) throw tooSoon;
    if (emailsSent && !emailsSent.take()) throw emailRateLimitExceeded();
    const otp = newOtp(AUTH_DEFAULTS.otpLength);
    const hash = tokenHash(user.email, otp);
    await store.storeOneTimeToken(
      tx,
      { kind, id: randomUUID(), userId: user.id, digest: digest(hash), email: user.email },
      sessions.date(),
    );
    const type = LINK_TYPES[template];
    const url =
      type && link
        ? `${link.siteOrigin}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${goQueryEscape(link.redirectTo)}`
        : '';
    await mailer.send({ to: user.email, ...TEMPLATES[template](otp, url) }, tx);
  }

  /**
   * Finds the live token `hash` of one of `kinds` (for `email`'s user only, when given) and the user
   * it belongs to; GoTrue's 403 otp_expired with `message` when there is none or it has expired
   * (linkExpired).
   */
  async function spend(tx: Db, kinds: readonly store.TokenKind[], hash: string, message: string, email?: string) {
    const token = kinds.length ? await store.findOneTimeToken(tx, kinds, digest(hash)) : undefined;
    const user =
      token && !linkExpired(token.created_at, now()) ? await store.findUserById(tx, token.user_id) : undefined;
    if (!token || !user || (email !== undefined && user.email !== email)) {
      throw new AuthError(403, 'otp_expired', message);
    }
    return { user, kind: token.token_type };
  }

  /** Applies a verified token and starts the session it grants (signupVerify, recoverVerify). */
  async function redeem(tx: Db, user: UserRow, kind: store.TokenKind, caller: Caller): Promise<TokenResponse> {
    if (kind === 'confirmation_token' || !user.email_confirmed_at) {
      await store.confirmEmail(tx, user.id, sessions.date());
    } else {
      // Recovery spends every mailed token of the user; confirming does too.
      await store.clearOneTimeTokens(tx, user.id);
    }
    return sessions.startSession(tx, user, 'otp', caller);
  }

  /** The type a link of `kind` redirects with (GoTrue rewrites `email` to what it found). */
  const redirectType = (requested: string, kind: store.TokenKind) =>
    requested === 'email' ? (kind === 'confirmation_token' ? 'signup' : 'magiclink') : requested;

  return {
    /** Sends the sign-up confirmation mail (also what a repeated sign-up or a resend does). */
    sendConfirmation(tx: Db, user: UserRow, redirectTo: string, siteOrigin: string): Promise<void> {
      return send(tx, user, 'confirmation_token', { redirectTo, siteOrigin });
    },

    /**
     * The sign-in mail of POST /otp for a confirmed address (magic_link.go): a recovery token with
     * the magic-link template, so it shares the recovery mail's minute between mails
     * (recovery_sent_at) and replaces the last reset link, as GoTrue's does.
     */
    sendMagicLink(tx: Db, user: UserRow, redirectTo: string, siteOrigin: string): Promise<void> {
      return send(tx, user, 'recovery_token', { redirectTo, siteOrigin }, 'magiclink');
    },

    /** POST /recover: a recovery link for a known address; `{}` whether or not the address is known. */
    recover: async (
      input: { email: string; codeChallenge: string; codeChallengeMethod: string; redirectTo: string | null },
      siteOrigin: string,
    ): Promise<Record<string, never>> => {
      if (input.email === '') throw validationFailed('Password recovery requires an email');
      const email = normaliseEmail(input.email);
      refusePkce(input.codeChallenge, input.codeChallengeMethod);
      const user = await store.findUserByEmail(db, email);
      if (!user) return {};
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      await db.transaction((tx) => send(tx, user, 'recovery_token', { redirectTo, siteOrigin }));
      return {};
    },

    /** POST /resend: the confirmation again for an unconfirmed address; `{}` for anything else that is valid. */
    resend: async (
      input: {
        type: string;
        email: string;
        phone: string;
        codeChallenge: string;
        codeChallengeMethod: string;
        redirectTo: string | null;
      },
      siteOrigin: string,
    ): Promise<Record<string, never>> => {
      if (input.type === 'signup' || input.type === 'email_change') {
        refusePkce(input.codeChallenge, input.codeChallengeMethod);
      } else if (input.type !== 'sms' && input.type !== 'phone_change') {
        throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
      }
      if (input.email === '' && input.type === 'signup') {
        throw validationFailed('Type provided requires an email address');
      }
      if (input.phone === '' && input.type === 'sms') throw validationFailed('Type provided requires a phone number');
      if (input.email !== '' && input.phone !== '') {
        throw validationFailed('Only an email address or phone number should be provided.');
      }
      if (input.phone !== '') throw phoneDisabled();
      if (input.email === '') throw validationFailed('Missing email address or phone number');
      const user = await store.findUserByEmail(db, normaliseEmail(input.email));
      // No pending e-mail or phone change ever exists here: only an unconfirmed sign-up gets a mail.
      if (!user || input.type !== 'signup' || user.email_confirmed_at) return {};
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      await db.transaction((tx) => send(tx, user, 'confirmation_token', { redirectTo, siteOrigin }));
      return {};
    },

    /** GET /reauthenticate: mails the signed-in user a code that lets this session change the password. */
    reauthenticate: async (authorization: string | null): Promise<Record<string, never>> => {
      const { user } = await sessions.authenticate(authorization);
      if (!user.email_confirmed_at) {
        throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
      }
      await db.transaction((tx) => send(tx, user, 'reauthentication_token'));
      return {};
    },

    /** Checks and spends a reauthentication code of `user` (verifyReauthentication). */
    async spendNonce(tx: Db, user: UserRow, nonce: string): Promise<void> {
      const token = await store.findOneTimeToken(tx, ['reauthentication_token'], digest(tokenHash(user.email, nonce)));
      if (!token || token.user_id !== user.id || linkExpired(token.created_at, now())) {
        throw new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE);
      }
      // ConfirmReauthentication: the code is spent, with every other mailed token of the user.
      await store.clearOneTimeTokens(tx, user.id);
    },

    /**
     * GET /verify: spends a mailed link and answers where to redirect: to `redirect_to` with the
     * new session in the fragment, or with the error there when the link is unknown, used or old.
     */
    verifyLink: async (
      input: { token: string; type: string; redirectTo: string | null },
      caller: Caller,
      siteOrigin: string,
    ): Promise<string> => {
      const redirectTo = resolveRedirect(input.redirectTo, siteOrigin);
      if (input.type === '') throw validationFailed('Verify requires a verification type');
      if (input.token === '') throw validationFailed('Verify requires a token or a token hash');
      try {
        const kinds = kindsOf(input.type);
        if (!kinds) throw validationFailed('Invalid email verification type');
        const { tokens, type } = await db.transaction(async (tx) => {
          const { user, kind } = await spend(tx, kinds, input.token, EXPIRED_LINK);
          return { tokens: await redeem(tx, user, kind, caller), type: redirectType(input.type, kind) };
        });
        return sessionRedirect(redirectTo, tokens, type);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        return errorRedirect(redirectTo, error.status, error.code, error.message);
      }
    },

    /** POST /verify: spends a token hash, or an address's six-digit code, and answers the session. */
    verifyCode: async (
      input: { type: string; token: string; tokenHash: string; email: string; phone: string; redirectTo: string },
      caller: Caller,
    ): Promise<TokenResponse> => {
      if (input.type === '') throw validationFailed('Verify requires a verification type');
      if ((input.token === '') === (input.tokenHash === '')) {
        throw validationFailed('Verify requires either a token or a token hash');
      }
      let hash = input.tokenHash;
      let email: string | undefined;
      if (input.token !== '') {
        if (input.phone !== '' && input.email === '') {
          normalisePhone(input.phone);
          // No user has a phone here: GoTrue finds none and answers as for a wrong code.
          throw new AuthError(403, 'otp_expired', EXPIRED_CODE);
        }
        if (input.email === '' || input.phone !== '') {
          throw validationFailed('Only an email address or phone number should be provided on verify');
        }
        try {
          email = normaliseEmail(input.email);
        } catch {
          throw new AuthError(422, 'validation_failed', 'Invalid email format');
        }
        hash = tokenHash(email, input.token);
      } else if (input.email !== '' || input.phone !== '' || input.redirectTo !== '') {
        throw validationFailed('Only the token_hash and type should be provided');
      }
      const kinds = kindsOf(input.type);
      if (!kinds) {
        if (email === undefined) throw validationFailed('Invalid email verification type');
        // A phone type with an address: GoTrue finds no code to compare and refuses it.
        throw new AuthError(403, 'otp_expired', EXPIRED_CODE);
      }
      return db.transaction(async (tx) => {
        const { user, kind } = await spend(tx, kinds, hash, email === undefined ? EXPIRED_LINK : EXPIRED_CODE, email);
        return redeem(tx, user, kind, caller);
      });
    },
  };
}
