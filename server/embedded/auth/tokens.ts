/**
 * Opaque tokens of the emulator and the URL fragments GoTrue hands them over in. Refresh tokens are
 * an HMAC of their row id under a per-installation key (only their digest is stored). Mailed links
 * and codes are GoTrue's: a random one-time code (OTP) and its token hash, hex SHA-224 of the
 * address and the code (crypto.GenerateTokenHash), which the link carries; only a digest of the
 * hash is stored.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Hex SHA-256 of a token: what the database stores and is searched by. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two secrets in constant time (for equal lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The refresh token of a refresh-token row. */
export function refreshTokenFor(key: Buffer, rowId: string): string {
  return createHmac('sha256', key).update(rowId).digest('base64url');
}

/** A new key for refresh tokens. */
export function newRefreshKey(): Buffer {
  return randomBytes(32);
}

/** A new one-time code of `length` digits (crypto.GenerateOtp). */
export function newOtp(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** GoTrue's token hash of a code for an address: what links carry and /verify looks up. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** Go's url.QueryEscape: everything but letters, digits and `-_.~` escaped, spaces as `+`. */
export function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode: keys sorted, each pair query-escaped. */
export function goEncodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key] ?? '')}`)
    .join('&');
}

/** What a sign-in answers with; also what a confirmation link puts in the redirect's fragment. */
export interface SessionTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
}

/** The redirect after a confirmed link: the session in the fragment, as AccessTokenResponse.AsRedirectURL builds it. */
export function sessionRedirect(redirectTo: string, tokens: SessionTokens, type: string): string {
  return `${redirectTo}#${goEncodeValues({
    access_token: tokens.access_token,
    expires_at: String(tokens.expires_at),
    expires_in: String(tokens.expires_in),
    refresh_token: tokens.refresh_token,
    sb: '',
    token_type: tokens.token_type,
    type,
  })}`;
}

/** OAuth error names GoTrue puts in `error` for a status (oauthErrorMap). */
const OAUTH_ERRORS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The redirect after a failed link: the error in the fragment, the redirect's query kept. */
export function errorRedirect(redirectTo: string, status: number, code: string, message: string): string {
  const url = new URL(redirectTo);
  const values: Record<string, string> = { error_code: code, error_description: message, sb: '' };
  const name = OAUTH_ERRORS[status];
  if (name) values['error'] = name;
  url.hash = goEncodeValues(values);
  return url.href;
}
