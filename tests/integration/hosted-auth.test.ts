/**
 * Token checks as they run against a hosted Supabase project: keys from its JWKS (read once, then
 * cached), its issuer `<project url>/auth/v1`, the `authenticated` audience, ES256 or RS256 keys;
 * a project on the legacy shared secret, or one that cannot be reached, answers clearly. Billing
 * actions also ask the project's user endpoint whether the session is alive (requireLiveSession).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { requireLiveSession, requireUser, SESSION_ENDED } from '../../functions/_lib/platform/auth.ts';
import { HttpError } from '../../functions/_lib/platform/http-error.ts';

interface SigningKey {
  alg: 'ES256' | 'RS256';
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(alg: 'ES256' | 'RS256', kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

let project: Server;
let origin = '';
let jwksReads = 0;
/** How the project's GET /auth/v1/user answers, and what it was sent. */
let userAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const userCalls: { apikey: string | undefined; authorization: string | undefined; version: string | undefined }[] = [];
let es256: SigningKey;
let rs256: SigningKey;
const user = { sub: 'd0c0ffee-0000-4000-8000-000000000001', email: 'pat@example.com' };

beforeAll(async () => {
  es256 = await signingKey('ES256', 'es-key');
  rs256 = await signingKey('RS256', 'rs-key');
  project = createServer((req, res) => {
    if (req.url === '/auth/v1/user') {
      userCalls.push({
        apikey: req.headers['apikey'] as string | undefined,
        authorization: req.headers.authorization,
        version: req.headers['x-supabase-api-version'] as string | undefined,
      });
      res.writeHead(userAnswer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(userAnswer.body));
      return;
    }
    if (req.url !== '/auth/v1/.well-known/jwks.json') {
      res.writeHead(404).end();
      return;
    }
    jwksReads += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [es256.jwk, rs256.jwk] }));
  });
  await new Promise<void>((resolve) => project.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(project.address() as AddressInfo).port}`;
  process.env['SUPABASE_URL'] = origin;
});

afterAll(async () => {
  delete process.env['SUPABASE_URL'];
  await new Promise((resolve) => project.close(resolve));
});

function token(
  key: SigningKey | { alg: 'HS256'; kid: string; privateKey: Uint8Array },
  claims: { iss?: string; aud?: string; exp?: number } = {},
) {
  return new SignJWT({ email: user.email, role: 'authenticated', session_id: 'sess-1', ...claims })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(claims.iss ?? `${origin}/auth/v1`)
    .setAudience(claims.aud ?? 'authenticated')
    .setSubject(user.sub)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .sign(key.privateKey);
}

function request(jwt: string): Request {
  return new Request('https://www.example.com/api/check-subscription', {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwt}` },
  });
}

async function statusOf(jwt: string): Promise<number> {
  try {
    await requireUser(request(jwt));
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('access tokens of a hosted Supabase project', () => {
  test('ES256 and RS256 tokens verify, and the key set is read once for many calls', async () => {
    const before = jwksReads;
    for (const key of [es256, rs256, es256, rs256]) {
      expect(await requireUser(request(await token(key)))).toEqual({
        id: user.sub,
        email: user.email,
        sessionId: 'sess-1',
        // A token without user_metadata.full_name carries no name.
        name: null,
      });
    }
    expect(jwksReads - before).toBe(1);
  });

  test('another issuer, another audience, an expired or forged token is a 401', async () => {
    expect(await statusOf(await token(es256, { iss: 'https://other.supabase.co/auth/v1' }))).toBe(401);
    expect(await statusOf(await token(es256, { aud: 'anon' }))).toBe(401);
    expect(await statusOf(await token(es256, { exp: Math.floor(Date.now() / 1000) - 60 }))).toBe(401);
    const forged = await signingKey('ES256', 'es-key');
    expect(await statusOf(await token(forged))).toBe(401);
  });

  test('a token signed with the legacy shared secret is a 401, and the log says what to change', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const legacy = {
      alg: 'HS256' as const,
      kid: 'legacy',
      privateKey: new TextEncoder().encode('super-secret-jwt-token'),
    };
    expect(await statusOf(await token(legacy))).toBe(401);
    expect(logged.mock.calls.flat().join('\n')).toContain('asymmetric JWT signing keys');
    logged.mockRestore();
  });

  test('a project that cannot be reached is a 503, not a sign-out', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    process.env['SUPABASE_URL'] = down;
    try {
      const jwt = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'ES256', kid: 'es-key' })
        .setIssuer(`${down}/auth/v1`)
        .setAudience('authenticated')
        .setSubject(user.sub)
        .setExpirationTime('1h')
        .sign(es256.privateKey);
      expect(await statusOf(jwt)).toBe(503);
      expect(logged.mock.calls.flat().join('\n')).toContain(`Could not read the signing keys of ${down}`);
    } finally {
      process.env['SUPABASE_URL'] = origin;
      logged.mockRestore();
    }
  });
});

describe('billing actions ask the project whether the session is alive (docs/product/accounts.md#session-checks)', () => {
  async function liveStatus(jwt: string): Promise<number | string> {
    try {
      await requireLiveSession(request(jwt));
      return 200;
    } catch (error) {
      if (error instanceof HttpError) return error.status === 401 ? `401 ${error.message}` : error.status;
      throw error;
    }
  }

  test('a live session passes; the call carries the anon key, the token and the API version', async () => {
    process.env['PUBLIC_SUPABASE_ANON_KEY'] = 'sb_publishable_test';
    try {
      userAnswer = { status: 200, body: { id: user.sub, email: user.email } };
      const jwt = await token(es256);
      userCalls.length = 0;
      expect(await liveStatus(jwt)).toBe(200);
      expect(userCalls).toEqual([
        { apikey: 'sb_publishable_test', authorization: `Bearer ${jwt}`, version: '2024-01-01' },
      ]);
    } finally {
      delete process.env['PUBLIC_SUPABASE_ANON_KEY'];
    }
  });

  test.each([
    [403, { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' }],
    [403, { code: 'user_not_found', message: 'User from sub claim in JWT does not exist' }],
    [401, { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' }],
  ])('an ended session (%i %j) is a 401 asking to sign in again', async (status, body) => {
    userAnswer = { status, body };
    expect(await liveStatus(await token(es256))).toBe(`401 ${SESSION_ENDED}`);
  });

  test('a user endpoint answering for someone else is not a live session of this token', async () => {
    userAnswer = { status: 200, body: { id: 'someone-else' } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await liveStatus(await token(es256))).toBe(503);
    logged.mockRestore();
  });

  test('the gateway refusing the key, or a failing project, is a 503 in the log, never a sign-out', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const answer of [
      {
        status: 401,
        body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
      },
      { status: 500, body: { code: 'unexpected_failure', message: 'Unexpected failure' } },
      { status: 502, body: 'Bad gateway' },
    ]) {
      userAnswer = answer;
      expect(await liveStatus(await token(es256))).toBe(503);
    }
    expect(logged.mock.calls.flat().join('\n')).toContain('/auth/v1/user answered 401');
    logged.mockRestore();
  });

  test('a forged token never reaches the project: requireUser refuses it first', async () => {
    const forged = await signingKey('ES256', 'es-key');
    userAnswer = { status: 200, body: { id: user.sub } };
    userCalls.length = 0;
    expect(await liveStatus(await token(forged))).toBe('401 Invalid or expired token: sign in again');
    expect(userCalls).toEqual([]);
  });
});
