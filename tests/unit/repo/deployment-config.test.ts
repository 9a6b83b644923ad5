/**
 * The deployment files say what the code does: netlify.toml sends the Node server's security
 * headers and caching, supabase/config.toml sets the auth rules the local emulator follows, the
 * migrations are named as the Supabase CLI needs, README lists every variable and the deployment
 * guide asks for what the code needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, test } from 'vitest';
import { SCHEDULED_JOBS } from '../../../functions/_lib/jobs.ts';
import { VARIABLES } from '../../../functions/_lib/platform/config-check.ts';
import { supabaseVersion } from '../../../functions/_lib/platform/migrate.ts';
import { HANDLED_EVENTS } from '../../../functions/_lib/payments/events.ts';
import { STRIPE_API_VERSION } from '../../../functions/_lib/platform/stripe.ts';
import { SUPABASE_RATE_RULES } from '../../../server/embedded/auth/rate-limit.ts';
import { AUTH_DEFAULTS } from '../../../server/embedded/auth/rules.ts';
import { CLIENT_LIMITS } from '../../../server/app.ts';
import { cacheControlFor } from '../../../server/static.ts';
import { CONFIRM_PATH, RESET_PATH } from '../../../src/features/auth/link.ts';
import { CODE_LIFETIME, CODE_LIFETIME_SECONDS } from '../../../src/features/auth/messages.ts';
import { HSTS, STATIC_SECURITY_HEADERS } from '../../../src/lib/security-headers.ts';
import { PAGE_REWRITES } from '../../../server/static.ts';
import { DESK_WORKER_URL } from '../../../src/features/owner/offline/register-worker.ts';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A Netlify path pattern (`/_astro/*`) as a regular expression. */
const pattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

interface NetlifyToml {
  build: { command: string; publish: string; environment: Record<string, string> };
  functions: { directory: string; node_bundler: string } & Record<string, unknown>;
  headers: { for: string; values: Record<string, string> }[];
  redirects?: { from: string; to: string; status: number }[];
}

describe('netlify.toml', () => {
  const netlify = parse(read('netlify.toml')) as unknown as NetlifyToml;

  test('builds with npm run build on Node 24, publishes dist, deploys functions/', () => {
    expect(netlify.build.command).toBe('npm run build');
    expect(netlify.build.publish).toBe('dist');
    expect(netlify.build.environment).toEqual({ NODE_VERSION: '24' });
    expect(netlify.functions.directory).toBe('functions');
  });

  test('every file gets the same security headers as from the Node server in production, plus HSTS', () => {
    const all = netlify.headers.filter((h) => h.for === '/*');
    expect(all).toHaveLength(1);
    expect(all[0]?.values).toEqual({ ...STATIC_SECURITY_HEADERS, 'Strict-Transport-Security': HSTS });
  });

  test('hashed assets are cached as the Node server caches them, and no rule sets a header twice', () => {
    const assets = netlify.headers.find((h) => h.for === '/_astro/*');
    expect(assets?.values).toEqual({ 'Cache-Control': cacheControlFor('/_astro/app.js') });
    // Netlify joins the values of every rule matching a path: a header may come from one rule only
    // of those that match a path, so two rules naming one header must match no path in common.
    const overlap = (a: string, b: string) =>
      pattern(a).test(b.replace(/\*/g, 'x')) || pattern(b).test(a.replace(/\*/g, 'x'));
    const rules = netlify.headers.map((h) => ({
      for: h.for,
      names: Object.keys(h.values).map((n) => n.toLowerCase()),
    }));
    for (const [i, a] of rules.entries()) {
      expect(new Set(a.names).size, a.for).toBe(a.names.length);
      for (const b of rules.slice(i + 1)) {
        if (overlap(a.for, b.for))
          expect(
            a.names.filter((n) => b.names.includes(n)),
            `${a.for} ${b.for}`,
          ).toEqual([]);
      }
    }
  });

  test("the desk's service worker is revalidated on every check, as the Node server sends it", () => {
    // docs/product/desk.md#owners-desk, "Offline shell": a worker cached for a year would keep an old build's files.
    expect(cacheControlFor(DESK_WORKER_URL)).toBe('no-cache');
    const worker = netlify.headers.find((h) => h.for === DESK_WORKER_URL);
    expect(worker?.values).toEqual({ 'Cache-Control': cacheControlFor(DESK_WORKER_URL) });
    // The same path on both hosts: nothing in the Netlify rules rewrites or redirects it.
    expect((netlify.redirects ?? []).some((r) => pattern(r.from).test(DESK_WORKER_URL))).toBe(false);
  });

  test('runs each scheduled function on the schedule the list of jobs gives it, and each runs its jobs', () => {
    const scheduled = Object.fromEntries(
      Object.entries(netlify.functions)
        .filter(([, value]) => typeof value === 'object' && value !== null && 'schedule' in value)
        .map(([name, value]) => [name, (value as { schedule: string }).schedule]),
    );
    const listed = Object.fromEntries(SCHEDULED_JOBS.map((job) => [job.netlify.function, job.netlify.schedule]));
    expect(scheduled).toEqual(listed);
    // Jobs sharing a function share its schedule.
    for (const job of SCHEDULED_JOBS) expect(listed[job.netlify.function]).toBe(job.netlify.schedule);
    for (const name of Object.keys(listed)) {
      expect(read(`functions/${name}.ts`)).toContain(`export default scheduledFunction('${name}');`);
    }
    // No function keeps a schedule of its own in its source, where this list would not see it.
    for (const file of readdirSync(join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'))) {
      expect(read(`functions/${file}`), file).not.toMatch(/schedule:\s*['"]/);
    }
  });

  test('rewrites the paths the Node server opens as another page, and nothing else', () => {
    expect(netlify.redirects ?? []).toEqual(
      PAGE_REWRITES.map(({ netlify: from, page: to }) => ({ from, to, status: 200 })),
    );
  });

  test('holds no variable value: they are set in the Netlify UI', () => {
    const text = read('netlify.toml');
    for (const { name } of VARIABLES) expect(text).not.toMatch(new RegExp(`^\\s*${name}\\s*=`, 'm'));
  });
});

describe('supabase/', () => {
  const config = parse(read('supabase/config.toml')) as {
    auth: Record<string, unknown> & { email: Record<string, unknown>; rate_limit: Record<string, unknown> };
    db: { seed: { enabled: boolean } };
  };

  test('auth returns to the site (SITE_URL) and its two landing pages, with e-mail confirmation on', () => {
    expect(config.auth['site_url']).toBe('env(SITE_URL)');
    expect(config.auth['additional_redirect_urls']).toEqual(['env(AUTH_CONFIRM_URL)', 'env(AUTH_RESET_URL)']);
    expect(config.auth.email['enable_confirmations']).toBe(true);
    expect(config.auth['enable_signup']).toBe(true);
  });

  test('the hosted project follows the rules the local emulator applies', () => {
    expect(config.auth['jwt_expiry']).toBe(AUTH_DEFAULTS.accessTokenSeconds);
    expect(config.auth['refresh_token_reuse_interval']).toBe(AUTH_DEFAULTS.refreshReuseSeconds);
    expect(config.auth['minimum_password_length']).toBe(AUTH_DEFAULTS.minPasswordLength);
    expect(config.auth.email['otp_expiry']).toBe(AUTH_DEFAULTS.emailLinkSeconds);
    // The code step says how long a code works, and tells an expired code from a wrong one by it.
    expect(CODE_LIFETIME_SECONDS).toBe(config.auth.email['otp_expiry']);
    expect(CODE_LIFETIME).toBe(`${CODE_LIFETIME_SECONDS / 60} minutes`);
    expect(config.auth.email['max_frequency']).toBe(`${AUTH_DEFAULTS.emailFrequencySeconds / 60}m0s`);
    expect(config.auth.rate_limit['token_refresh']).toBe(SUPABASE_RATE_RULES.token.limit);
    expect(config.auth.rate_limit['sign_in_sign_ups']).toBe(SUPABASE_RATE_RULES.signup.limit);
    expect(config.auth.rate_limit['token_verifications']).toBe(SUPABASE_RATE_RULES.verify.limit);
    // Reset requests, confirmation resends and user updates count against the same per-IP limit.
    for (const rule of [SUPABASE_RATE_RULES.recover, SUPABASE_RATE_RULES.resend, SUPABASE_RATE_RULES.user]) {
      expect(config.auth.rate_limit['sign_in_sign_ups']).toBe(rule.limit);
    }
    expect(config.auth.email['otp_length']).toBe(AUTH_DEFAULTS.otpLength);
    expect(config.auth.email['secure_password_change']).toBe(AUTH_DEFAULTS.securePasswordChange);
    expect(config.auth.email['double_confirm_changes']).toBe(true);
  });

  test('every migration is named as `supabase db push` expects, with distinct versions', () => {
    const files = readdirSync(join(ROOT, 'supabase/migrations')).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    const versions = files.map((f) => supabaseVersion(f).version);
    expect(new Set(versions).size).toBe(versions.length);
  });
});

describe('README', () => {
  const readme = read('README.md');
  const rows = new Map(
    [...readme.matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)? +\| ([a-z ()]+?) +\|/gm)].flatMap((m) =>
      [m[1], m[2]].filter(Boolean).map((name) => [name, m[3] ?? ''] as const),
    ),
  );

  test('lists every variable the code reads, as public, secret or server setting', () => {
    for (const { name, visibility } of VARIABLES) {
      expect(rows.get(name), name).toBeDefined();
      expect(rows.get(name), name).toContain(visibility);
    }
  });

  test('lists nothing the code does not read', () => {
    const known = new Set(VARIABLES.map((v) => v.name));
    for (const name of rows.keys()) expect(known, name).toContain(name);
  });
});

describe('docs/deploy.md', () => {
  const guide = read('docs/deploy.md');

  test('names every variable production needs', () => {
    for (const { name, production } of VARIABLES) {
      if (production === 'required') expect(guide, name).toContain(`\`${name}\``);
    }
  });

  test('asks for the webhook events the site handles, on the API version it reads', () => {
    const listed = [...guide.matchAll(/^\s+- `([a-z_.]+)`$/gm)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(HANDLED_EVENTS);
    expect(guide).toContain(`API version: **${STRIPE_API_VERSION}**`);
  });

  test('allows the return addresses of the mailed links, set from SITE_URL and the landing paths', () => {
    expect(guide).toContain(`export AUTH_CONFIRM_URL=$SITE_URL${CONFIRM_PATH} AUTH_RESET_URL=$SITE_URL${RESET_PATH}\n`);
    expect(guide).toContain(`\`https://www.example.com${CONFIRM_PATH}\` and \`https://www.example.com${RESET_PATH}\``);
  });

  test('applies the auth settings and the tables with the Supabase CLI', () => {
    expect(guide).toContain('npx supabase@3 config push');
    expect(guide).toContain('npx supabase@3 db push --remote');
    expect(guide).toContain('/api/stripe-webhook');
  });

  test('every Supabase CLI command is one CLI 3 has, aimed at the hosted project', () => {
    const commands = [...guide.matchAll(/(?:^|`)npx supabase@([^\s`]+) ([^`#\n]+?)\s*(?:#|`|$)/gm)].map((m) => ({
      version: m[1],
      args: (m[2] ?? '').trim(),
    }));
    expect(commands.length).toBeGreaterThanOrEqual(7);
    for (const { version, args } of commands) {
      // Pinned to the major the guide was checked against: a new major changes flags and targets.
      expect(version, args).toBe('3');
      expect(args, args).toMatch(
        /^(login|link --project-ref [a-z]{20}|config (diff|push)|db push --remote( --dry-run)?)$/,
      );
    }
  });

  test("the reverse proxy's snippets limit each client's connections as the server does", () => {
    // Behind the proxy every connection is the proxy's, so the server's own limit counts nobody.
    const limit = CLIENT_LIMITS.connectionsPerClient;
    expect(guide).toContain(`allows ${limit} per client`);
    expect(guide).toContain('limit_conn_zone $binary_remote_addr zone=perclient:10m;');
    expect(guide).toContain(`limit_conn perclient ${limit};`);
    expect([...guide.matchAll(/ct count over (\d+)/g)].map((m) => Number(m[1]))).toEqual([limit, limit]);
    // Caddy serves HTTP/3 over UDP unless told not to, and the firewall rule counts TCP.
    expect(guide).toMatch(/servers \{\s+#[^\n]*\n\s+protocols h1 h2\n/);
  });
});
