/**
 * Abuse of the auth emulator, held to Supabase Auth's rules: per-IP rate limits (sign-in and
 * refresh 150; sign-up, verify, recover, resend and user updates 30 per 5 minutes each) answering
 * 429 in GoTrue's error shape, one mail per address per minute, refresh-token reuse revoking the
 * whole family, redirect_to kept on the site, and no user enumeration through the password grant
 * (same answer, same time) or the reset request (same answer).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveRedirect } from '../../server/embedded/auth/rules.ts';
import { mailsTo, startTestServer, type TestClock, type TestServer } from '../integration/harness.ts';
import { ANON_KEY, signUpConfirmed } from './support/customer.ts';
import { report, Tally } from './support/figures.ts';
import { sampled, sampling } from './support/sample.ts';
import { closeAgents, send, type Answer } from './support/http.ts';
import { startFreshServer, type ServerProcess } from '../support/server.ts';

let server: ServerProcess;
let origin = '';

beforeAll(async () => {
  server = await startFreshServer({ prefix: 'shm-rel-auth-' });
  origin = server.origin;
});

afterAll(async () => {
  closeAgents();
  await server?.stop('SIGTERM');
});

const VERSIONED = { 'x-supabase-api-version': '2024-01-01' };
const jsonHeaders = { apikey: ANON_KEY, 'content-type': 'application/json', ...VERSIONED };

function isRateLimited(answer: Answer): boolean {
  const body = JSON.parse(answer.text) as { code?: unknown; message?: unknown };
  return (
    answer.status === 429 && body.code === 'over_request_rate_limit' && body.message === 'Request rate limit reached'
  );
}

/** The /token limit on the server at `at`, whose emulator runs on `clock`. */
async function tokenLimit(context: Parameters<typeof report>[0], at: string, clock: TestClock): Promise<void> {
  const tally = new Tally();
  // A refresh grant with a token that does not exist: cheap, and it spends a /token request.
  const refresh = (from: string, headers: Record<string, string> = {}) =>
    send(at, {
      method: 'POST',
      path: '/auth/v1/token?grant_type=refresh_token',
      headers: { ...jsonHeaders, ...headers },
      body: JSON.stringify({ refresh_token: 'not-a-real-refresh-token' }),
      from,
    });
  const from = '127.0.0.11';
  for (let i = 0; i < 150; i += 1) {
    tally.tried += 1;
    const answer = await refresh(from);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'refresh_token_not_found' });
  }
  const limited = await refresh(from);
  tally.tried += 1;
  expect(isRateLimited(limited)).toBe(true);
  expect(limited.headers['x-supabase-api-version']).toBe('2024-01-01');
  tally.rejected += 1;
  // Without the version header: GoTrue's legacy shape, same code.
  const legacy = await refresh(from, { 'x-supabase-api-version': '' });
  tally.tried += 1;
  expect(legacy.status).toBe(429);
  expect(JSON.parse(legacy.text)).toEqual({
    code: 429,
    error_code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  });
  tally.rejected += 1;
  // A forwarded-for header is not an address: the socket's address is what counts.
  const spoofed = await refresh(from, { 'x-forwarded-for': '203.0.113.9' });
  tally.tried += 1;
  expect(spoofed.status).toBe(429);
  tally.rejected += 1;
  const other = await refresh('127.0.0.12');
  tally.tried += 1;
  expect(other.status).toBe(400);

  // 150 per 300 s refills one request every 2 s of the limiter's clock: not before, and at once after.
  clock.advance(1_999);
  const early = await refresh(from);
  tally.tried += 1;
  expect(isRateLimited(early)).toBe(true);
  tally.rejected += 1;
  clock.advance(1);
  const refilled = await refresh(from);
  tally.tried += 1;
  expect(refilled.status).toBe(400);
  expect(isRateLimited(await refresh(from))).toBe(true);
  tally.tried += 1;
  tally.rejected += 1;
  report(
    context,
    tally.row('auth', '/token limit: 150 per 5 min per IP', { note: 'refilled after 2000 ms of its clock' }),
  );
}

/**
 * Spends 30 requests of `call` from `from`, each answered `ok`; the 31st must be GoTrue's 429, and
 * `other` (another address) must still get `ok`. Counts every request on `tally`.
 */
async function expectThirtyThenLimited(
  tally: Tally,
  name: string,
  call: (from: string) => Promise<Answer>,
  from: string,
  other: string,
  ok: number,
): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    tally.tried += 1;
    expect((await call(from)).status, `${name} ${i + 1}`).toBe(ok);
  }
  const limited = await call(from);
  tally.tried += 1;
  expect(isRateLimited(limited), `${name} 31: ${limited.text}`).toBe(true);
  tally.rejected += 1;
  expect((await call(other)).status).toBe(ok);
  tally.tried += 1;
}

describe('per-IP rate limits (Supabase defaults)', () => {
  test('/token: 150 per 5 minutes per address, then 429 in GoTrue shape; other addresses unaffected; refills at 0.5/s', async (context) => {
    // The same app in-process on a clock that moves only when told: the refill is measured on the
    // limiter's clock, so a busy machine's slow requests cannot refill the bucket behind the test.
    let now = Date.now();
    const clock = {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
    const limited = await startTestServer({ clock });
    try {
      await tokenLimit(context, limited.origin, clock);
    } finally {
      closeAgents();
      await limited.stop();
    }
  });

  test('/signup and /verify: 30 per 5 minutes per address, then 429', async (context) => {
    const tally = new Tally();
    const signup = (from: string) =>
      send(origin, {
        method: 'POST',
        path: '/auth/v1/signup',
        headers: jsonHeaders,
        body: JSON.stringify({ email: 'limit@example.com', password: 'short' }),
        from,
      });
    const verify = (from: string) =>
      send(origin, { method: 'GET', path: '/auth/v1/verify?token=nope&type=signup', headers: VERSIONED, from });
    await expectThirtyThenLimited(tally, 'signup', signup, '127.0.0.13', '127.0.0.15', 422);
    await expectThirtyThenLimited(tally, 'verify', verify, '127.0.0.14', '127.0.0.15', 303);
    report(context, tally.row('auth', '/signup and /verify limits: 30 per 5 min per IP'));
  });

  test('/recover, /resend, POST /verify and PUT /user: 30 per 5 minutes per address each, then 429', async (context) => {
    const tally = new Tally();
    const customer = await signUpConfirmed(origin, 'limits.user@example.com', 'limits-password-1', '127.0.0.20');
    const post = (path: string, body: unknown, from: string, headers: Record<string, string> = {}) =>
      send(origin, { method: 'POST', path, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body), from });
    const calls = [
      ['recover', (from: string) => post('/auth/v1/recover', { email: 'nobody.limits@example.com' }, from), 200],
      [
        'resend',
        (from: string) => post('/auth/v1/resend', { type: 'signup', email: 'nobody.limits@example.com' }, from),
        200,
      ],
      ['verify', (from: string) => post('/auth/v1/verify', { type: 'email', token_hash: 'nope' }, from), 403],
      [
        'user',
        (from: string) =>
          send(origin, {
            method: 'PUT',
            path: '/auth/v1/user',
            headers: { ...jsonHeaders, authorization: `Bearer ${customer.accessToken}` },
            body: JSON.stringify({ password: '1' }),
            from,
          }),
        422,
      ],
    ] as const;
    for (const [index, [name, call, ok]] of calls.entries()) {
      await expectThirtyThenLimited(tally, name, call, `127.0.0.${21 + index}`, '127.0.0.29', ok);
    }
    // GoTrue checks who is calling before it counts a user update: no token is a 401, never a 429.
    const anonymous = await send(origin, {
      method: 'PUT',
      path: '/auth/v1/user',
      headers: jsonHeaders,
      body: '{}',
      from: '127.0.0.24',
    });
    expect(anonymous.status).toBe(401);
    report(context, tally.row('auth', '/recover, /resend, POST /verify, PUT /user: 30 per 5 min per IP each'));
  });

  test('one confirmation mail per address per minute: 429 over_email_send_rate_limit, nothing sent', async (context) => {
    const tally = new Tally();
    const from = '127.0.0.16';
    const signup = (email: string) =>
      send(origin, {
        method: 'POST',
        path: '/auth/v1/signup',
        headers: jsonHeaders,
        body: JSON.stringify({ email, password: 'long-enough-password' }),
        from,
      });
    const count = async (email: string) =>
      (
        JSON.parse((await send(origin, { method: 'GET', path: `/_dev/mail.json?to=${email}` })).text) as {
          messages: unknown[];
        }
      ).messages.length;

    expect((await signup('once@example.com')).status).toBe(200);
    tally.tried += 1;
    for (let i = 0; i < 3; i += 1) {
      const again = await signup('once@example.com');
      tally.tried += 1;
      expect(again.status).toBe(429);
      const body = JSON.parse(again.text) as { code: string; message: string };
      expect(body.code).toBe('over_email_send_rate_limit');
      expect(body.message).toMatch(/^For security purposes, you can only request this after (5\d|60) seconds\.$/);
      tally.rejected += 1;
    }
    expect(await count('once@example.com')).toBe(1);
    // Another address is not held back by the first one's minute.
    expect((await signup('twice@example.com')).status).toBe(200);
    tally.tried += 1;
    expect(await count('twice@example.com')).toBe(1);
    report(context, tally.row('auth', 'one mail per address per minute'));
  });
});

describe('sessions and links', () => {
  let harness: TestServer;

  beforeAll(async () => {
    // In-process, on the same app, so the clock can pass the 10 s reuse interval without waiting.
    harness = await startTestServer({ rateLimits: false });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const refresh = (token: string) =>
    fetch(`${harness.origin}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ refresh_token: token }),
    });

  test('a stolen refresh token reused after 10 s revokes the whole family: every token and the session end', async (context) => {
    const tally = new Tally();
    const session = await signUpConfirmed(harness.origin, 'family@example.com', 'family-password-1');
    const rotate = async (token: string) => {
      tally.tried += 1;
      const res = await refresh(token);
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const first = await rotate(session.refreshToken);
    // Within the reuse interval a used token still works (two tabs refreshing at once).
    const concurrent = await rotate(session.refreshToken);
    expect(concurrent.refresh_token).not.toBe(session.refreshToken);
    const latest = await rotate(first.refresh_token);

    harness.clock.advance(11_000);
    const reuse = await refresh(session.refreshToken);
    tally.tried += 1;
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    tally.rejected += 1;
    for (const token of [latest.refresh_token, first.refresh_token, concurrent.refresh_token]) {
      const res = await refresh(token);
      tally.tried += 1;
      expect(res.status).toBe(400);
      tally.rejected += 1;
    }
    const user = await fetch(`${harness.origin}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${latest.access_token}`, ...VERSIONED },
    });
    tally.tried += 1;
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
    tally.rejected += 1;
    report(context, tally.row('auth', 'refresh-token reuse revokes the family'));
  });

  test('redirect_to: a mailed link and resolveRedirect only ever return to the site', async (context) => {
    const tally = new Tally();
    // Generated values: 10,000 in the full run, a sample of the same kinds on CI (support/sample.ts).
    const values = sampled(10_000, 1_000);
    const site = 'https://springfieldhome.example';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom(
            '//evil.example',
            '/\\evil.example',
            `${site}.evil.example/`,
            `${site}@evil.example/`,
            'javascript:alert(1)',
            `${site}:444/`,
            'HTTPS://SPRINGFIELDHOME.EXAMPLE/x',
          ),
          fc.webPath().map((path) => `${site}${path}`),
        ),
        (requested) => {
          tally.tried += 1;
          const target = new URL(resolveRedirect(requested, site));
          expect(target.origin).toBe(site);
          if (target.href === `${site}/` && !requested.startsWith(`${site}/`)) tally.rejected += 1;
        },
      ),
      { numRuns: values },
    );
    const email = 'redirect@example.com';
    // send(), not fetch(): after the long property above, a kept-alive socket may be closed under us.
    const res = await send(harness.origin, {
      method: 'POST',
      path: `/auth/v1/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      headers: jsonHeaders,
      body: JSON.stringify({ email, password: 'redirect-password' }),
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(harness.origin, email);
    const link = new URL(mail?.links.find((l) => l.includes('/auth/v1/verify')) ?? '');
    expect(link.searchParams.get('redirect_to')).toBe(`${harness.origin}/`);
    report(
      context,
      tally.row('auth', `redirect_to stays on the site (${values.toLocaleString('en-US')} values)`, {
        ...sampling('10,000 values'),
      }),
    );
    expect(tally.tried).toBe(values);
  });

  test('no enumeration through a reset request: a known and an unknown address get the same answer', async (context) => {
    const tally = new Tally();
    await signUpConfirmed(harness.origin, 'reset.known@example.com', 'the-right-password');
    const recover = async (email: string) => {
      tally.tried += 1;
      const res = await fetch(`${harness.origin}/auth/v1/recover`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ email }),
      });
      return { status: res.status, body: await res.text() };
    };
    const known = await recover('reset.known@example.com');
    const unknown = await recover('reset.nobody@example.com');
    expect(known).toEqual({ status: 200, body: '{}' });
    expect(unknown).toEqual(known);
    expect(await mailsTo(harness.origin, 'reset.nobody@example.com')).toEqual([]);
    report(context, tally.row('auth', 'no enumeration: reset request, known vs unknown address'));
  });

  test('no enumeration: unknown address and wrong password get the same answer in the same time', async (context) => {
    const tally = new Tally();
    await signUpConfirmed(harness.origin, 'known@example.com', 'the-right-password');
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await fetch(`${harness.origin}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ email, password: 'a-wrong-password' }),
      });
      const ms = performance.now() - started;
      tally.tried += 1;
      return { status: res.status, body: await res.text(), ms };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const a = await attempt('known@example.com');
      const b = await attempt(`nobody.${i}@example.com`);
      expect(a.status).toBe(400);
      expect(b.status).toBe(400);
      expect(a.body).toBe(b.body);
      expect(JSON.parse(a.body)).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      tally.rejected += 2;
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    const ratio = median(known) / median(unknown);
    // Both run one bcrypt comparison; without the dummy hash an unknown address would answer in ~1 ms.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    report(
      context,
      tally.row('auth', 'no enumeration: unknown address vs wrong password', {
        note: `median ${median(known).toFixed(0)} ms vs ${median(unknown).toFixed(0)} ms`,
      }),
    );
  });
});
