/**
 * requireOwner against a stand-in auth server (fetch stubbed): the token checked against its keys,
 * then the role read from the live answer of GET /auth/v1/user, never from the token or the
 * user's own metadata.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { OWNER_ONLY, requireOwner, SESSION_ENDED } from '../../../../../functions/_lib/platform/auth.ts';
import { HttpError } from '../../../../../functions/_lib/platform/http-error.ts';

// A base of its own, so the module's cached key sets of other tests play no part.
const BASE = 'https://owner-unit.supabase.example';
const USER_ID = 'd0c0ffee-0000-4000-8000-000000000002';

let privateKey: CryptoKey;
let jwk: JWK;
/** How the stand-in's GET /auth/v1/user answers. */
let userAnswer: { status: number; body: unknown };
let userCalls: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'unit-key', alg: 'ES256', use: 'sig' };
  process.env['SUPABASE_URL'] = BASE;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${BASE}/auth/v1/.well-known/jwks.json`) return Promise.resolve(Response.json({ keys: [jwk] }));
    if (url === `${BASE}/auth/v1/user`) {
      userCalls.push(new Headers(init?.headers).get('authorization') ?? '');
      return Promise.resolve(Response.json(userAnswer.body, { status: userAnswer.status }));
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterAll(() => {
  vi.unstubAllGlobals();
  delete process.env['SUPABASE_URL'];
});

beforeEach(() => {
  userCalls = [];
});

/** An access token of the stand-in, with these claims besides the usual ones. */
function token(claims: Record<string, unknown> = {}, key: CryptoKey = privateKey): Promise<string> {
  return new SignJWT({ email: 'pat@example.com', role: 'authenticated', session_id: 'sess-1', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'unit-key' })
    .setIssuer(`${BASE}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(USER_ID)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/** The status requireOwner answers (200 when it lets the caller through), with its message. */
async function outcome(authorization: string | null): Promise<string> {
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  try {
    await requireOwner(new Request('https://www.example.com/api/owner-thing', { method: 'POST', headers }));
    return '200';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
}

const liveUser = (appMetadata: unknown, userMetadata: unknown = {}) => ({
  status: 200,
  body: { id: USER_ID, email: 'pat@example.com', app_metadata: appMetadata, user_metadata: userMetadata },
});

describe('requireOwner (docs/product/operations.md#owner-role)', () => {
  test('the owner passes, with the role read from the live answer for this very token', async () => {
    userAnswer = liveUser({ provider: 'email', providers: ['email'], role: 'owner' });
    const jwt = await token();
    expect(await outcome(`Bearer ${jwt}`)).toBe('200');
    expect(userCalls).toEqual([`Bearer ${jwt}`]);
  });

  test('without a token: 401, and the auth server is not asked', async () => {
    expect(await outcome(null)).toMatch(/^401 /);
    expect(userCalls).toEqual([]);
  });

  test('a forged token: 401 before the auth server is asked', async () => {
    const { privateKey: other } = await generateKeyPair('ES256');
    userAnswer = liveUser({ role: 'owner' });
    expect(await outcome(`Bearer ${await token({}, other)}`)).toMatch(/^401 /);
    expect(userCalls).toEqual([]);
  });

  test('a customer: 403', async () => {
    userAnswer = liveUser({ provider: 'email', providers: ['email'] });
    expect(await outcome(`Bearer ${await token()}`)).toBe(`403 ${OWNER_ONLY}`);
  });

  test.each([
    ['user_metadata says owner', liveUser({ provider: 'email' }, { role: 'owner' })],
    ['another role', liveUser({ role: 'Owner' })],
    ['app_metadata not an object', liveUser('owner')],
    ['no app_metadata', { status: 200, body: { id: USER_ID } }],
  ])('%s: 403', async (_case, answer) => {
    userAnswer = answer;
    expect(await outcome(`Bearer ${await token()}`)).toBe(`403 ${OWNER_ONLY}`);
  });

  test("the token's own claims never make an owner: a removed owner's token is refused at once", async () => {
    userAnswer = liveUser({ provider: 'email', providers: ['email'] });
    const claimsOwner = await token({ app_metadata: { role: 'owner' }, user_metadata: { role: 'owner' } });
    expect(await outcome(`Bearer ${claimsOwner}`)).toBe(`403 ${OWNER_ONLY}`);
  });

  test('an ended session: 401 asking to sign in again', async () => {
    userAnswer = { status: 403, body: { code: 'session_not_found', message: 'Session ... does not exist' } };
    expect(await outcome(`Bearer ${await token()}`)).toBe(`401 ${SESSION_ENDED}`);
  });

  test('a check that fails, or answers for someone else, is a 503 in the log, never a 403 or a pass', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const answer of [
      { status: 500, body: { code: 'unexpected_failure', message: 'Unexpected failure' } },
      { status: 401, body: { message: 'Invalid API key' } },
      { status: 200, body: { id: 'someone-else', app_metadata: { role: 'owner' } } },
    ]) {
      userAnswer = answer;
      expect(await outcome(`Bearer ${await token()}`)).toMatch(/^503 /);
    }
    logged.mockRestore();
  });
});
