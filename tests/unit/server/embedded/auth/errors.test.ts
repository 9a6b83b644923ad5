import { describe, expect, test } from 'vitest';
import { AuthError, errorBody, usesApiVersion } from '../../../../../server/embedded/auth/errors.ts';

describe('error shapes', () => {
  test.each([
    ['2024-01-01', true],
    ['2025-06-30', true],
    ['2023-12-31', false],
    ['yesterday', false],
    [null, false],
  ])('X-Supabase-Api-Version %j selects the 2024 shape: %s', (header, expected) => {
    expect(usesApiVersion(header)).toBe(expected);
  });

  test('versioned and legacy bodies carry the code where supabase-js reads it', () => {
    const error = new AuthError(422, 'weak_password', 'Too short.', { weak_password: { reasons: ['length'] } });
    expect(errorBody(error, true)).toEqual({
      code: 'weak_password',
      message: 'Too short.',
      weak_password: { reasons: ['length'] },
    });
    expect(errorBody(error, false)).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Too short.',
      weak_password: { reasons: ['length'] },
    });
  });
});
