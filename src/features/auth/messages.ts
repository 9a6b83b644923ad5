/** What the auth screen tells the user (docs/product.md#validation, docs/product.md#messages), as pure functions. */

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

/** The first problem with the form's fields, or null when it may be submitted. */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): string | null {
  if (!fields.email.trim() || !fields.password) {
    return 'You must provide either an email or phone number and a password';
  }
  if (mode === 'sign-up' && !fields.fullName.trim()) return 'Please enter your full name';
  if (fields.password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  if (mode === 'sign-up' && fields.password !== fields.confirmPassword) return 'Passwords do not match';
  return null;
}

/** The message shown for an error the auth server returned (docs/product.md#messages). */
export function authErrorMessage(error: { message?: string } | null | undefined): string {
  const message = error?.message ?? '';
  if (message.includes('Invalid login credentials')) return 'Invalid email or password';
  if (message.includes('User already registered')) return ALREADY_REGISTERED;
  return message || 'An error occurred';
}

/** The message shown when the auth call itself threw. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
