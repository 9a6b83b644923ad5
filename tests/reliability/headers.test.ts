/**
 * Security headers on every kind of answer of the real server (pages, assets, redirects, the
 * not-found page, functions, emulators, dev routes, preflights, errors and unparseable requests):
 * X-Content-Type-Options, Referrer-Policy, Permissions-Policy, frame-ancestors in the CSP header,
 * X-Frame-Options; every page's own CSP allows scripts by hash only (HSTS, production only, is
 * checked in tests/integration/production-server.test.ts); and no cookie without Secure, HttpOnly and SameSite (today: no cookie at all).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { headerProblem } from './support/checks.ts';
import { report, Tally } from './support/figures.ts';
import { closeAgents, send, sendRaw, type Probe } from './support/http.ts';
import { ROOT, startFreshServer, type ServerProcess } from '../support/server.ts';

let server: ServerProcess;

beforeAll(async () => {
  server = await startFreshServer({ prefix: 'shm-rel-headers-' });
});

afterAll(async () => {
  closeAgents();
  await server?.stop('SIGTERM');
});

test('every kind of answer carries the security headers and sets no weak cookie', async (context) => {
  const asset = (await readdir(join(ROOT, 'dist/_astro'))).find((name) => name.endsWith('.js'));
  const probes: Probe[] = [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/', headers: { 'accept-encoding': 'br' } },
    { method: 'HEAD', path: '/blog/air-filter-replacement-guide' },
    { method: 'GET', path: `/_astro/${asset ?? ''}`, headers: { 'accept-encoding': 'gzip' } },
    { method: 'GET', path: '/favicon.svg' },
    { method: 'GET', path: '/sitemap-index.xml' },
    { method: 'GET', path: '/services/' },
    { method: 'GET', path: '/no-such-page' },
    { method: 'GET', path: '/', headers: { range: 'bytes=5-1' } },
    { method: 'POST', path: '/api/check-subscription' },
    { method: 'GET', path: '/api/contact' },
    { method: 'POST', path: '/api/contact', headers: { 'content-type': 'application/json' }, body: '{' },
    { method: 'GET', path: '/auth/v1/settings' },
    { method: 'GET', path: '/auth/v1/settings', headers: { apikey: 'x' } },
    { method: 'OPTIONS', path: '/auth/v1/token' },
    { method: 'GET', path: '/auth/v1/.well-known/jwks.json' },
    { method: 'GET', path: '/auth/v1/verify?token=x&type=signup' },
    { method: 'GET', path: '/v1/customers' },
    { method: 'GET', path: '/_stripe/checkout/cs_test_nope' },
    { method: 'GET', path: '/_stripe/billing/bps_nope' },
    { method: 'GET', path: '/_dev/mail' },
    { method: 'GET', path: '/_dev/leads.json' },
  ];
  const tally = new Tally();
  const statuses = new Set<number>();
  for (const probe of probes) {
    const answer = await send(server.origin, probe);
    tally.tried += 1;
    statuses.add(answer.status);
    expect(headerProblem(answer), `${probe.method} ${probe.path}`).toBeNull();
    expect(answer.headers['x-frame-options'], `${probe.method} ${probe.path}`).toBe('DENY');
    expect(answer.headers['set-cookie'], `${probe.method} ${probe.path}`).toBeUndefined();
    if (answer.status >= 400) tally.rejected += 1;
    if (answer.status >= 500) tally.serverErrors += 1;
  }
  // Pages, redirects, refusals of every kind: all were looked at.
  expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 204, 301, 303, 400, 401, 404, 405]));

  // Bytes Node cannot parse get its 400, with the same headers.
  const raw = await sendRaw(server.origin, Buffer.from('GET / HTTP/1.1\r\nX-Bad\u0001: 1\r\n\r\n', 'latin1'));
  tally.tried += 1;
  expect(raw.status).toBe(400);
  expect(raw.text).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  expect(raw.text).toMatch(/\r\nContent-Security-Policy: [^\r]*frame-ancestors 'none'/i);
  tally.rejected += 1;

  // Each page's own policy (a <meta> with its script hashes) allows no inline script but its own.
  for (const path of ['/', '/auth', '/account', '/blog/air-filter-replacement-guide', '/autopilot-full']) {
    const page = await send(server.origin, { method: 'GET', path });
    tally.tried += 1;
    const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(page.text)?.[1] ?? '';
    expect(policy, path).toMatch(/(?:^|;)\s*default-src 'self'/);
    expect(policy, path).toMatch(/(?:^|;)\s*script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+\s*(?:;|$)/);
    expect(policy, path).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  }
  report(context, tally.row('headers', 'security headers on every kind of answer; page CSP by hash; no cookies'));
});
