import { describe, expect, test } from 'vitest';
import { applyEmbeddedEnv, isEmbedded } from '../../../../../server/embedded/index.ts';
import { AuthError, errorBody, usesApiVersion } from '../../../../../server/embedded/auth/errors.ts';
import { createRateLimiter } from '../../../../../server/embedded/auth/rate-limit.ts';
import {
  checkNewPassword,
  emailFrequencyError,
  normaliseEmail,
  parseLogoutScope,
  resolveRedirect,
} from '../../../../../server/embedded/auth/rules.ts';
import { errorRedirect, goQueryEscape, sessionRedirect } from '../../../../../server/embedded/auth/tokens.ts';
import { newIdentityData, obfuscatedUserJson, userJson, type UserRow } from '../../../../../server/embedded/auth/users.ts';
import { bodyHtml, linksIn, renderMailboxPage } from '../../../../../server/embedded/mailbox/page.ts';

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
});

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

describe('createRateLimiter', () => {
  test('spends a bucket per key and refills it evenly over the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 3_000 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now += 999;
    expect(limiter.take('a')).toBe(false);
    now += 1;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
  });
});

describe('user JSON', () => {
  const at = new Date('2026-03-01T12:00:00.000Z');
  const user: UserRow = {
    id: '00000000-0000-4000-8000-000000000001',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'pat@example.com',
    encrypted_password: '$2b$10$secret',
    email_confirmed_at: null,
    confirmation_sent_at: at,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { full_name: 'Pat' },
    is_anonymous: false,
    created_at: at,
    updated_at: at,
  };

  test('absent timestamps are left out and the password never appears', () => {
    const json = userJson(user, []);
    expect(json).not.toHaveProperty('email_confirmed_at');
    expect(json).not.toHaveProperty('confirmed_at');
    expect(json).not.toHaveProperty('last_sign_in_at');
    expect(json.confirmation_sent_at).toBe('2026-03-01T12:00:00.000Z');
    expect(JSON.stringify(json)).not.toContain('$2b$');
    const confirmed = userJson({ ...user, email_confirmed_at: at }, []);
    expect(confirmed).toMatchObject({ email_confirmed_at: at.toISOString(), confirmed_at: at.toISOString() });
  });

  test('the stand-in for a taken address tells nothing about the account', () => {
    const json = obfuscatedUserJson('pat@example.com', { full_name: 'Other' }, 'authenticated', at);
    expect(json).toMatchObject({
      email: 'pat@example.com',
      role: '',
      identities: [],
      user_metadata: { full_name: 'Other' },
    });
    expect(json.id).not.toBe(user.id);
    expect(json).not.toHaveProperty('email_confirmed_at');
  });

  test("a new identity's data: GoTrue's claims win over sign-up data of the same name", () => {
    expect(
      newIdentityData('u-1', 'pat@example.com', { full_name: 'Pat', sub: 'forged', email_verified: true }),
    ).toEqual({
      full_name: 'Pat',
      sub: 'u-1',
      email: 'pat@example.com',
      email_verified: false,
      phone_verified: false,
    });
  });
});

describe('mailbox page', () => {
  const text = 'Follow <this> link:\nhttp://localhost:4321/auth/v1/verify?token=abc&type=signup\nThanks & bye';

  test('bodies are escaped and their links clickable', () => {
    expect(linksIn(text)).toEqual(['http://localhost:4321/auth/v1/verify?token=abc&type=signup']);
    expect(bodyHtml(text)).toBe(
      'Follow &#60;this&#62; link:\n<a href="http://localhost:4321/auth/v1/verify?token=abc&#38;type=signup">' +
        'http://localhost:4321/auth/v1/verify?token=abc&#38;type=signup</a>\nThanks &#38; bye',
    );
  });

  test('the page is not indexed and says when there is no mail', () => {
    const page = renderMailboxPage([]);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('No mail yet.');
    const listed = renderMailboxPage([
      { id: 1, to: 'a@b.co', subject: '<b>Hi</b>', text, links: [], sentAt: '2026-03-01T12:00:00.000Z' },
    ]);
    expect(listed).toContain('&#60;b&#62;Hi&#60;/b&#62;');
    expect(listed).toContain('2026-03-01 12:00:00 UTC');
  });
});

describe('embedded mode', () => {
  test('runs when no hosted Supabase is configured, and points SUPABASE_URL at itself', () => {
    expect(isEmbedded({})).toBe(true);
    expect(isEmbedded({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' })).toBe(false);
    const env: NodeJS.ProcessEnv = {};
    applyEmbeddedEnv(4321, env);
    expect(env['SUPABASE_URL']).toBe('http://127.0.0.1:4321');
    const configured: NodeJS.ProcessEnv = { SUPABASE_URL: 'http://localhost:4321' };
    applyEmbeddedEnv(4321, configured);
    expect(configured['SUPABASE_URL']).toBe('http://localhost:4321');
  });
});
