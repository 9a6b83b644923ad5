/**
 * The Auth emulator driven by the real @supabase/supabase-js over HTTP, as the site's browser code
 * drives it, plus the contracts the functions rely on (JWKS, issuer, requireUser) and the admin API
 * `npm run owner` calls with the service key.
 */
import { stat } from 'node:fs/promises';
import {
  createClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireUser } from '../../functions/_lib/platform/auth.ts';
import { readServiceKey, serviceKeyPath } from '../../server/embedded/service-key.ts';
import { mailsTo, startTestServer, type TestServer } from './harness.ts';
import { address, authClient, follow, fragment, PASSWORD } from './support/auth-client.ts';

let server: TestServer;
const { supabase, mailedLink, confirmedUser, call } = authClient(() => server);

/** The newest mail to `email` and its one link. */
const confirmationLink = (email: string) => mailedLink(email);

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

describe('sign-up with e-mail confirmation', { timeout: 30_000 }, () => {
  test('signUp answers the user without a session and mails a confirmation link', async () => {
    const email = address('New.User');
    const { data, error } = await supabase().auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { full_name: 'Pat Lee' }, emailRedirectTo: `${server.origin}/account` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Pat Lee', email: email.toLowerCase(), email_verified: false },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const [mail, ...older] = await mailsTo(server.origin, email);
    expect(older).toEqual([]);
    expect(mail?.subject).toBe('Confirm Your Signup');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.origin + link.pathname).toBe(`${server.origin}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${server.origin}/account`);
  });

  test('the mailed link confirms, signs in through the fragment, and works once', async () => {
    const email = address('confirm');
    await supabase().auth.signUp({ email, password: PASSWORD });
    const link = await confirmationLink(email);

    const { status, location } = await follow(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${server.origin}/#`)).toBe(true);
    const params = fragment(location);
    expect([...params.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(params.get('expires_in')).toBe('3600');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('type')).toBe('signup');

    const client = supabase();
    const { data, error } = await client.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata['email_verified']).toBe(true);

    const again = await follow(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(fragment(again.location))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  test('redirect_to on another origin is ignored: the link returns to the site root', async () => {
    const email = address('foreign');
    await supabase().auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const link = await confirmationLink(email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${server.origin}/`);
    const { location } = await follow(`${link.split('&redirect_to=')[0]}&redirect_to=https%3A%2F%2Fevil.example%2F`);
    expect(location.startsWith(`${server.origin}/#access_token=`)).toBe(true);
  });

  test('signing up again with a confirmed address answers a user with no identities and sends nothing', async () => {
    const { email } = await confirmedUser('taken');
    const before = await mailsTo(server.origin, email);
    const { data, error } = await supabase().auth.signUp({ email, password: 'another-pass-2' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(await mailsTo(server.origin, email)).toHaveLength(before.length);
    const { error: oldPassword } = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(oldPassword).toBeNull();
  });

  test('signing up again before confirming re-sends the link, at most once a minute', async () => {
    const email = address('resend');
    await supabase().auth.signUp({ email, password: PASSWORD });
    const first = await confirmationLink(email);

    const { error } = await supabase().auth.signUp({ email, password: PASSWORD });
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    server.clock.advance(61_000);
    const { data, error: again } = await supabase().auth.signUp({ email, password: PASSWORD });
    expect(again).toBeNull();
    expect(data.user?.identities).toHaveLength(1);
    expect(await mailsTo(server.origin, email)).toHaveLength(2);
    expect(fragment((await follow(first)).location).get('error_code')).toBe('otp_expired');
    expect((await follow(await confirmationLink(email))).location).toContain('#access_token=');
  });

  test('passwords and addresses get GoTrue errors', async () => {
    const short = await supabase().auth.signUp({ email: address('short'), password: '12345' });
    expect(isAuthWeakPasswordError(short.error)).toBe(true);
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(short.error?.message).toBe('Password should be at least 6 characters.');

    const long = await supabase().auth.signUp({ email: address('long'), password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const bad = await supabase().auth.signUp({ email: 'not-an-address', password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
  });
});

describe('password sign-in', { timeout: 30_000 }, () => {
  test('a confirmed user signs in; wrong password and unknown address fail alike', async () => {
    const { email, session } = await confirmedUser('signin');
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));

    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: address('nobody'), password: PASSWORD },
    ]) {
      const { data, error } = await supabase().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  test('an unconfirmed user with the right password is told to confirm; a wrong one is not', async () => {
    const email = address('unconfirmed');
    await supabase().auth.signUp({ email, password: PASSWORD });
    const right = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(right.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
    const wrong = await supabase().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('sessions', { timeout: 30_000 }, () => {
  test('getUser answers the user of the access token', async () => {
    const { email, session } = await confirmedUser('getuser');
    const { data, error } = await supabase().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email, user_metadata: { full_name: 'Pat Lee' } });

    const none = await call('/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error_code: 'no_authorization' });
    const forged = await call('/user', { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  test('refreshing rotates the refresh token; the parent of the active one gets the active one', async () => {
    const { session } = await confirmedUser('rotate');
    const first = await supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const rotated = first.data.session?.refresh_token ?? '';
    expect(rotated).not.toBe(session.refresh_token);
    expect(first.data.session?.access_token).not.toBe(session.access_token);

    // The client lost the answer and tries its old token again: it gets the active token back.
    const retry = await supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(rotated);
  });

  test('a used token within 10 s still refreshes; after 10 s it ends the whole session', async () => {
    const { session } = await confirmedUser('reuse');
    const t0 = session.refresh_token;
    const t1 = (await supabase().auth.refreshSession({ refresh_token: t0 })).data.session?.refresh_token ?? '';
    const t2 = (await supabase().auth.refreshSession({ refresh_token: t1 })).data.session?.refresh_token ?? '';
    expect(new Set([t0, t1, t2]).size).toBe(3);

    const withinInterval = await supabase().auth.refreshSession({ refresh_token: t0 });
    expect(withinInterval.error).toBeNull();
    const t3 = withinInterval.data.session?.refresh_token ?? '';
    expect([t0, t1, t2]).not.toContain(t3);

    server.clock.advance(11_000);
    const reused = await supabase().auth.refreshSession({ refresh_token: t1 });
    expect(isAuthApiError(reused.error)).toBe(true);
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    for (const token of [t2, t3]) {
      const { error } = await supabase().auth.refreshSession({ refresh_token: token });
      expect(error).toMatchObject({ code: 'refresh_token_not_found' });
    }
    const { error } = await supabase().auth.getUser(session.access_token);
    expect(isAuthSessionMissingError(error)).toBe(true);
    const raw = await call('/user', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  test("signOut({scope: 'global'}) ends every session of the user", async () => {
    const { email, client, session } = await confirmedUser('signout');
    const other = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(other.error).toBeNull();

    const { error } = await client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    for (const accessToken of [session.access_token, other.data.session?.access_token ?? '']) {
      const { error: gone } = await supabase().auth.getUser(accessToken);
      expect(isAuthSessionMissingError(gone)).toBe(true);
    }
    const refreshed = await supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  test('logout needs a valid token and a known scope', async () => {
    const { session } = await confirmedUser('logout');
    expect((await call('/logout', { method: 'POST' })).status).toBe(401);
    const auth = { authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' };
    const bad = await call('/logout?scope=everyone', { method: 'POST', headers: auth });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });
    const local = await call('/logout?scope=local', { method: 'POST', headers: auth });
    expect(local.status).toBe(204);
    expect(await local.text()).toBe('');
  });
});

describe('tokens the functions verify', { timeout: 30_000 }, () => {
  test('access tokens are ES256 JWTs with GoTrue claims, verifiable with the published JWKS', async () => {
    const { email, session } = await confirmedUser('jwks');
    const res = await call('/.well-known/jwks.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');

    const jwks = createRemoteJWKSet(new URL(`${server.origin}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, {
      issuer: `${server.origin}/auth/v1`,
      audience: 'authenticated',
      algorithms: ['ES256'],
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: keys[0]?.['kid'], typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: session.user.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) as unknown }],
      session_id: expect.any(String) as unknown,
      is_anonymous: false,
      app_metadata: { provider: 'email' },
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  test('requireUser accepts the emulator token and rejects a tampered one', async () => {
    const { email, session } = await confirmedUser('require');
    const request = (token: string) =>
      new Request('http://localhost/api/check-subscription', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });

    const user = await requireUser(request(session.access_token));
    // The name given at sign-up travels in the token (user_metadata.full_name).
    expect(user).toEqual({
      id: session.user.id,
      email,
      sessionId: decodeJwt(session.access_token)['session_id'],
      name: session.user.user_metadata['full_name'] as unknown,
    });

    const [header, payload, signature] = session.access_token.split('.');
    const claims = { ...decodeJwt(session.access_token), email: 'someone-else@example.com' };
    const forgedPayload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    await expect(requireUser(request(`${header}.${forgedPayload}.${signature}`))).rejects.toMatchObject({
      status: 401,
    });
    const flipped = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    await expect(requireUser(request(flipped))).rejects.toMatchObject({ status: 401 });
  });
});

describe('HTTP contract', { timeout: 30_000 }, () => {
  test('errors: {code, message} and the version echoed when asked, GoTrue legacy shape otherwise', async () => {
    const body = JSON.stringify({ email: address('nobody'), password: PASSWORD });
    const versioned = await call('/token?grant_type=password', {
      method: 'POST',
      body,
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const legacy = await call('/token?grant_type=password', { method: 'POST', body });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  test('CORS: preflight allows supabase-js headers; answers expose the version header', async () => {
    const preflight = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version']) {
      expect(allowed).toContain(header);
    }
    const answer = await call('/settings');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(await answer.json()).toMatchObject({ mailer_autoconfirm: false, external: { email: true } });
  });

  test('bad input gets a 4xx naming the problem, never a 5xx', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/signup', { method: 'POST', body: '{not json' }, 400],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: PASSWORD }) }, 400],
      [
        '/signup',
        { method: 'POST', body: JSON.stringify({ email: address('x'), password: PASSWORD, data: 'x' }) },
        400,
      ],
      ['/token?grant_type=magic', { method: 'POST', body: '{}' }, 400],
      ['/token?grant_type=refresh_token', { method: 'POST', body: '{}' }, 400],
      ['/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 'nope' }) }, 400],
      ['/verify?type=signup', {}, 400],
      ['/nothing-here', {}, 404],
      ['/user', { method: 'DELETE' }, 405],
    ];
    for (const [path, init, status] of cases) {
      const res = await call(path, init);
      expect(res.status, path).toBe(status);
      expect(JSON.stringify(await res.json()), path).toMatch(/"(msg|message|error_description)":"[^"]+"/);
    }
    const noKey = await fetch(`${server.origin}/auth/v1/user`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
  });
});

describe('mailbox page', { timeout: 30_000 }, () => {
  test('/_dev/mail lists mails newest first with working links, never indexed or cached', async () => {
    const email = address('page');
    await supabase().auth.signUp({ email, password: PASSWORD });
    const link = await confirmationLink(email);
    const res = await fetch(`${server.origin}/_dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`<a href="${link.replaceAll('&', '&#38;')}">`);
    const json = await fetch(`${server.origin}/_dev/mail?format=json&limit=1`);
    expect(((await json.json()) as { messages: { to: string }[] }).messages).toEqual([
      expect.objectContaining({ to: email }),
    ]);
    expect((await fetch(`${server.origin}/_dev/mail.json?limit=0`)).status).toBe(400);
  });
});

describe('limits and restarts', { timeout: 60_000 }, () => {
  test('sign-ups are limited per IP like Supabase (30 per 5 minutes)', async () => {
    server.clock.advance(10 * 60_000); // a full bucket
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await call('/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'x@example.com', password: '1' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    const limited = await call('/signup', {
      method: 'POST',
      body: '{}',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    server.clock.advance(10 * 60_000);
  });

  test('a restart keeps users, sessions, the signing key and the service key', async () => {
    const { email, session } = await confirmedUser('restart');
    const { kid } = decodeProtectedHeader(session.access_token);
    const serviceKey = readServiceKey(server.dataDir);

    await server.restart();

    expect(readServiceKey(server.dataDir)).toBe(serviceKey);
    const { data, error } = await supabase().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const refreshed = await supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    const signedIn = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const { keys } = (await (await call('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] };
    expect(keys.map((k) => k.kid)).toEqual([kid]);
    expect(
      await requireUser(
        new Request('http://localhost/', { headers: { authorization: `Bearer ${session.access_token}` } }),
      ),
    ).toMatchObject({ email });
  }, 180_000);
});

describe('admin API for the service key (docs/product/operations.md#owner-role)', { timeout: 60_000 }, () => {
  /** The service key the server wrote into its data dir, as `npm run owner` reads it. */
  const serviceKey = () => readServiceKey(server.dataDir) ?? '';
  /** supabase-js's admin API as scripts/owner.ts makes it: the service key as the client's key. */
  const admin = (key = serviceKey()) =>
    createClient(server.origin, key, { auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;

  test('the service key is a long-lived service_role JWT of the emulator, in a file only its user reads', async () => {
    const key = serviceKey();
    const claims = decodeJwt(key);
    expect(claims).toMatchObject({ iss: 'supabase', role: 'service_role' });
    expect(claims.sub).toBeUndefined();
    expect(claims['session_id']).toBeUndefined();
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeGreaterThanOrEqual(9 * 365 * 24 * 3600);
    const jwks = createRemoteJWKSet(new URL(`${server.origin}/auth/v1/.well-known/jwks.json`));
    await expect(jwtVerify(key, jwks, { currentDate: new Date(server.clock.now()) })).resolves.toBeDefined();
    expect((await stat(serviceKeyPath(server.dataDir))).mode & 0o777).toBe(0o600);
  });

  test('admin calls without the service key are refused with GoTrue codes', async () => {
    const { client, session } = await confirmedUser('not-admin');
    const versioned = { 'x-supabase-api-version': '2024-01-01' };

    const none = await call('/admin/users', { headers: versioned });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });

    const customer = await admin(session.access_token).listUsers();
    expect(isAuthApiError(customer.error)).toBe(true);
    expect(customer.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    expect(customer.data.users).toEqual([]);

    // The anon key is no JWT of the project; a key signed by anyone else is forged.
    expect((await admin('anon-key').getUserById(session.user.id)).error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
    });
    const forged = `${serviceKey().slice(0, -4)}AAAA`;
    expect((await admin(forged).listUsers()).error).toMatchObject({ status: 403, code: 'bad_jwt' });

    // A signed-out customer's token meets its ended session first (supabase-js: session missing).
    await client.auth.signOut({ scope: 'global' });
    expect(isAuthSessionMissingError((await admin(session.access_token).listUsers()).error)).toBe(true);
    const ended = await call('/admin/users', {
      headers: { ...versioned, authorization: `Bearer ${session.access_token}` },
    });
    expect(ended.status).toBe(403);
    expect(await ended.json()).toMatchObject({ code: 'session_not_found' });

    // The gateway still wants its apikey.
    const noKey = await fetch(`${server.origin}/auth/v1/admin/users`, {
      headers: { authorization: `Bearer ${serviceKey()}` },
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
  });

  test('listUsers pages through every user, newest first, with the total and the Link header', async () => {
    for (const label of ['list-1', 'list-2', 'list-3']) await confirmedUser(label);
    const { session } = await confirmedUser('list-newest');
    const everyone = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(everyone.error).toBeNull();
    const total = everyone.data.users.length;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(everyone.data).toMatchObject({ aud: 'authenticated', total, nextPage: null, lastPage: 1 });
    expect(everyone.data.users[0]?.id).toBe(session.user.id);
    const created = everyone.data.users.map((user) => user.created_at);
    expect(created).toEqual([...created].sort().reverse());
    // GoTrue's list loads no identities.
    expect(everyone.data.users[0]?.identities).toBeNull();

    // Three pages, so supabase-js (which reads one digit of the page numbers) reads them right.
    const perPage = Math.ceil(total / 3);
    const lastPage = Math.ceil(total / perPage);
    const pages = [];
    for (let page = 1; page <= lastPage; page += 1) {
      const { data, error } = await admin().listUsers({ page, perPage });
      expect(error).toBeNull();
      expect(data).toMatchObject({ total, lastPage, nextPage: page < lastPage ? page + 1 : null });
      pages.push(...data.users.map((user) => user.id));
    }
    expect(pages).toEqual(everyone.data.users.map((user) => user.id));

    const raw = await call('/admin/users?page=1&per_page=2', {
      headers: { authorization: `Bearer ${serviceKey()}` },
    });
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    expect(raw.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    const beyond = await admin().listUsers({ page: 1000, perPage: 50 });
    expect(beyond.data.users).toEqual([]);
  });

  test('getUserById answers the user with identities; unknown and malformed ids are 404s', async () => {
    const { email, session } = await confirmedUser('by-id');
    const { data, error } = await admin().getUserById(session.user.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email, app_metadata: { provider: 'email' } });
    expect(data.user?.identities).toHaveLength(1);

    const unknown = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    const malformed = await call('/admin/users/not-a-uuid', {
      headers: { authorization: `Bearer ${serviceKey()}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });

  test('updateUserById merges app_metadata: GET /user shows it at once, tokens from the next refresh', async () => {
    const { session } = await confirmedUser('owner-to-be');
    const id = session.user.id;
    const { data, error } = await admin().updateUserById(id, {
      app_metadata: { role: 'owner' },
      user_metadata: { phone_note: 'call first' },
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'owner' });
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Pat Lee', phone_note: 'call first' });

    const live = await supabase().auth.getUser(session.access_token);
    expect(live.data.user?.app_metadata['role']).toBe('owner');
    // A token keeps the claims it was issued with; the next one carries the change.
    expect(decodeJwt(session.access_token)['app_metadata']).toEqual({ provider: 'email', providers: ['email'] });
    const refreshed = await supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(decodeJwt(refreshed.data.session?.access_token ?? '')['app_metadata']).toMatchObject({ role: 'owner' });

    // null removes a key, as GoTrue's UpdateAppMetaData does; the rest stays.
    const cleared = await admin().updateUserById(id, { app_metadata: { role: null } });
    expect(cleared.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    const signedIn = await supabase().auth.signInWithPassword({ email: session.user.email ?? '', password: PASSWORD });
    expect(decodeJwt(signedIn.data.session?.access_token ?? '')['app_metadata']).toEqual({
      provider: 'email',
      providers: ['email'],
    });

    // Only an admin may: the user's own PUT /user with app_metadata is refused.
    const own = await call('/user', {
      method: 'PUT',
      body: JSON.stringify({ app_metadata: { role: 'owner' } }),
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ error_code: 'not_admin' });
  });

  test('email_confirm confirms an address; ban_duration bans and lifts a ban', async () => {
    const email = address('admin-confirm');
    const signUp = await supabase().auth.signUp({ email, password: PASSWORD });
    const id = signUp.data.user?.id ?? '';
    const confirmed = await admin().updateUserById(id, { email_confirm: true });
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String));
    const signedIn = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const token = signedIn.data.session?.access_token ?? '';

    const banned = await admin().updateUserById(id, { ban_duration: '24h' });
    expect(Date.parse(banned.data.user?.banned_until ?? '') - server.clock.now()).toBeGreaterThan(23 * 3600_000);
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'User is banned',
    });
    expect((await supabase().auth.getUser(token)).error).toMatchObject({ status: 403, code: 'user_banned' });

    const lifted = await admin().updateUserById(id, { ban_duration: 'none' });
    expect(lifted.data.user?.banned_until).toBeUndefined();
    expect((await supabase().auth.getUser(token)).error).toBeNull();

    const bad = await admin().updateUserById(id, { ban_duration: '1d' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'invalid format for ban duration: time: unknown unit "d" in duration "1d"',
    });
  });

  test('createUser with email_confirm makes a user who signs in at once, with the metadata; no mail goes out', async () => {
    const email = address('admin-made');
    const { data, error } = await admin().createUser({
      email: email.toUpperCase(),
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Robin Diaz' },
      app_metadata: { source: 'e2e' },
    });
    expect(error).toBeNull();
    const user = data.user;
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], source: 'e2e' },
      // GoTrue's NewUser keeps the body's metadata as given; User.Confirm adds email_verified to it only.
      user_metadata: { full_name: 'Robin Diaz', email_verified: true },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.confirmed_at).toBe(user?.email_confirmed_at);
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({
      provider: 'email',
      id: user?.id,
      user_id: user?.id,
      email,
      identity_data: { sub: user?.id, email, email_verified: false, phone_verified: false },
    });
    // GET /admin/users/{id} answers the same user.
    expect((await admin().getUserById(user?.id ?? '')).data.user).toEqual(user);

    const signedIn = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.weakPassword).toBeUndefined();
    expect(signedIn.data.user?.id).toBe(user?.id);
    expect(decodeJwt(signedIn.data.session?.access_token ?? '')).toMatchObject({
      email,
      user_metadata: { full_name: 'Robin Diaz' },
      app_metadata: { provider: 'email', source: 'e2e' },
    });
    await expect(mailsTo(server.origin, email)).resolves.toEqual([]);

    // app_metadata's null removes a key, as GoTrue's UpdateAppMetaData does.
    const bare = await admin().createUser({ email: address('admin-bare'), app_metadata: { providers: null } });
    expect(bare.data.user?.app_metadata).toEqual({ provider: 'email' });
    expect(bare.data.user?.user_metadata).toEqual({});
  });

  test('createUser without email_confirm makes a user who cannot sign in until confirmed; without a password, never with one', async () => {
    const email = address('admin-unconfirmed');
    const created = await admin().createUser({ email, password: PASSWORD });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    expect(created.data.user?.user_metadata).toEqual({});
    const refused = await supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
    await expect(mailsTo(server.origin, email)).resolves.toEqual([]);
    await admin().updateUserById(created.data.user?.id ?? '', { email_confirm: true });
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    // No password: a random one no one knows (an empty one is no password either).
    for (const password of [undefined, '']) {
      const noPassword = address('admin-no-password');
      const made = await admin().createUser({
        email: noPassword,
        email_confirm: true,
        ...(password === undefined ? {} : { password }),
      });
      expect(made.error).toBeNull();
      for (const guess of ['', PASSWORD]) {
        expect((await supabase().auth.signInWithPassword({ email: noPassword, password: guess })).error).toMatchObject({
          status: 400,
          code: 'invalid_credentials',
        });
      }
    }
  });

  test('createUser refuses an address already registered, confirmed or not, in any case', async () => {
    const { email } = await confirmedUser('admin-duplicate');
    const pending = address('admin-duplicate-pending');
    await supabase().auth.signUp({ email: pending, password: PASSWORD });
    const made = address('admin-duplicate-made');
    expect((await admin().createUser({ email: made })).error).toBeNull();
    for (const taken of [email, pending.toUpperCase(), made]) {
      const { data, error } = await admin().createUser({ email: taken, password: PASSWORD, email_confirm: true });
      expect(isAuthApiError(error), taken).toBe(true);
      expect(error, taken).toMatchObject({
        status: 422,
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      });
      expect(data.user).toBeNull();
    }
    // The first account is untouched: its password still signs in.
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  test("createUser takes a short password, as GoTrue's admin API does; signing in with it says it is weak", async () => {
    const email = address('admin-weak');
    const created = await admin().createUser({ email, password: 'abc', email_confirm: true });
    expect(created.error).toBeNull();
    const signedIn = await supabase().auth.signInWithPassword({ email, password: 'abc' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session).not.toBeNull();
    expect(signedIn.data.weakPassword).toEqual({
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
    // The user's own sign-up and password change still hold the rule.
    const own = await supabase().auth.signUp({ email: address('own-weak'), password: 'abc' });
    expect(isAuthWeakPasswordError(own.error)).toBe(true);

    // What Go's bcrypt refuses is a 400.
    const tooLong = await admin().createUser({ email: address('admin-long'), password: 'x'.repeat(73) });
    expect(tooLong.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'bcrypt: password length exceeds 72 bytes',
    });
  });

  test("createUser is for the service key: a customer's token is not_admin and makes no one", async () => {
    const { session } = await confirmedUser('admin-create-customer');
    const email = address('made-by-customer');
    const { data, error } = await admin(session.access_token).createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    expect(data.user).toBeNull();
    expect((await admin('anon-key').createUser({ email, password: PASSWORD })).error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
    });
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    // The address is still free.
    expect((await admin().createUser({ email, password: PASSWORD })).error).toBeNull();
  });

  test('createUser refuses what GoTrue would refuse, and what the emulator does not make, naming it', async () => {
    const refusals: [Parameters<ReturnType<typeof admin>['createUser']>[0], number, string, string | RegExp][] = [
      [{}, 400, 'validation_failed', 'Cannot create a user without either an email or phone'],
      [
        { password: PASSWORD, email_confirm: true },
        400,
        'validation_failed',
        'Cannot create a user without either an email or phone',
      ],
      [{ email: 'not-an-address' }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ phone: '15555550100' }, 400, 'validation_failed', /"phone"/],
      [
        { email: address('admin-phone'), phone: '15555550100', phone_confirm: true },
        400,
        'validation_failed',
        /"phone"/,
      ],
      [{ email: address('admin-role'), role: 'service_role' }, 400, 'validation_failed', /"role"/],
      [{ email: address('admin-ban'), ban_duration: '24h' }, 400, 'validation_failed', /"ban_duration"/],
      [{ email: address('admin-id'), id: '00000000-0000-4000-8000-000000000001' }, 400, 'validation_failed', /"id"/],
      [
        { email: address('admin-hash'), password_hash: '$2a$10$abcdefghijklmnopqrstuv' },
        400,
        'validation_failed',
        /"password_hash"/,
      ],
    ];
    for (const [attributes, status, code, message] of refusals) {
      const { data, error } = await admin().createUser(attributes);
      const label = JSON.stringify(attributes);
      expect(error, label).toMatchObject({ status, code });
      expect(error?.message, label).toMatch(message);
      expect(data.user, label).toBeNull();
    }
    const headers = { authorization: `Bearer ${serviceKey()}` };
    const raw: [string, number][] = [
      ['{not json', 400],
      [JSON.stringify({ email: address('admin-raw'), user_metadata: 'Robin' }), 400],
      [JSON.stringify({ email: address('admin-raw'), email_confirm: 'yes' }), 400],
      [JSON.stringify({ email: 42 }), 400],
      [JSON.stringify([]), 400],
    ];
    for (const [body, status] of raw) {
      const res = await call('/admin/users', { method: 'POST', body, headers });
      expect(res.status, body).toBe(status);
      expect(JSON.stringify(await res.json()), body).toMatch(/"msg":"[^"]+"/);
    }
  });

  test('bad input gets a 4xx naming the problem; what the emulator does not change is refused', async () => {
    const { session } = await confirmedUser('admin-bad');
    const id = session.user.id;
    const moved = await admin().updateUserById(id, { email: 'elsewhere@example.com' });
    expect(moved.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(moved.error?.message).toContain('"email"');

    const headers = { authorization: `Bearer ${serviceKey()}` };
    const cases: [string, RequestInit, number][] = [
      [`/admin/users/${id}`, { method: 'PUT', body: '{not json', headers }, 400],
      [`/admin/users/${id}`, { method: 'PUT', body: JSON.stringify({ app_metadata: 'owner' }), headers }, 400],
      [`/admin/users/${id}`, { method: 'PUT', body: JSON.stringify({ email_confirm: 'yes' }), headers }, 400],
      ['/admin/users?per_page=ten', { headers }, 400],
      ['/admin/users?page=-1', { headers }, 400],
      [`/admin/users/${id}`, { method: 'DELETE', headers }, 405],
      ['/admin/nothing-here', { headers }, 404],
    ];
    for (const [path, init, status] of cases) {
      const res = await call(path, init);
      expect(res.status, path).toBe(status);
      expect(JSON.stringify(await res.json()), path).toMatch(/"(msg|message)":"[^"]+"/);
    }
    const after = await admin().getUserById(id);
    expect(after.data.user?.email).toBe(session.user.email);
    expect(after.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });
});
