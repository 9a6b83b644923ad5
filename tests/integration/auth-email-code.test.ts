/**
 * Signing in with an e-mailed six-digit code (docs/product/accounts.md#e-mail-code) against the Auth
 * emulator, driven by the real @supabase/supabase-js: `signInWithOtp` (POST /otp) and `verifyOtp`
 * with type `email` (POST /verify), as hosted GoTrue answers them (supabase/auth otp.go,
 * magic_link.go, mail.go, verify.go).
 *
 * The first describe is the peer suite: the official client's own tests for these two methods
 * (supabase-js at 381bded, packages/core/auth-js/test/GoTrueClient.test.ts, describe
 * 'signInWithOtp' and the OTP cases of its error-handling describe, and GoTrueApi.test.ts, describe
 * 'Email/Phone Otp Verification'), re-expressed here against the emulator; each case names the
 * upstream test it mirrors. Upstream runs them against a GoTrue in Docker; phone sign-in is off
 * here as on this site's project, so the phone cases assert the refusal a project without an SMS
 * provider gives. The rest are this site's rules: the account made on the way, an existing account
 * signed in, and the wrong, expired, reused and too-frequent codes.
 */
import { AuthApiError, createClient, isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailsTo, startTestServer, type TestServer } from './harness.ts';
import { address, authClient, follow, fragment, PASSWORD } from './support/auth-client.ts';

let server: TestServer;
const { supabase, mailedCode, confirmedUser, call } = authClient(() => server);
const CONFIRM = /^Confirm Your Signup$/;
const SIGN_IN = /^Your sign-in link$/;
const EXPIRED = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

/** A client with the PKCE flow, as upstream's `pkceClient`. */
function pkceClient() {
  return createClient(server.origin, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce' },
  });
}

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('peer suite: supabase-js own tests of signInWithOtp and verifyOtp', { timeout: 30_000 }, () => {
  // GoTrueClient.test.ts › signInWithOtp › 'signInWithOtp() for email'
  test('signInWithOtp() for email', async () => {
    const { data, error } = await supabase().auth.signInWithOtp({
      email: address('peer'),
      options: { data: { hello: 'world' } },
    });
    expect(error).toBeNull();
    expect(data.user).toBeNull();
    expect(data.session).toBeNull();
  });

  // GoTrueClient.test.ts › signInWithOtp › 'signInWithOtp for email with empty options'
  test('signInWithOtp for email with empty options', async () => {
    const { data, error } = await supabase().auth.signInWithOtp({ email: address('peer-empty'), options: {} });
    expect(error).toBeNull();
    expect(data.user).toBeNull();
    expect(data.session).toBeNull();
  });

  // GoTrueClient.test.ts › signInWithOtp › 'verifyOTP fails with empty options'
  test('verifyOTP fails with empty options', async () => {
    const { error } = await supabase().auth.verifyOtp({
      phone: '14175550142',
      type: 'phone_change',
      token: '123456',
      options: {},
    });
    expect(error).not.toBeNull();
    expect(error?.message).toContain('Token has expired or is invalid');
  });

  // GoTrueClient.test.ts › signInWithOtp › 'signInWithOtp() pkce flow fails with invalid sms provider'
  test('signInWithOtp() pkce flow fails with invalid sms provider', async () => {
    const { data, error } = await pkceClient().auth.signInWithOtp({ phone: '14175550142' });
    expect(error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
    expect(data.session).toBeNull();
    expect(data.user).toBeNull();
  });

  // GoTrueClient.test.ts › signInWithOtp › 'signInWithOtp() should fail when both email and phone are missing'
  test('signInWithOtp() should fail when both email and phone are missing', async () => {
    const { data, error } = await supabase().auth.signInWithOtp({
      options: { data: { hello: 'world' } },
    } as unknown as Parameters<ReturnType<typeof supabase>['auth']['signInWithOtp']>[0]);
    expect(error?.message).toContain('You must provide either an email or phone number');
    expect(data.session).toBeNull();
    expect(data.user).toBeNull();
  });

  // GoTrueClient.test.ts › signInWithOtp › 'signInWithOtp() with PKCE flow should return error'
  test('signInWithOtp() with PKCE flow should return error', async () => {
    const email = address('peer-pkce');
    const { data, error } = await pkceClient().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, captchaToken: 'some_token', emailRedirectTo: email },
    });
    // The emulator serves the implicit flow only, and says so (rules.ts refusePkce).
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(data.session).toBeNull();
    expect(data.user).toBeNull();
  });

  // GoTrueClient.test.ts › error handling › 'should handle signInWithOtp with invalid email'
  test('should handle signInWithOtp with invalid email', async () => {
    const { data, error } = await supabase().auth.signInWithOtp({ email: 'invalid-email' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    expect(data.user).toBeNull();
  });

  // GoTrueClient.test.ts › error handling › 'should handle signInWithOtp with invalid phone'
  test('should handle signInWithOtp with invalid phone', async () => {
    const { data, error } = await supabase().auth.signInWithOtp({ phone: 'invalid-phone' });
    expect(error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    expect(data.user).toBeNull();
  });

  // GoTrueClient.test.ts › error handling › 'should handle verifyOtp with invalid code'
  test('should handle verifyOtp with invalid code', async () => {
    const { data, error } = await supabase().auth.verifyOtp({
      email: 'test@example.com',
      token: 'invalid-token',
      type: 'email',
    });
    expect(error).toMatchObject(EXPIRED);
    expect(data.user).toBeNull();
    expect(data.session).toBeNull();
  });

  // GoTrueClient.test.ts › 'signInWithOtp() should throw on invalid params when throwOnError is true'
  test('signInWithOtp() should throw on invalid params when throwOnError is true', async () => {
    const client = createClient(server.origin, 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, throwOnError: true },
    });
    await expect(client.auth.signInWithOtp({ email: 'invalid', options: { captchaToken: 'x' } })).rejects.toThrow(
      AuthApiError,
    );
  });

  // GoTrueApi.test.ts › Email/Phone Otp Verification › 'verifyOtp() with non-existent phone number'
  test('verifyOtp() with non-existent phone number', async () => {
    const { data, error } = await supabase().auth.verifyOtp({ phone: '14175550199', token: '123456', type: 'sms' });
    expect(data.user).toBeNull();
    expect(error?.message).toEqual('Token has expired or is invalid');
    expect(error?.status).toEqual(403);
  });

  // GoTrueApi.test.ts › Email/Phone Otp Verification › 'verifyOTP() with invalid phone number'
  test('verifyOTP() with invalid phone number', async () => {
    const { data, error } = await supabase().auth.verifyOtp({
      phone: '14175550199-invalid',
      token: '123456',
      type: 'sms',
    });
    expect(data.user).toBeNull();
    expect(error?.message).toEqual('Invalid phone number format (E.164 required)');
  });
});

describe('a new address: the account is made on the way', { timeout: 30_000 }, () => {
  test('the sign-up mail carries the code; verifyOtp signs in and confirms, with the data given', async () => {
    const email = address('New.Code');
    const { error } = await supabase().auth.signInWithOtp({
      email: email.toUpperCase(),
      options: {
        shouldCreateUser: true,
        data: { full_name: 'Pat Lee' },
        emailRedirectTo: `${server.origin}/auth/confirm`,
      },
    });
    expect(error).toBeNull();
    const [mail, ...older] = await mailsTo(server.origin, email.toLowerCase());
    expect(older).toEqual([]);
    expect(mail?.subject).toBe('Confirm Your Signup');
    expect(mail?.text).toMatch(/Or enter this code: \d{6}\n/);
    expect(new URL(mail?.links[0] ?? '').searchParams.get('redirect_to')).toBe(`${server.origin}/auth/confirm`);

    const code = await mailedCode(email.toLowerCase(), CONFIRM);
    const client = supabase();
    const { data, error: verifyError } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verifyError).toBeNull();
    expect(data.session?.user).toMatchObject({
      email: email.toLowerCase(),
      user_metadata: { full_name: 'Pat Lee', email_verified: true },
    });
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
    expect((await client.auth.getUser()).data.user?.email).toBe(email.toLowerCase());
  });

  test('without shouldCreateUser, an unknown address is refused and nothing is mailed', async () => {
    const email = address('no-create');
    const { error } = await supabase().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(await mailsTo(server.origin, email)).toEqual([]);
  });

  test('an account never confirmed gets the confirmation mail again, and the code confirms it', async () => {
    const email = address('unconfirmed');
    await supabase().auth.signUp({ email, password: PASSWORD });
    server.clock.advance(61_000);
    expect((await supabase().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mails = await mailsTo(server.origin, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm Your Signup', 'Confirm Your Signup']);
    const { data, error } = await supabase().auth.verifyOtp({
      email,
      token: await mailedCode(email, CONFIRM),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
    // The password chosen at sign-up still signs in: the code's way in did not replace it.
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('an existing account: signed in with the mailed code', { timeout: 30_000 }, () => {
  test('the sign-in mail carries a code and a magic link; the code signs in and the password stays', async () => {
    const { email } = await confirmedUser('existing');
    expect((await supabase().auth.signInWithOtp({ email })).error).toBeNull();
    const [mail] = await mailsTo(server.origin, email);
    expect(mail?.subject).toBe('Your sign-in link');
    expect(new URL(mail?.links[0] ?? '').searchParams.get('type')).toBe('magiclink');
    const { data, error } = await supabase().auth.verifyOtp({
      email,
      token: await mailedCode(email, SIGN_IN),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  test('the magic link signs in too, once', async () => {
    const { email } = await confirmedUser('magic');
    await supabase().auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.origin}/account` } });
    const link = (await mailsTo(server.origin, email))[0]?.links[0] ?? '';
    const first = await follow(link);
    expect(first.location.startsWith(`${server.origin}/account#access_token=`)).toBe(true);
    expect(fragment(first.location).get('type')).toBe('magiclink');
    expect(fragment((await follow(link)).location).get('error_code')).toBe('otp_expired');
  });

  test('a code signed in with can then set a password with updateUser, and the password signs in', async () => {
    const email = address('later-password');
    await supabase().auth.signInWithOtp({ email });
    const client = supabase();
    await client.auth.verifyOtp({ email, token: await mailedCode(email, CONFIRM), type: 'email' });
    expect((await client.auth.updateUser({ password: 'my-own-password' })).error).toBeNull();
    expect((await supabase().auth.signInWithPassword({ email, password: 'my-own-password' })).error).toBeNull();
  });
});

describe('the code: wrong, expired, reused, asked for too often', { timeout: 30_000 }, () => {
  test('a wrong code is refused and the right one still works', async () => {
    const email = address('wrong');
    await supabase().auth.signInWithOtp({ email });
    const code = await mailedCode(email, CONFIRM);
    const wrong = await supabase().auth.verifyOtp({ email, token: otherThan(code), type: 'email' });
    expect(wrong.error).toMatchObject(EXPIRED);
    expect(wrong.data.session).toBeNull();
    expect((await supabase().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });

  test("a code works for 10 minutes, then is refused (otp_expiry 600 s), and so is the mail's link", async () => {
    const [inTime, late] = [address('in-time'), (await confirmedUser('expired')).email];
    await supabase().auth.signInWithOtp({ email: inTime });
    await supabase().auth.signInWithOtp({ email: late });
    // The clock runs on while the test does: 590 s is within the 10 minutes, 601 s past them.
    server.clock.advance(590_000);
    const onTime = await supabase().auth.verifyOtp({
      email: inTime,
      token: await mailedCode(inTime, CONFIRM),
      type: 'email',
    });
    expect(onTime.error).toBeNull();
    server.clock.advance(11_000);
    const code = await mailedCode(late, SIGN_IN);
    expect((await supabase().auth.verifyOtp({ email: late, token: code, type: 'email' })).error).toMatchObject(EXPIRED);
    const link = (await mailsTo(server.origin, late))[0]?.links[0] ?? '';
    expect(fragment((await follow(link)).location).get('error_code')).toBe('otp_expired');
  });

  test('wrong guesses from one connection: 30 at once, then one every 10 seconds, the right code included', async () => {
    // Supabase's /verify limit per IP: 360 an hour with bursts of 30 (token_verifications = 30 per 5 minutes).
    const { email } = await confirmedUser('guessed');
    server.clock.advance(5 * 60_000); // a full bucket
    try {
      await supabase().auth.signInWithOtp({ email });
      const code = await mailedCode(email, SIGN_IN);
      const guesses = [];
      for (let i = 0; i < 30; i += 1) {
        const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        guesses.push((await supabase().auth.verifyOtp({ email, token: guess, type: 'email' })).error);
      }
      expect(guesses.every((error) => error?.status === 403 && error.code === 'otp_expired')).toBe(true);
      const limited = await supabase().auth.verifyOtp({ email, token: code, type: 'email' });
      expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      server.clock.advance(10_000);
      // No guess spent the code: once the connection may check again, the right one signs in.
      expect((await supabase().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    } finally {
      server.clock.advance(10 * 60_000); // the bucket full again for the tests after
    }
  });

  test('a code works once', async () => {
    const { email } = await confirmedUser('reuse');
    await supabase().auth.signInWithOtp({ email });
    const code = await mailedCode(email, SIGN_IN);
    expect((await supabase().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    const again = await supabase().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject(EXPIRED);
  });

  test('within a minute a new code is refused with the seconds left; after it, the new code replaces the old', async () => {
    const { email } = await confirmedUser('often');
    await supabase().auth.signInWithOtp({ email });
    const first = await mailedCode(email, SIGN_IN);
    server.clock.advance(20_000);
    const soon = await supabase().auth.signInWithOtp({ email });
    expect(isAuthApiError(soon.error)).toBe(true);
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(soon.error?.message).toMatch(/^For security purposes, you can only request this after (39|40) seconds\.$/);
    expect(await mailsTo(server.origin, email)).toHaveLength(2);
    server.clock.advance(41_000);
    expect((await supabase().auth.signInWithOtp({ email })).error).toBeNull();
    const second = await mailedCode(email, SIGN_IN);
    if (second !== first) {
      expect((await supabase().auth.verifyOtp({ email, token: first, type: 'email' })).error).toMatchObject(EXPIRED);
    }
    expect((await supabase().auth.verifyOtp({ email, token: second, type: 'email' })).error).toBeNull();
  });

  test("bad bodies get GoTrue's answers", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'One of email or phone must be set'],
      [
        { email: 'a@example.com', phone: '14175550142' },
        400,
        'Only an email address or phone number should be provided',
      ],
      [{ email: 'a@example.com', channel: 'sms' }, 400, 'Channel should only be specified with Phone OTP'],
      [
        { email: 'a@example.com', code_challenge: 'x' },
        400,
        'PKCE flow requires code_challenge_method and code_challenge',
      ],
      [
        { email: 'a@example.com', create_user: 'yes' },
        400,
        'Could not parse request body as JSON: "create_user" must be a boolean',
      ],
      [{ phone: 'nope', create_user: false }, 400, 'Invalid phone number format (E.164 required)'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('/otp', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'x-supabase-api-version': '2024-01-01' },
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toBe(message);
    }
  });

  test('per IP, /otp takes 30 requests per 5 minutes, like Supabase', async () => {
    server.clock.advance(10 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await call('/otp', { method: 'POST', body: '{}' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    server.clock.advance(10 * 60_000);
  });
});

describe('the hourly e-mail cap (RATE_LIMIT_EMAIL_SENT)', { timeout: 60_000 }, () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({ emailsPerHour: 1 });
  }, 180_000);
  afterAll(async () => {
    await capped?.stop();
  }, 60_000);

  test('past the cap no code goes out, with the cap message; the next hour it does', async () => {
    const client = () =>
      createClient(capped.origin, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await client().auth.signInWithOtp({ email: address('cap-one') })).error).toBeNull();
    const second = address('cap-two');
    const refused = await client().auth.signInWithOtp({ email: second });
    expect(refused.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    expect(await mailsTo(capped.origin, second)).toEqual([]);
    capped.clock.advance(3600_000);
    expect((await client().auth.signInWithOtp({ email: second })).error).toBeNull();
  });
});
