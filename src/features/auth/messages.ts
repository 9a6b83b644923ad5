/** What the auth screens tell the user (docs/product/messages.md#validation, docs/product/messages.md#messages), as pure functions. */
import { SITE } from '@/site';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthFields {
  email: string;
  password: string;
  fullName: string;
  confirmPassword: string;
}

export const MIN_PASSWORD_LENGTH = 6;
export const SIGN_UP_NOTICE = 'Check your email to confirm your account!';
export const ALREADY_REGISTERED = 'An account with this email already exists. Please sign in instead.';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
const PASSWORDS_DIFFER = 'Passwords do not match';

/** The sign-in service could not be reached at all (the call threw "Failed to fetch" or similar). */
export const NETWORK_ERROR = 'We could not reach the sign-in service. Check your internet connection and try again.';
/** The sign-in service answered with a server error. */
export const SERVICE_ERROR = 'The sign-in service is not answering right now. Please try again in a moment.';
/** The sign-in service's per-IP limit. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts from this connection. Please wait a few minutes and try again.';

/**
 * The sign-in service's project-wide cap on e-mails is reached (docs/product/accounts.md#password-reset):
 * nothing was sent, whatever was asked for.
 */
export const EMAIL_UNAVAILABLE =
  'We cannot send e-mail right now, so no link went out. Please try again later, or call us at ' +
  `${SITE.phone.display}.`;

/** The notice after asking for the confirmation e-mail again, whatever the service found (docs/product/accounts.md#sign-in). */
export const RESEND_NOTICE = 'If this address still needs confirming, a new confirmation e-mail is on its way.';
/** The one answer to a reset request, whether or not the address has an account (docs/product/accounts.md#password-reset). */
export const RESET_NOTICE =
  'If an account exists for that address, we have sent it a link to choose a new password. Check your email.';
/** A reset link that is used, expired or malformed. */
export const RESET_LINK_FAILED =
  'This password reset link has expired or has already been used. Ask for a new one below.';
/** A confirmation link that is used, expired or malformed (docs/product/accounts.md#email-confirmation). */
export const CONFIRM_LINK_FAILED = 'This confirmation link has expired or has already been used.';
/** Shown on /auth when a form was posted before its script ran (docs/product/accounts.md#sign-in). */
export const NEEDS_JAVASCRIPT =
  'Sign-in needs JavaScript, and it has not loaded yet. Nothing you typed was kept. Wait a moment and try ' +
  `again; if this message stays, turn on JavaScript in your browser or call us at ${SITE.phone.display}.`;

/** The first problem with the form's fields, or null when it may be submitted. */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): string | null {
  if (!fields.email.trim() || !fields.password) {
    return 'You must provide either an email or phone number and a password';
  }
  if (mode === 'sign-up' && !fields.fullName.trim()) return 'Please enter your full name';
  if (fields.password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (mode === 'sign-up' && fields.password !== fields.confirmPassword) return PASSWORDS_DIFFER;
  return null;
}

/** The problem with a new password and its confirmation (the sign-up rules), or null. */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password !== confirmPassword) return PASSWORDS_DIFFER;
  return null;
}

/** The problem with the address of a reset request, or null (the contact form's wording). */
export function validateResetEmail(email: string): string | null {
  if (!email.trim()) return 'Please enter your email';
  // The browser's own rule for type=email, so the server's refusal is rare.
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) return 'Please enter a valid email address';
  return null;
}

/**
 * Sign-out reached this device only: the sign-in service could not end the other sessions
 * (docs/product/accounts.md#sign-out). A toast's title and description, or one notice.
 */
export const SIGNED_OUT_HERE_ONLY = {
  title: 'Signed out on this device only',
  description:
    'The sign-in service could not be reached, so your other devices may still be signed in. ' +
    'To sign them out too, sign in again later and choose Sign Out.',
} as const;

/** The wait before the confirmation e-mail can be asked for again, in words (docs/product/accounts.md#sign-in). */
export function confirmationWaitMessage(seconds: number): string {
  const wait = Math.max(1, seconds);
  return (
    'A confirmation e-mail went to this address less than a minute ago. Check your inbox and spam ' +
    `folder, or ask again in ${wait} second${wait === 1 ? '' : 's'}.`
  );
}

/** What supabase-js reports about a failed call: its message, and when the server said them, a code and status. */
export interface AuthFailure {
  message?: string;
  code?: string | undefined;
  status?: number | undefined;
  name?: string;
}

/**
 * Which of the sign-in service's two e-mail limits refused a mail: GoTrue answers both with the
 * code `over_email_send_rate_limit`. `wait` is the per-address minute between mails (its message
 * gives the seconds left), `cap` the project-wide hourly cap ("email rate limit exceeded"), and
 * any other message with that code counts as the cap, so only the wait can ever read as sent.
 */
export type EmailLimit = { kind: 'wait'; seconds: number } | { kind: 'cap' };

/** The e-mail limit that refused `error`, or null when it is not one. */
export function emailLimitOf(error: AuthFailure | null | undefined): EmailLimit | null {
  if (error?.code !== 'over_email_send_rate_limit') return null;
  const wait = /^For security purposes, you can only request this after (\d+) seconds?\.$/.exec(error.message ?? '');
  return wait ? { kind: 'wait', seconds: Number(wait[1]) } : { kind: 'cap' };
}

/**
 * Codes e-mailed for signing in have six digits and work for 10 minutes, the sign-in service's
 * `otp_expiry` (docs/product/accounts.md#e-mail-code; tests/unit/repo/deployment-config.test.ts holds
 * the two together).
 */
export const CODE_LENGTH = 6;
export const CODE_LIFETIME_SECONDS = 600;
/** The code's life in words, as the code step and the expired code's message say it. */
export const CODE_LIFETIME = '10 minutes';
export const CODE_NOT_SIX_DIGITS = 'Enter the six-digit code from the e-mail.';
export const CODE_WRONG = 'That code is not right. Check the newest e-mail from us, or send a new code.';
export const CODE_EXPIRED = `That code has expired: codes work for ${CODE_LIFETIME}. Send a new code.`;
/** The hourly e-mail cap met while asking for a code: nothing went out. */
export const CODE_UNAVAILABLE =
  'We cannot send e-mail right now, so no code went out. Please try again later, or call us at ' +
  `${SITE.phone.display}.`;
/** Setting a password needs a recent sign-in (the sign-in service's secure password change, docs/product/accounts.md#account-page). */
export const SIGN_IN_AGAIN_FOR_PASSWORD =
  'For your security, sign in again (an e-mail code will do), then set your password.';

/** The code as typed, its spaces dropped, or null when it is not six digits. */
export function normaliseCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, '');
  return code.length === CODE_LENGTH && /^\d+$/.test(code) ? code : null;
}

/** The wait before another code can be asked for, in words. */
export function codeWaitMessage(seconds: number): string {
  const wait = Math.max(1, seconds);
  return (
    'A code went to this address less than a minute ago. Check your inbox and spam folder, or ask ' +
    `again in ${wait} second${wait === 1 ? '' : 's'}.`
  );
}

/** What to show when asking for a code was refused. */
export function codeRequestMessage(error: AuthFailure): string {
  const limit = emailLimitOf(error);
  if (limit?.kind === 'wait') return codeWaitMessage(limit.seconds);
  if (limit?.kind === 'cap') return CODE_UNAVAILABLE;
  return authErrorMessage(error);
}

/**
 * What to show when a code was refused. The service answers a wrong, used, replaced and expired
 * code alike (`otp_expired`), so a code asked for longer than its life before `nowMs` reads as expired.
 */
export function codeRefusalMessage(error: AuthFailure, sentAtMs: number, nowMs: number): string {
  if (error.code !== 'otp_expired') return authErrorMessage(error);
  return nowMs - sentAtMs > CODE_LIFETIME_SECONDS * 1000 ? CODE_EXPIRED : CODE_WRONG;
}

/** The message shown for an error the auth server returned, or for a call that failed (docs/product/messages.md#messages). */
export function authErrorMessage(error: AuthFailure | null | undefined): string {
  const message = error?.message ?? '';
  // supabase-js wraps a fetch that never got an answer as a retryable error with status 0.
  if (error?.name === 'AuthRetryableFetchError') return error.status ? SERVICE_ERROR : NETWORK_ERROR;
  if (error?.code === 'over_request_rate_limit') return TOO_MANY_ATTEMPTS;
  if (emailLimitOf(error)?.kind === 'cap') return EMAIL_UNAVAILABLE;
  if (error?.code === 'validation_failed' && message.startsWith('Unable to validate email address')) {
    return 'Please enter a valid email address';
  }
  if (error?.code === 'reauthentication_needed') return SIGN_IN_AGAIN_FOR_PASSWORD;
  if (message.includes('Invalid login credentials')) return 'Invalid email or password';
  if (message.includes('User already registered')) return ALREADY_REGISTERED;
  return message || 'An error occurred';
}

/** The message shown when the auth call itself threw: the browser's words never reach the screen. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The message for something an auth call threw instead of answering: a network failure in words. */
export function thrownMessage(error: unknown): string {
  return error instanceof TypeError ? NETWORK_ERROR : UNEXPECTED_ERROR;
}
