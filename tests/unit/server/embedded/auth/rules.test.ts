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
  paginationHeaders,
  parseBanDuration,
  parseGoDuration,
  parseLogoutScope,
  parsePagination,
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
    // Another of this server's own names at the same port: the page the visitor is on.
    ['http://127.0.0.1:4321/account', 'http://127.0.0.1:4321/account'],
    ['http://[::1]:4321/account', 'http://[::1]:4321/account'],
    ['http://127.0.0.1:9999/account', `${SITE}/`],
    ['https://localhost:4321/account', `${SITE}/`],
    ['/account', `${SITE}/`],
    ['javascript:alert(1)', `${SITE}/`],
    ['', `${SITE}/`],
    [null, `${SITE}/`],
  ])('%j -> %j', (requested, expected) => {
    expect(resolveRedirect(requested, SITE, {})).toBe(expected);
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

describe('linkExpired (links and codes live 10 minutes)', () => {
  const sent = new Date('2026-03-01T12:00:00Z');
  test('valid up to the 10 minutes, expired after them', () => {
    const life = 10 * 60_000;
    expect(AUTH_DEFAULTS.emailLinkSeconds * 1000).toBe(life);
    expect(linkExpired(sent, sent.getTime() + life)).toBe(false);
    expect(linkExpired(sent, sent.getTime() + life + 1)).toBe(true);
  });
});

describe('parseGoDuration (time.ParseDuration)', () => {
  test.each([
    ['24h', 24 * 3600_000],
    ['1h30m', 90 * 60_000],
    ['90s', 90_000],
    ['1.5h', 90 * 60_000],
    ['.5s', 500],
    ['300ms', 300],
    ['2us', 0.002],
    ['0', 0],
    ['-1h', -3600_000],
    ['+10m', 600_000],
  ])('%j is %d ms', (text, ms) => {
    expect(parseGoDuration(text)).toBeCloseTo(ms, 6);
  });

  test.each([
    ['', 'time: invalid duration ""'],
    ['h', 'time: invalid duration "h"'],
    ['.h', 'time: invalid duration ".h"'],
    ['24', 'time: missing unit in duration "24"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1h 30m', 'time: unknown unit "h " in duration "1h 30m"'],
    ['3000000h', 'time: invalid duration "3000000h"'],
  ])('%j: %s', (text, message) => {
    expect(() => parseGoDuration(text)).toThrow(message);
  });
});

describe('parseBanDuration', () => {
  test('"none" lifts a ban; a Go duration bans for that long', () => {
    expect(parseBanDuration('none')).toBe(0);
    expect(parseBanDuration('876000h')).toBe(876_000 * 3600_000);
  });

  test("anything else is GoTrue's 400", () => {
    expect(() => parseBanDuration('forever')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'validation_failed',
        message: 'invalid format for ban duration: time: invalid duration "forever"',
      }),
    );
  });
});

describe('parsePagination (GoTrue paginate)', () => {
  const parse = (query: string) => parsePagination(new URLSearchParams(query));

  test('page 1 and 50 a page when absent or empty, as supabase-js sends them', () => {
    expect(parse('')).toEqual({ page: 1, perPage: 50 });
    expect(parse('page=&per_page=')).toEqual({ page: 1, perPage: 50 });
    expect(parse('page=3&per_page=1000')).toEqual({ page: 3, perPage: 1000 });
  });

  test('a 0 is read as the database layer reads it', () => {
    expect(parse('page=0&per_page=0')).toEqual({ page: 1, perPage: 20 });
  });

  test.each([
    ['per_page=ten', 'Bad Pagination Parameters: strconv.ParseUint: parsing "ten": invalid syntax'],
    ['page=-1', 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax'],
    ['page=1.5', 'Bad Pagination Parameters: strconv.ParseUint: parsing "1.5": invalid syntax'],
    [
      'page=99999999999999999999',
      'Bad Pagination Parameters: strconv.ParseUint: parsing "99999999999999999999": value out of range',
    ],
  ])('%s -> 400', (query, message) => {
    expect(() => parse(query)).toThrow(expect.objectContaining({ status: 400, code: 'validation_failed', message }));
  });
});

describe('paginationHeaders (GoTrue addPaginationHeaders)', () => {
  const query = new URLSearchParams('per_page=2&page=1');

  test('the total, and links to the next and last pages with the query sorted', () => {
    expect(paginationHeaders('/admin/users', query, { page: 1, perPage: 2 }, 5)).toEqual({
      'X-Total-Count': '5',
      Link: '</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=3&per_page=2>; rel="last"',
    });
  });

  test('the last page has no next link; an empty list has page 0 for its last', () => {
    expect(paginationHeaders('/admin/users', query, { page: 3, perPage: 2 }, 5).Link).toBe(
      '</admin/users?page=3&per_page=2>; rel="last"',
    );
    expect(paginationHeaders('/admin/users', new URLSearchParams(), { page: 1, perPage: 50 }, 0)).toEqual({
      'X-Total-Count': '0',
      Link: '</admin/users?page=0>; rel="last"',
    });
  });
});
