/**
 * GoTrue's rules for what a request may contain, with its defaults and its exact messages (from
 * supabase/auth internal/api: signup.go, password.go, mail.go, logout.go, phone.go, pkce.go,
 * user.go, utilities/request.go). Pure functions: they throw AuthError and touch nothing.
 */
import { allowedHostName } from '../hosts.ts';
import { AuthError, validationFailed } from './errors.ts';

/** GoTrue's defaults, as hosted Supabase ships them. */
export const AUTH_DEFAULTS = {
  /** Access token lifetime (JWT.Exp). */
  accessTokenSeconds: 3600,
  /** A used refresh token may be used again this long (hosted/CLI `refresh_token_reuse_interval`). */
  refreshReuseSeconds: 10,
  /** One confirmation mail per address per this many seconds (SMTP.MaxFrequency). */
  emailFrequencySeconds: 60,
  /**
   * How long a mailed link or code stays valid: `otp_expiry` in supabase/config.toml, 10 minutes
   * (docs/product/accounts.md#e-mail-code); GoTrue applies it to every kind of mail (Mailer.OtpExp).
   */
  emailLinkSeconds: 600,
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
  const weakness = passwordWeakness(password);
  if (weakness)
    throw new AuthError(422, 'weak_password', weakness.message, { weak_password: { reasons: weakness.reasons } });
}

/** Why GoTrue calls a password weak (its WeakPasswordError), or null when it is long enough. */
export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

/** What checkPasswordStrength finds weak in a password (too short: Go's len counts bytes), or null. */
export function passwordWeakness(password: string): PasswordWeakness | null {
  if (Buffer.byteLength(password, 'utf8') >= AUTH_DEFAULTS.minPasswordLength) return null;
  return { message: `Password should be at least ${AUTH_DEFAULTS.minPasswordLength} characters.`, reasons: ['length'] };
}

/**
 * Where a mailed link returns to: `requested` when it is an absolute URL on the site's own origin
 * or on another of this server's own names at the same port (`http://localhost:4321` beside
 * `http://127.0.0.1:4321`, server/embedded/hosts.ts), else the site root (GoTrue falls back to
 * SITE_URL for anything off its allow-list).
 */
export function resolveRedirect(
  requested: string | null | undefined,
  siteOrigin: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const root = `${siteOrigin}/`;
  if (!requested) return root;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return root;
  }
  const site = new URL(siteOrigin);
  const sibling = url.protocol === site.protocol && url.port === site.port && allowedHostName(url.hostname, env);
  if (url.origin !== siteOrigin && !sibling) return root;
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

/** Go's strconv.Quote for the plain strings these messages quote. */
const goQuote = (text: string) => JSON.stringify(text);

// time.ParseDuration's units, in milliseconds.
const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
// A time.Duration is an int64 of nanoseconds: about 292 years.
const MAX_DURATION_MS = 9_223_372_036_854;

/**
 * A duration written as Go's time.ParseDuration reads it ("24h", "1h30m", "90s", "-1.5h"), in
 * milliseconds; GoTrue's own error text when it cannot be read.
 */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${goQuote(text)}`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(rest);
    const whole = number?.[1] ?? '';
    const fraction = number?.[2] ?? '';
    if (whole === '' && fraction === '') throw invalid();
    rest = rest.slice(number?.[0].length ?? 0);
    const unit = /^[^\d.]+/.exec(rest)?.[0];
    if (unit === undefined) throw new Error(`time: missing unit in duration ${goQuote(text)}`);
    rest = rest.slice(unit.length);
    const scale = DURATION_UNITS[unit];
    if (scale === undefined) throw new Error(`time: unknown unit ${goQuote(unit)} in duration ${goQuote(text)}`);
    total += Number(`${whole || '0'}.${fraction || '0'}`) * scale;
    if (total > MAX_DURATION_MS) throw invalid();
  }
  return sign * total;
}

/**
 * The `ban_duration` of an admin update: "none" lifts a ban (0), anything else is a Go duration;
 * GoTrue's 400 when it is not one.
 */
export function parseBanDuration(text: string): number {
  if (text === 'none') return 0;
  try {
    return parseGoDuration(text);
  } catch (error) {
    throw validationFailed(`invalid format for ban duration: ${(error as Error).message}`);
  }
}

/** A page of the admin user list: which one, and how many users a page holds. */
export interface Pagination {
  page: number;
  perPage: number;
}

/** GoTrue's page size when `per_page` is not given. */
export const DEFAULT_PER_PAGE = 50;

/** One of `page` and `per_page` as strconv.ParseUint reads it: digits only. */
function parsePageNumber(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${goQuote(value)}: invalid syntax`);
  }
  const number = Number(value);
  if (!Number.isSafeInteger(number)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${goQuote(value)}: value out of range`,
    );
  }
  return number;
}

/**
 * `page` and `per_page` of GET /admin/users (GoTrue's paginate): page 1 and 50 a page when absent,
 * a 400 for anything but digits; a 0 is read as the database layer reads it (pop's paginator:
 * page 1, 20 a page).
 */
export function parsePagination(query: URLSearchParams): Pagination {
  const page = parsePageNumber(query.get('page'), 1);
  const perPage = parsePageNumber(query.get('per_page'), DEFAULT_PER_PAGE);
  return { page: Math.max(page, 1), perPage: perPage < 1 ? 20 : perPage };
}

/**
 * GoTrue's pagination headers (addPaginationHeaders): `X-Total-Count`, and a `Link` to the next
 * page (when there is one) and the last, each the request's own path and query with `page`
 * replaced, the query's keys sorted as Go encodes them.
 */
export function paginationHeaders(path: string, query: URLSearchParams, pagination: Pagination, total: number) {
  const lastPage = Math.ceil(total / pagination.perPage);
  const link = (page: number, rel: string) => {
    const params = new URLSearchParams(query);
    params.set('page', String(page));
    params.sort();
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [...(lastPage > pagination.page ? [link(pagination.page + 1, 'next')] : []), link(lastPage, 'last')];
  return { 'X-Total-Count': String(total), Link: links.join(', ') };
}
