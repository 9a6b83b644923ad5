import { describe, expect, test } from 'vitest';
import {
  AUTH_DEFAULTS,
  checkNewPassword,
  checkPasswordStrength,
  emailFrequencyError,
  emailRateLimitExceeded,
  linkExpired,
  normaliseEmail,
  normalisePhone,
  parseLogoutScope,
  refusePkce,
  resolveRedirect,
} from '../../../../../server/embedded/auth/rules.ts';

const SITE = 'http://localhost:4321';

describe('normaliseEmail', () => {
  test('lower-cases a valid address', () => {
    expect(normaliseEmail('Pat.Lee+home@Example.COM')).toBe('pat.lee+home@example.com');
  });

  test.each([
    ['', 'An email address is required'],
    [`${'a'.repeat(250)}@b.com`, 'An email address is too long'],
    ['pat', 'Unable to validate email address: invalid format'],
    ['pat@', 'Unable to validate email address: invalid format'],
    ['pat lee@example.com', 'Unable to validate email address: invalid format'],
    ['pat@-example.com', 'Unable to validate email address: invalid format'],
  ])('%j -> 400 %s', (email, message) => {
    expect(() => normaliseEmail(email)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed', message }),
    );
  });
});

describe('checkNewPassword (lengths in UTF-8 bytes, as Go counts them)', () => {
  test.each(['123456', 'x'.repeat(72), 'ééé'])('%j is accepted', (password) => {
    expect(() => checkNewPassword(password)).not.toThrow();
  });

  test('empty and over 72 bytes are 400 validation_failed', () => {
    expect(() => checkNewPassword('')).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed', message: 'Signup requires a valid password' }),
    );
    for (const password of ['x'.repeat(73), 'é'.repeat(37)]) {
      expect(() => checkNewPassword(password)).toThrow(
        expect.objectContaining({ status: 400, message: 'Password cannot be longer than 72 characters' }),
      );
    }
  });

  test.each(['12345', 'éé'])('%j is a 422 weak_password with reason length', (password) => {
    expect(() => checkNewPassword(password)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
        extra: { weak_password: { reasons: ['length'] } },
      }),
    );
  });
});

describe('resolveRedirect', () => {
  test.each([
    [`${SITE}/account`, `${SITE}/account`],
    [`${SITE}/account?tab=plan`, `${SITE}/account?tab=plan`],
    [`${SITE}/account#section`, `${SITE}/account`],
    [SITE, `${SITE}/`],
    ['https://evil.example/steal', `${SITE}/`],
    ['http://localhost:9999/account', `${SITE}/`],
    ['https://localhost:4321/account', `${SITE}/`],
    ['/account', `${SITE}/`],
    ['javascript:alert(1)', `${SITE}/`],
    ['', `${SITE}/`],
    [null, `${SITE}/`],
  ])('%j -> %j', (requested, expected) => {
    expect(resolveRedirect(requested, SITE)).toBe(expected);
  });
});

describe('parseLogoutScope', () => {
  test.each([
    [null, 'global'],
    ['', 'global'],
    ['global', 'global'],
    ['local', 'local'],
    ['others', 'others'],
  ] as const)('%j -> %s', (value, scope) => {
    expect(parseLogoutScope(value)).toBe(scope);
  });

  test('anything else is a 400 naming the scope', () => {
    expect(() => parseLogoutScope('all')).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed', message: 'Unsupported logout scope "all"' }),
    );
  });
});

describe('emailFrequencyError', () => {
  const sent = new Date('2026-01-01T00:00:00Z');
  test('a minute apart is allowed, sooner is a 429 saying how long to wait', () => {
    expect(emailFrequencyError(null, sent.getTime())).toBeNull();
    expect(emailFrequencyError(sent, sent.getTime() + 60_000)).toBeNull();
    expect(emailFrequencyError(sent, sent.getTime() + 1_500)).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 58 seconds.',
    });
  });

  test("the project's hourly cap answers the same code with its own message", () => {
    expect(emailRateLimitExceeded()).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  });
});

describe('checkPasswordStrength (a new password on PUT /user)', () => {
  test('an empty password is weak, not missing: 422 weak_password', () => {
    expect(() => checkPasswordStrength('')).toThrow(expect.objectContaining({ status: 422, code: 'weak_password' }));
  });

  test('over 72 bytes is a 400, six is enough', () => {
    expect(() => checkPasswordStrength('x'.repeat(73))).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => checkPasswordStrength('123456')).not.toThrow();
  });
});

describe('refusePkce', () => {
  test('neither parameter: the implicit flow, accepted', () => {
    expect(() => refusePkce('', '')).not.toThrow();
  });

  test("one without the other is GoTrue's 400", () => {
    expect(() => refusePkce('abc', '')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'validation_failed',
        message: 'PKCE flow requires code_challenge_method and code_challenge',
      }),
    );
  });

  test('both: refused with a 400 saying the emulator serves the implicit flow', () => {
    expect(() => refusePkce('x'.repeat(43), 's256')).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining('implicit flow') as unknown }),
    );
  });
});

describe('normalisePhone (E.164 after "+" and spaces are dropped)', () => {
  test.each([
    ['+1 417 555 0142', '14175550142'],
    ['447700900123', '447700900123'],
  ])('%j -> %s', (phone, digits) => {
    expect(normalisePhone(phone)).toBe(digits);
  });

  test.each(['', '0123', '+1-417-555-0142', 'phone', '1234567890123456'])('%j is a 400', (phone) => {
    expect(() => normalisePhone(phone)).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid phone number format (E.164 required)' }),
    );
  });
});

describe('linkExpired (links and codes live one hour)', () => {
  const sent = new Date('2026-03-01T12:00:00Z');
  test('valid up to the hour, expired after it', () => {
    const hour = AUTH_DEFAULTS.emailLinkSeconds * 1000;
    expect(linkExpired(sent, sent.getTime() + hour)).toBe(false);
    expect(linkExpired(sent, sent.getTime() + hour + 1)).toBe(true);
  });
});
