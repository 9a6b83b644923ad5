/**
 * The Node server in production: a partial configuration stops it before anything starts, with
 * exit code 1 and one line per missing or malformed variable (`npm start` refuses before
 * building); dashboard prices that differ from the site's stop it the same way, one line per
 * difference; a complete one serves the site and the functions with HSTS and mounts none of the
 * embedded default's emulators, mailbox or lead list.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { now as siteNow } from '../../functions/_lib/platform/clock.ts';
import { setDb } from '../../functions/_lib/platform/db.ts';
import { HSTS, STATIC_SECURITY_HEADERS } from '../../src/lib/security-headers.ts';
import { startSite, type Site } from '../../server/site.ts';
import { ROOT, runUntilExit } from '../support/server.ts';
import { removeTempDirs, SECRET_KEY, startStack, tempDir } from './support/stripe-stack.ts';
import { openTestDb } from './support/test-db.ts';

const ANON_KEY = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"anon"}').toString('base64url')}.c2ln`;
const PRODUCTION = {
  SITE_URL: 'https://springfield-home.example',
  DATABASE_URL: 'postgres://site:secret@127.0.0.1:9/site',
  PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: ANON_KEY,
  STRIPE_SECRET_KEY: 'sk_test_productionServerTest',
  STRIPE_WEBHOOK_SECRET: 'whsec_productionServerTest',
  // Nothing listens there: the outbox's attempts fail and wait, and no lead leaves this machine.
  CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/contact',
  LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/lead',
  ORDER_WEBHOOK_URL: 'http://127.0.0.1:9/order',
  // Nothing listens there either: e-mails wait in the mail outbox.
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: '"Springfield Home Maintenance" <help@springfieldhome.example>',
  VISIT_LINK_SECRET: 'c0ffee'.repeat(8),
};

/**
 * Runs a script of the repository on a fresh data dir, with none of the shell's configuration
 * variables but `env`; resolves with its exit code and everything it printed.
 */
async function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { code, stdout, stderr } = await runUntilExit({ script, env });
  return { code, output: `${stdout}${stderr}` };
}

describe('a partial production configuration', { timeout: 60_000 }, () => {
  test('stops `npm run serve` with exit code 1 and one line per missing or malformed variable', async () => {
    const { code, output } = await run('server/index.ts', {
      STRIPE_SECRET_KEY: 'sk_live_realKeyThatMustNotBePrinted',
      PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
      PUBLIC_SUPABASE_ANON_KEY: `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"service_role"}').toString('base64url')}.c2ln`,
    });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      'Production configuration is incomplete. PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, STRIPE_SECRET_KEY are set, so every production variable is required:',
      '  - SITE_URL is missing: the public address of the site, e.g. https://www.example.com',
      '  - DATABASE_URL is missing: the Postgres connection string (Supabase: Project Settings > Database > Connection string)',
      '  - PUBLIC_SUPABASE_ANON_KEY is the service_role key: use the anon key, because this value is built into every page',
      "  - STRIPE_WEBHOOK_SECRET is missing: the signing secret of the site's webhook endpoint in the Stripe dashboard, whsec_...",
      "  - CONTACT_WEBHOOK_URL is missing: the automation tool's webhook for contact-form leads (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
      "  - LEAD_WEBHOOK_URL is missing: the automation tool's webhook for guide-download and plan-request leads (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
      "  - ORDER_WEBHOOK_URL is missing: the automation tool's webhook for paid bookings, plan changes and refunds (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
      "  - SMTP_URL is missing: the mail provider's SMTP address with its credentials, e.g. smtps://user:password@smtp.example.com:465",
      '  - MAIL_FROM is missing: the sender of customer e-mails, e.g. "Springfield Home Maintenance" <help@example.com>',
      '  - VISIT_LINK_SECRET is missing: a random secret of at least 32 characters that signs the visit links in e-mails, e.g. the output of `openssl rand -hex 32`',
      'See "Environment variables" in README.md and docs/deploy.md.',
    ]);
    expect(output).not.toContain('sk_live_realKeyThatMustNotBePrinted');
  });

  test('with OWNER_EMAIL and no webhook address the check passes and says which feed is on', async () => {
    const { CONTACT_WEBHOOK_URL: _c, LEAD_WEBHOOK_URL: _l, ORDER_WEBHOOK_URL: _o, ...withoutWebhooks } = PRODUCTION;
    const { output } = await run('server/index.ts', {
      ...withoutWebhooks,
      OWNER_EMAIL: 'owner@springfieldhome.example',
    });
    expect(output).not.toContain('WEBHOOK_URL is missing');
    expect(output.split('\n')[0]).toBe(
      'Owner alerts: e-mail to owner@springfieldhome.example (OWNER_EMAIL); webhooks off (CONTACT_WEBHOOK_URL, LEAD_WEBHOOK_URL, ORDER_WEBHOOK_URL unset).',
    );
  });

  test('stops `npm start` the same way, before it spends time on a build', async () => {
    const { code, output } = await run('scripts/start.ts', {
      DATABASE_URL: 'postgres://site:secret@db.example.com/site',
    });
    expect(code).toBe(1);
    expect(output).toContain('Production configuration is incomplete. DATABASE_URL is set');
    expect(output).toContain('  - STRIPE_SECRET_KEY is missing');
    expect(output).not.toMatch(/build/i);
    expect(output).not.toMatch(/\n\s+at /);
  });

  test('stops a pasted secret with a trailing space, naming the variable and never its value', async () => {
    const { code, output } = await run('server/index.ts', {
      ...PRODUCTION,
      STRIPE_WEBHOOK_SECRET: 'whsec_pastedWithATrailingSpace ',
    });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines[0]).toMatch(/^Production configuration is incomplete\b/);
    expect(lines.slice(1)).toEqual([
      '  - STRIPE_WEBHOOK_SECRET has a space or tab at its start or end: remove it',
      'See "Environment variables" in README.md and docs/deploy.md.',
    ]);
    expect(output).not.toContain('whsec_pastedWithATrailingSpace');
  });

  test('stops a malformed local setting in the embedded default too', async () => {
    const { code, output } = await run('server/index.ts', { PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      'The configuration has errors:',
      '  - PORT must be a whole number from 1 to 65535',
      'See "Environment variables" in README.md and docs/deploy.md.',
    ]);
  });
});

describe('dashboard prices (docs/product/plans.md#billing-periods)', { timeout: 120_000 }, () => {
  test('a price whose amount, interval or existence differs from the site stops the start: exit 1, one line each', async () => {
    const stack = await startStack({ dataDir: await tempDir('shm-prices-') });
    try {
      const price = (unitAmount: number, interval: 'month' | 'year', count = 1) =>
        stack.stripe.prices.create({
          currency: 'usd',
          unit_amount: unitAmount,
          recurring: { interval, interval_count: count },
          product_data: { name: 'Autopilot' },
        });
      const cheaper = await price(3500, 'month');
      const monthly = await price(17700, 'month');
      const right = await price(63000, 'year');
      const { code, output } = await run('server/index.ts', {
        ...PRODUCTION,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_API_URL: stack.origin,
        STRIPE_PRICE_LITE_MONTHLY: cheaper.id,
        STRIPE_PRICE_FULL_QUARTERLY: monthly.id,
        STRIPE_PRICE_FULL_ANNUAL: right.id,
        STRIPE_PRICE_LITE_ANNUAL: 'price_missingFromTheDashboard',
      });
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toEqual([
        'Owner alerts: no e-mail (OWNER_EMAIL unset); webhooks on (CONTACT_WEBHOOK_URL, LEAD_WEBHOOK_URL, ORDER_WEBHOOK_URL).',
        'Texts are off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) are not set.',
        "The card provider's dashboard prices do not match the prices the site shows:",
        `  - STRIPE_PRICE_LITE_MONTHLY (${cheaper.id}): the amount is $35.00, but the site sells Autopilot Lite (monthly) at $39.00`,
        "  - STRIPE_PRICE_LITE_ANNUAL (price_missingFromTheDashboard): No such price: 'price_missingFromTheDashboard'",
        `  - STRIPE_PRICE_FULL_QUARTERLY (${monthly.id}): the interval_count is 1, but the site bills Autopilot Full (every 3 months) every 3 months`,
        'Fix the price in the Stripe dashboard or the variable (docs/deploy.md, step 3), then start again.',
      ]);
    } finally {
      await stack.close();
    }
  });
});

describe('a complete production configuration', { timeout: 120_000 }, () => {
  let site: Site;
  let origin = '';
  const saved = { ...process.env };

  beforeAll(async () => {
    const dataDir = await tempDir('shm-production-');
    const distDir = join(dataDir, 'dist');
    await mkdir(distDir);
    await writeFile(join(distDir, 'index.html'), '<!doctype html><title>Home</title>');
    // The production database: this suite's Postgres, or PGlite standing in for it.
    setDb(await openTestDb(dataDir));
    for (const name of ['SUPABASE_URL', 'STRIPE_API_URL']) delete process.env[name];
    Object.assign(process.env, PRODUCTION);
    site = await startSite({ mode: 'production', root: ROOT, port: 0, host: '127.0.0.1', distDir });
    origin = `http://127.0.0.1:${site.port}`;
  }, 180_000);

  afterAll(async () => {
    site?.server.closeAllConnections();
    await new Promise((resolve) => site?.server.close(resolve));
    await site?.stopWork();
    process.env = saved;
    await removeTempDirs();
  });

  test('pages carry the security headers and HSTS', async () => {
    const res = await fetch(`${origin}/`);
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
      expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('the emulators, the mailbox, the lead list and the clock are not there', async () => {
    for (const path of [
      '/_dev/mail',
      '/_dev/mail.json',
      '/_dev/leads',
      '/_dev/leads.json',
      '/_dev/sms',
      '/_dev/sms.json',
      '/_dev/clock',
      '/auth/v1/settings',
      '/v1/customers',
      '/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json',
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
    }
    // Nor is the clock tests move: time cannot be advanced, and the site goes by real time.
    const advance = await fetch(`${origin}/_dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: 86_400 }),
    });
    expect(advance.status).toBe(404);
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000);
    // The functions verify tokens against the hosted project, not against this server.
    expect(process.env['SUPABASE_URL']).toBeUndefined();
    expect(process.env['STRIPE_API_URL']).toBeUndefined();
  });

  test('the functions answer, with HSTS and their own policy', async () => {
    const res = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Pat Doe', email: 'pat@example.com', phone: '417-555-0100' }),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
