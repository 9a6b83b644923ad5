import { describe, expect, test } from 'vitest';
import {
  ALREADY_REGISTERED,
  authErrorMessage,
  CODE_EXPIRED,
  CODE_UNAVAILABLE,
  CODE_WRONG,
  codeRefusalMessage,
  codeRequestMessage,
  confirmationWaitMessage,
  EMAIL_UNAVAILABLE,
  emailLimitOf,
  NETWORK_ERROR,
  normaliseCode,
  SERVICE_ERROR,
  SIGN_IN_AGAIN_FOR_PASSWORD,
  thrownMessage,
  TOO_MANY_ATTEMPTS,
  UNEXPECTED_ERROR,
  validateAuthForm,
  validateNewPassword,
  validateResetEmail,
} from '@/features/auth/messages';

const fields = { email: 'pat@example.com', password: 'secret1', fullName: 'Pat', confirmPassword: 'secret1' };

describe('validateAuthForm (docs/product/messages.md#validation)', () => {
  test('valid sign-in and sign-up pass', () => {
    expect(validateAuthForm('sign-in', { ...fields, fullName: '', confirmPassword: '' })).toBeNull();
    expect(validateAuthForm('sign-up', fields)).toBeNull();
  });

  test.each([
    ['sign-in', { email: '' }, 'You must provide either an email or phone number and a password'],
    ['sign-in', { password: '' }, 'You must provide either an email or phone number and a password'],
    ['sign-in', { password: '12345' }, 'Password must be at least 6 characters'],
    ['sign-up', { password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    ['sign-up', { confirmPassword: 'secret2' }, 'Passwords do not match'],
    ['sign-up', { fullName: ' ' }, 'Please enter your full name'],
  ] as const)('%s %o -> %s', (mode, change, message) => {
    expect(validateAuthForm(mode, { ...fields, ...change })).toBe(message);
  });

  test('full name and confirmation only matter on sign-up', () => {
    expect(validateAuthForm('sign-in', { ...fields, fullName: '', confirmPassword: 'other' })).toBeNull();
  });
});

describe('authErrorMessage (docs/product/messages.md#messages)', () => {
  test.each([
    [{ message: 'Invalid login credentials' }, 'Invalid email or password'],
    [{ message: 'User already registered' }, ALREADY_REGISTERED],
    [{ message: 'Email not confirmed' }, 'Email not confirmed'],
    [{ message: '' }, 'An error occurred'],
    [null, 'An error occurred'],
  ])('%o -> %s', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});

describe('a failed call is said in words, never as the browser words it (docs/product/messages.md#messages)', () => {
  test('no answer at all (supabase-js: a retryable error with status 0) is a network failure', () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(
      NETWORK_ERROR,
    );
  });

  test('a 5xx from the sign-in service, and its per-IP limit', () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', message: 'Bad Gateway', status: 502 })).toBe(
      SERVICE_ERROR,
    );
    expect(authErrorMessage({ message: 'Request rate limit reached', code: 'over_request_rate_limit' })).toBe(
      TOO_MANY_ATTEMPTS,
    );
  });

  test("the service's refusal of an address reads as the form's own", () => {
    expect(
      authErrorMessage({ message: 'Unable to validate email address: invalid format', code: 'validation_failed' }),
    ).toBe('Please enter a valid email address');
  });

  test('something thrown: a TypeError (a fetch or a script that did not load) is a network failure', () => {
    expect(thrownMessage(new TypeError('Failed to fetch dynamically imported module'))).toBe(NETWORK_ERROR);
    expect(thrownMessage(new Error('boom'))).toBe(UNEXPECTED_ERROR);
  });
});

describe('validateNewPassword (docs/product/accounts.md#password-reset: the sign-up rules)', () => {
  test.each([
    ['secret1', 'secret1', null],
    ['', '', 'Password must be at least 6 characters'],
    ['12345', '12345', 'Password must be at least 6 characters'],
    ['secret1', 'secret2', 'Passwords do not match'],
  ])('%j and %j -> %s', (password, confirm, message) => {
    expect(validateNewPassword(password, confirm)).toBe(message);
  });
});

describe('validateResetEmail', () => {
  test.each([
    ['pat@example.com', null],
    [' pat@example.com ', null],
    ['', 'Please enter your email'],
    ['  ', 'Please enter your email'],
    ['pat', 'Please enter a valid email address'],
    ['pat lee@example.com', 'Please enter a valid email address'],
  ])('%j -> %s', (email, message) => {
    expect(validateResetEmail(email)).toBe(message);
  });
});

describe("the sign-in service's two e-mail limits (docs/product/accounts.md#password-reset)", () => {
  const code = 'over_email_send_rate_limit';

  test('the per-address minute is a wait, with its seconds', () => {
    expect(
      emailLimitOf({ code, message: 'For security purposes, you can only request this after 42 seconds.' }),
    ).toEqual({ kind: 'wait', seconds: 42 });
    expect(
      emailLimitOf({ code, message: 'For security purposes, you can only request this after 0 seconds.' }),
    ).toEqual({ kind: 'wait', seconds: 0 });
  });

  test('the hourly cap, and any other message with that code, is the cap: never read as sent', () => {
    expect(emailLimitOf({ code, message: 'email rate limit exceeded' })).toEqual({ kind: 'cap' });
    expect(emailLimitOf({ code, message: 'Email rate limit exceeded (a future wording)' })).toEqual({ kind: 'cap' });
    expect(emailLimitOf({ code, message: 'For security purposes, you can only request this after soon.' })).toEqual({
      kind: 'cap',
    });
  });

  test('other errors are neither', () => {
    expect(emailLimitOf({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })).toBeNull();
    expect(emailLimitOf({ message: 'email rate limit exceeded' })).toBeNull();
    expect(emailLimitOf(null)).toBeNull();
  });

  test('the cap says that no link went out, to try later or call; the wait says how long', () => {
    expect(authErrorMessage({ code, message: 'email rate limit exceeded', status: 429 })).toBe(EMAIL_UNAVAILABLE);
    expect(EMAIL_UNAVAILABLE).toBe(
      'We cannot send e-mail right now, so no link went out. Please try again later, or call us at (417) 555-0142.',
    );
    expect(confirmationWaitMessage(42)).toBe(
      'A confirmation e-mail went to this address less than a minute ago. Check your inbox and spam folder, or ' +
        'ask again in 42 seconds.',
    );
    expect(confirmationWaitMessage(0)).toMatch(/ask again in 1 second\.$/);
  });
});

describe('the e-mailed code (docs/product/accounts.md#e-mail-code)', () => {
  test.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['012345', '012345'],
    ['12345', null],
    ['1234567', null],
    ['12345a', null],
    ['', null],
  ])('the code %j reads as %j', (typed, code) => {
    expect(normaliseCode(typed)).toBe(code);
  });

  const refused = { code: 'otp_expired', status: 403, message: 'Token has expired or is invalid' };
  const sentAt = Date.parse('2026-11-27T12:00:00Z');
  test.each([
    [0, CODE_WRONG],
    [600, CODE_WRONG],
    [601, CODE_EXPIRED],
    [3600, CODE_EXPIRED],
  ])('a refused code %i seconds after it was asked for', (seconds, message) => {
    expect(codeRefusalMessage(refused, sentAt, sentAt + seconds * 1000)).toBe(message);
  });

  test('a refused verification for another reason is said as any other', () => {
    expect(codeRefusalMessage({ code: 'over_request_rate_limit', status: 429 }, sentAt, sentAt)).toBe(
      TOO_MANY_ATTEMPTS,
    );
  });

  test.each([
    [
      {
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 42 seconds.',
      },
      'A code went to this address less than a minute ago. Check your inbox and spam folder, or ask again in 42 seconds.',
    ],
    [
      {
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 1 seconds.',
      },
      'A code went to this address less than a minute ago. Check your inbox and spam folder, or ask again in 1 second.',
    ],
    [{ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' }, CODE_UNAVAILABLE],
    [{ code: 'over_request_rate_limit', message: 'Request rate limit reached' }, TOO_MANY_ATTEMPTS],
    [
      { code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
      'Please enter a valid email address',
    ],
  ])('asking for a code refused with %j', (error, message) => {
    expect(codeRequestMessage(error)).toBe(message);
  });

  test('the hourly cap says no code went out, and the phone number', () => {
    expect(CODE_UNAVAILABLE).toBe(
      'We cannot send e-mail right now, so no code went out. Please try again later, or call us at (417) 555-0142.',
    );
  });

  test('setting a password after a sign-in over a day old asks for a fresh sign-in (docs/product/accounts.md#account-page)', () => {
    expect(
      authErrorMessage({
        code: 'reauthentication_needed',
        status: 400,
        message: 'Password update requires reauthentication',
      }),
    ).toBe(SIGN_IN_AGAIN_FOR_PASSWORD);
  });
});
