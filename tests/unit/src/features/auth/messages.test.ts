import { describe, expect, test } from 'vitest';
import { ALREADY_REGISTERED, authErrorMessage, validateAuthForm } from '@/features/auth/messages';

const fields = { email: 'pat@example.com', password: 'secret1', fullName: 'Pat', confirmPassword: 'secret1' };

describe('validateAuthForm (docs/product.md#validation)', () => {
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

describe('authErrorMessage (docs/product.md#messages)', () => {
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
