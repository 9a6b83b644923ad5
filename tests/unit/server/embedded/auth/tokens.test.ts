import { describe, expect, test } from 'vitest';
import {
  errorRedirect,
  goQueryEscape,
  newOtp,
  sessionRedirect,
  tokenHash,
} from '../../../../../server/embedded/auth/tokens.ts';

const SITE = 'http://localhost:4321';

describe('redirect fragments', () => {
  test('Go query escaping: spaces as +, only -_.~ left as they are', () => {
    expect(goQueryEscape("a b*~'!()/:")).toBe('a+b%2A~%27%21%28%29%2F%3A');
  });

  test('a confirmed link carries the session in the fragment, keys sorted', () => {
    const tokens = {
      access_token: 'aaa.bbb.ccc',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 1767225600,
      refresh_token: 'r-1',
    } as const;
    expect(sessionRedirect(`${SITE}/`, tokens, 'signup')).toBe(
      `${SITE}/#access_token=aaa.bbb.ccc&expires_at=1767225600&expires_in=3600&refresh_token=r-1&sb=&token_type=bearer&type=signup`,
    );
  });

  test('a failed link carries the error in the fragment and keeps the query', () => {
    expect(errorRedirect(`${SITE}/account?tab=1`, 403, 'otp_expired', 'Email link is invalid or has expired')).toBe(
      `${SITE}/account?tab=1#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
    expect(errorRedirect(`${SITE}/`, 429, 'over_request_rate_limit', 'Slow down')).toBe(
      `${SITE}/#error_code=over_request_rate_limit&error_description=Slow+down&sb=`,
    );
  });
});

describe('mailed codes and their token hashes (crypto.GenerateOtp, GenerateTokenHash)', () => {
  test('a code has exactly the digits asked for, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, () => newOtp(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  test("the token hash is hex SHA-224 of the address followed by the code, as GoTrue's links carry it", () => {
    // sha224("pat@example.com123456"), computed independently with `printf ... | sha224sum`.
    expect(tokenHash('pat@example.com', '123456')).toBe('b98d1e49588d6125fcc18604e30e12f90071b7e9213dca88a0690bdd');
    expect(tokenHash('pat@example.com', '123457')).not.toBe(tokenHash('pat@example.com', '123456'));
  });
});
