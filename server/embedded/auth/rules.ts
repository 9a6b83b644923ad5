/**
 * GoTrue's rules for what a request may contain, with its defaults and its exact messages (from
 * supabase/auth internal/api: signup.go, password.go, mail.go, logout.go, phone.go, pkce.go,
 * user.go, utilities/request.go). Pure functions: they throw AuthError and touch nothing.
 */
import { AuthError, validationFailed } from './errors.ts';

/** GoTrue's defaults, as hosted Supabase ships them. */
export const AUTH_DEFAULTS = {
  /** Access token lifetime (JWT.Exp). */
  accessTokenSeconds: 3600,
  /** A used refresh token may be used again this long (hosted/CLI `refresh_token_reuse_interval`). */
  refreshReuseSeconds: 10,
  /** One confirmation mail per address per this many seconds (SMTP.MaxFrequency). */
  emailFrequencySeconds: 60,
  /** How long a mailed link or code stays valid (CLI `otp_expiry`). */
  emailLinkSeconds: 3600,
  /** Digits of a mailed one-time code (CLI `otp_length`). */
  otpLength: 6,
  /**
   * Secure password change (CLI `secure_password_change`, on in supabase/config.toml): a session
   * older than this needs a mailed code (nonce) to change the password.
   */
  recentSignInSeconds: 24 * 3600,
  /** Secure password change is on (`secure_password_change = true` in supabase/config.toml). */
  securePasswordChange: true,
  minPasswordLength: 6,
  /** bcrypt ignores bytes past 72, so GoTrue refuses longer passwords. */
  maxPasswordBytes: 72,
} as const;

// checkmail.ValidateFormat, the pattern GoTrue validates addresses with.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The address lower-cased, or GoTrue's 400 for a missing, over-long or malformed one. */
export function normaliseEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** Checks a sign-up's password: 400 when empty, then as checkPasswordStrength. */
export function checkNewPassword(password: string): void {
  if (password === '') throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
}

/** GoTrue's checkPasswordStrength: 400 when over 72 bytes, 422 weak_password when too short (empty included). */
export function checkPasswordStrength(password: string): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > AUTH_DEFAULTS.maxPasswordBytes) {
    throw validationFailed(`Password cannot be longer than ${AUTH_DEFAULTS.maxPasswordBytes} characters`);
  }
  if (bytes < AUTH_DEFAULTS.minPasswordLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${AUTH_DEFAULTS.minPasswordLength} characters.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
}

/**
 * Where a mailed link returns to: `requested` when it is an absolute URL on the site's own origin,
 * else the site root (GoTrue falls back to SITE_URL for anything off its allow-list).
 */
export function resolveRedirect(requested: string | null | undefined, siteOrigin: string): string {
  const root = `${siteOrigin}/`;
  if (!requested) return root;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return root;
  }
  if (url.origin !== siteOrigin) return root;
  // The session goes in the fragment, so a fragment of the caller's own would break it.
  url.hash = '';
  return url.href;
}

/** Which sessions a logout ends. */
export type LogoutScope = 'global' | 'local' | 'others';

/** The `scope` query of /logout: global by default, 400 for anything unknown. */
export function parseLogoutScope(value: string | null): LogoutScope {
  if (value === null || value === '' || value === 'global') return 'global';
  if (value === 'local' || value === 'others') return value;
  throw validationFailed(`Unsupported logout scope "${value}"`);
}

/** GoTrue's 429 when a mail to the same address went out less than a minute ago, else null. */
export function emailFrequencyError(lastSentAt: Date | null, nowMs: number): AuthError | null {
  if (!lastSentAt) return null;
  const waitMs = lastSentAt.getTime() + AUTH_DEFAULTS.emailFrequencySeconds * 1000 - nowMs;
  if (waitMs <= 0) return null;
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.floor(waitMs / 1000)} seconds.`,
  );
}

/**
 * GoTrue's 429 when the project's cap on e-mails sent is reached (mail.go EmailRateLimitExceeded):
 * the same code as the per-address wait above, told apart only by its message.
 */
export function emailRateLimitExceeded(): AuthError {
  return new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
}

/**
 * The PKCE parameters of a request: GoTrue's 400 when only one is given. The emulator serves the
 * implicit flow only (the site's), so a PKCE request is refused with a 400 saying so, rather than
 * answered with links the client could not exchange.
 */
export function refusePkce(codeChallenge: string, codeChallengeMethod: string): void {
  if ((codeChallenge === '') !== (codeChallengeMethod === '')) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (codeChallenge !== '') {
    throw validationFailed(
      'The local auth emulator serves the implicit flow only: create the client with flowType "implicit"',
    );
  }
}

/** GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits, else a 400. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)');
  return digits;
}

/** What every phone request meets: this setup has no SMS provider (GoTrue's answer with phone sign-in off). */
export function phoneDisabled(): AuthError {
  return new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
}

/** Whether a mailed link or code sent at `sentAt` has expired at `nowMs`. */
export function linkExpired(sentAt: Date, nowMs: number): boolean {
  return nowMs > sentAt.getTime() + AUTH_DEFAULTS.emailLinkSeconds * 1000;
}
