/**
 * Every function as Netlify runs it (support/netlify-runner.ts): a process of its own with the
 * `Netlify` global, where anything resolving into server/ fails, each module's default export
 * called with a Request and a context. Around it, on 127.0.0.1: the Stripe emulator, a key set
 * for access tokens, and the automation tool's webhooks. With a full production configuration
 * every function gives its real answer; with a partial one every function answers 503 and the
 * log names what is missing. On Postgres the same run goes through the functions as Netlify's
 * esbuild bundler packs them (netlify.toml: node_bundler = "esbuild").
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { FUNCTION_CSP } from '../../src/lib/security-headers.ts';
import type { RunnerCall, RunnerResult } from './support/netlify-runner.ts';
import {
  createTokenIssuer,
  removeTempDirs,
  SECRET_KEY,
  startStack,
  tempDir,
  WEBHOOK_SECRET,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';
import { TEST_ENGINE, testDbUrl } from './support/test-db.ts';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink.ts';
import { bookingVisit } from '../support/visit.ts';

const ROOT = join(import.meta.dirname, '../..');
const FUNCTION_FILES = [
  'account.ts',
  'auth-form.ts',
  'availability.ts',
  'book-again.ts',
  'calendar.ts',
  'check-subscription.ts',
  'contact.ts',
  'create-payment-checkout.ts',
  'create-subscription-checkout.ts',
  'customer-portal.ts',
  'lead.ts',
  'leads-outbox.ts',
  'morning-list.ts',
  'order.ts',
  'owner-calendar-url.ts',
  'owner-closed-days.ts',
  'owner-customers.ts',
  'owner-due.ts',
  'owner-export.ts',
  'owner-extras.ts',
  'owner-leads.ts',
  'owner-settings.ts',
  'owner-visits.ts',
  'pay.ts',
  'plan-details.ts',
  'plan-request.ts',
  'proposal-reminders.ts',
  'sms-inbound.ts',
  'stripe-webhook.ts',
  'unsubscribe.ts',
  'visit-change.ts',
  'visit-reminders.ts',
  'visit-schedule.ts',
];
/** An anon key as Supabase issues it (the signature is never checked by this site). */
const ANON_KEY = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"role":"anon","iss":"supabase"}').toString('base64url')}.c2ln`;

let stack: Stack;
let issuer: TokenIssuer;
let contactSink: WebhookSink;
let leadSink: WebhookSink;
let dataDir = '';

beforeAll(async () => {
  issuer = await createTokenIssuer();
  // The emulator's own webhooks go nowhere here: these tests post signed events themselves.
  stack = await startStack({ dataDir: await tempDir('shm-netlify-stack-'), jwk: issuer.jwk, webhookPath: '/nowhere' });
  contactSink = await startWebhookSink();
  leadSink = await startWebhookSink();
  dataDir = await tempDir('shm-netlify-');
}, 180_000);

afterAll(async () => {
  await contactSink?.down();
  await leadSink?.down();
  await stack?.close();
  await removeTempDirs();
});

/** The environment a complete Netlify deployment has, pointed at the stand-ins on 127.0.0.1. */
async function productionEnv(dir = dataDir): Promise<NodeJS.ProcessEnv> {
  const databaseUrl = await testDbUrl(dir);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    SITE_URL: 'https://springfield-home.example',
    PUBLIC_SUPABASE_URL: stack.origin,
    PUBLIC_SUPABASE_ANON_KEY: ANON_KEY,
    // On PGlite the runner opens its own embedded database; the URL only completes the configuration.
    DATABASE_URL: databaseUrl ?? 'postgres://netlify:unused@127.0.0.1:9/unused',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stack.origin,
    CONTACT_WEBHOOK_URL: `${contactSink.origin}/contact`,
    LEAD_WEBHOOK_URL: `${leadSink.origin}/lead`,
    ORDER_WEBHOOK_URL: `${leadSink.origin}/order`,
    // Nothing listens there: e-mails wait in the mail outbox.
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: '"Springfield Home Maintenance" <help@springfieldhome.example>',
    VISIT_LINK_SECRET: 'c0ffee'.repeat(8),
  };
  if (!databaseUrl) env['NETLIFY_RUNNER_PGLITE'] = dir;
  return env;
}

/** Runs `calls` in a fresh Netlify-like process. */
async function runOnNetlify(
  env: NodeJS.ProcessEnv,
  calls: RunnerCall[],
): Promise<{ guard: string; results: RunnerResult[]; log: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'tests/integration/support/netlify-runner.ts')], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stdin.end(JSON.stringify(calls));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the Netlify runner exited with ${code}:\n${log}`);
  return { ...(JSON.parse(out) as { guard: string; results: RunnerResult[] }), log };
}

const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (token: string, body: unknown = {}) => ({
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});

/**
 * Calls every function with a full production configuration, as a customer's visit would: bad
 * input, leads, sign-in checks, both checkouts, the billing portal, a signed webhook and its
 * effect, the account, and the scheduled outbox relaying the leads.
 */
/** A webhook request carrying a provider event of `type` about `object`, signed with the endpoint's secret. */
async function signedEvent(type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `evt_netlify${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret: WEBHOOK_SECRET });
  return { headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body };
}

async function exerciseEverything(env: NodeJS.ProcessEnv): Promise<void> {
  contactSink.requests.length = 0;
  leadSink.requests.length = 0;
  const user = { id: randomUUID(), email: 'netlify.customer@example.com' };
  const token = await issuer.sign(stack.origin, user);
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const subscriptionCreated = await signedEvent('customer.subscription.created', {
    id: 'sub_netlify0001',
    object: 'subscription',
    customer: 'cus_netlify0001',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { user_id: user.id, plan: 'full' },
    items: {
      object: 'list',
      data: [{ id: 'si_1', current_period_end: periodEnd, price: { id: 'price_x', unit_amount: 5900 } }],
    },
  });
  // The checkout that bought it, after the subscription (as the provider sends them): its order
  // completes the plan's start, so the owner's plan.started carries the order number.
  const checkoutCompleted = await signedEvent('checkout.session.completed', {
    id: 'cs_test_netlify0001',
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: user.id,
    customer: 'cus_netlify0001',
    customer_details: { email: user.email },
    subscription: 'sub_netlify0001',
    amount_total: 5900,
    currency: 'usd',
    metadata: { user_id: user.id, plan: 'full', billing_period: 'monthly' },
  });
  const contact = { name: 'Pat Doe', email: 'pat@example.com', phone: '417-555-0100', service: 'other' };

  const { guard, results, log } = await runOnNetlify(env, [
    { file: 'contact.ts', method: 'POST', path: '/api/contact', ...json({}) },
    { file: 'contact.ts', method: 'POST', path: '/api/contact', ...json(contact) },
    { file: 'contact.ts', method: 'GET', path: '/api/contact' },
    {
      file: 'lead.ts',
      method: 'POST',
      path: '/api/lead',
      ...json({
        firstName: 'Pat',
        email: 'pat@example.com',
        downloadType: 'Air Filter Replacement Checklist',
        source: 'https://springfield-home.example/blog/how-to-change-air-filter',
      }),
    },
    { file: 'plan-request.ts', method: 'POST', path: '/api/plan-request', ...json({ planType: 'full' }) },
    { file: 'check-subscription.ts', method: 'POST', path: '/api/check-subscription', ...json({}) },
    { file: 'check-subscription.ts', method: 'POST', path: '/api/check-subscription', ...bearer(token) },
    {
      file: 'create-payment-checkout.ts',
      method: 'POST',
      path: '/api/create-payment-checkout',
      ...bearer(token, { serviceType: 'dryer-vent-cleaning', visit: bookingVisit() }),
    },
    {
      file: 'create-subscription-checkout.ts',
      method: 'POST',
      path: '/api/create-subscription-checkout',
      ...bearer(token, { planType: 'lite' }),
    },
    { file: 'customer-portal.ts', method: 'POST', path: '/api/customer-portal', ...bearer(token) },
    { file: 'stripe-webhook.ts', method: 'POST', path: '/api/stripe-webhook', ...json({ type: 'forged' }) },
    {
      file: 'stripe-webhook.ts',
      method: 'POST',
      path: '/api/stripe-webhook',
      ...subscriptionCreated,
    },
    {
      file: 'stripe-webhook.ts',
      method: 'POST',
      path: '/api/stripe-webhook',
      ...checkoutCompleted,
    },
    { file: 'check-subscription.ts', method: 'POST', path: '/api/check-subscription', ...bearer(token) },
    { file: 'account.ts', method: 'GET', path: '/api/account', headers: { Authorization: `Bearer ${token}` } },
    {
      file: 'auth-form.ts',
      method: 'POST',
      path: '/api/auth-form',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=pat%40example.com&password=never-kept-1',
    },
    { file: 'leads-outbox.ts', method: 'POST', path: '/.netlify/functions/leads-outbox', ...json({ next_run: '' }) },
    { file: 'availability.ts', method: 'GET', path: '/api/availability' },
    { file: 'morning-list.ts', method: 'POST', path: '/.netlify/functions/morning-list', ...json({ next_run: '' }) },
    {
      file: 'visit-schedule.ts',
      method: 'POST',
      path: '/.netlify/functions/visit-schedule',
      ...json({ next_run: '' }),
    },
    // A token that is none of ours, well formed: looked up and refused in words.
    { file: 'unsubscribe.ts', method: 'POST', path: `/api/unsubscribe?t=${'a'.repeat(43)}` },
    {
      file: 'proposal-reminders.ts',
      method: 'POST',
      path: '/.netlify/functions/proposal-reminders',
      ...json({ next_run: '' }),
    },
    // The text provider's webhook, unsigned: refused before anything is read or kept.
    {
      file: 'sms-inbound.ts',
      method: 'POST',
      path: '/api/sms-inbound',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'forged=' },
      body: 'MessageSid=SM00000000000000000000000000000000&From=%2B14175550142&Body=STOP',
    },
    // A pay link that is none of ours: refused in words; the owner's catalogue without a session.
    { file: 'pay.ts', method: 'GET', path: '/api/pay?t=forged.link' },
    { file: 'owner-extras.ts', method: 'GET', path: '/api/owner/extras' },
    // A Book again link that is none of ours: refused in words; the owner's Due list without a session.
    { file: 'book-again.ts', method: 'GET', path: '/api/book-again?t=forged.link' },
    { file: 'owner-due.ts', method: 'GET', path: '/api/owner/due' },
    // A calendar link that is none of ours: refused in words; the owner's calendar link without a session.
    { file: 'calendar.ts', method: 'GET', path: `/api/calendar?t=${'a'.repeat(43)}` },
    { file: 'owner-calendar-url.ts', method: 'GET', path: '/api/owner/calendar-url' },
  ]);

  expect(guard).toBe('active');
  const answers = results.map((r) => [r.file, r.status]);
  expect(answers).toEqual([
    ['contact.ts', 400],
    ['contact.ts', 202],
    ['contact.ts', 405],
    ['lead.ts', 202],
    ['plan-request.ts', 400],
    ['check-subscription.ts', 401],
    ['check-subscription.ts', 200],
    ['create-payment-checkout.ts', 200],
    ['create-subscription-checkout.ts', 200],
    ['customer-portal.ts', 200],
    ['stripe-webhook.ts', 400],
    ['stripe-webhook.ts', 200],
    ['stripe-webhook.ts', 200],
    ['check-subscription.ts', 200],
    ['account.ts', 200],
    ['auth-form.ts', 303],
    ['leads-outbox.ts', 204],
    ['availability.ts', 200],
    ['morning-list.ts', 204],
    ['visit-schedule.ts', 204],
    ['unsubscribe.ts', 404],
    ['proposal-reminders.ts', 204],
    ['sms-inbound.ts', 403],
    ['pay.ts', 400],
    ['owner-extras.ts', 401],
    ['book-again.ts', 400],
    ['owner-due.ts', 401],
    ['calendar.ts', 404],
    ['owner-calendar-url.ts', 401],
  ]);
  expect(JSON.parse(results[20]?.body ?? '{}')).toEqual({ error: expect.stringContaining('not valid') as unknown });
  // A script-less sign-in post is sent back to /auth, its password neither answered nor logged.
  expect(results[15]?.headers['location']).toBe('/auth#needs-javascript');
  expect(results[15]?.body).toBe('');
  expect(log).not.toContain('never-kept-1');
  const body = (i: number) => JSON.parse(results[i]?.body ?? '{}') as Record<string, unknown>;
  expect(body(0)['error']).toMatch(/name/i);
  expect(body(6)).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });
  expect(body(7)['url']).toMatch(new RegExp(`^${stack.origin}/.+cs_test_`));
  expect(body(8)['url']).toMatch(new RegExp(`^${stack.origin}/.+cs_test_`));
  expect(body(9)['url']).toEqual(expect.stringContaining(stack.origin));
  expect(body(13)).toEqual({
    subscribed: true,
    subscription_tier: 'full',
    subscription_end: new Date(periodEnd * 1000).toISOString(),
  });
  expect(body(14)['subscription']).toMatchObject({ tier: 'full', cancelAtPeriodEnd: false });

  // The scheduled outbox delivered both stored leads, each to its own webhook, and the owner's
  // event of the plan the signed event started (docs/product/emails.md#owner-events).
  expect(contactSink.accepted().map((r) => [r.path, r.body['email']])).toEqual([['/contact', 'pat@example.com']]);
  expect(
    leadSink
      .accepted()
      .map((r) => [r.path, r.body['downloadType'] ?? r.body['event']])
      .sort(),
  ).toEqual([
    ['/lead', 'Air Filter Replacement Checklist'],
    ['/order', 'plan.started'],
  ]);
  const started = leadSink.accepted().find((r) => r.body['event'] === 'plan.started');
  expect(started?.body).toMatchObject({ orderNumber: 'ORD-LIFY0001', subscriptionId: 'sub_netlify0001' });

  // Netlify applies no configured header to a function's answer: each function sends its own.
  for (const result of results) {
    expect(result.headers['content-security-policy'], result.file).toBe(FUNCTION_CSP);
    expect(result.headers['x-content-type-options'], result.file).toBe('nosniff');
    expect(result.headers['strict-transport-security'], result.file).toBe('max-age=31536000');
  }
}

describe('functions on Netlify, without server/', { timeout: 120_000 }, () => {
  test('with the production configuration every function answers for real', async () => {
    await exerciseEverything(await productionEnv());
  });

  test.skipIf(TEST_ENGINE === 'pglite')('bundled as Netlify bundles them, the functions answer the same', async () => {
    // Inside the project, as on Netlify, where the external modules sit in node_modules beside them.
    const bundles = await mkdtemp(join(ROOT, 'node_modules', '.shm-netlify-bundles-'));
    onTestFinished(() => rm(bundles, { recursive: true, force: true }));
    const entryPoints = readdirSync(join(ROOT, 'functions'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(ROOT, 'functions', f));
    expect(entryPoints.map((p) => p.split('/').pop())).toEqual(FUNCTION_FILES);
    await build({
      entryPoints,
      outdir: bundles,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // As netlify.toml's external_node_modules: loaded from node_modules beside the bundle.
      external: ['nodemailer', 'ics', 'react', 'react-dom', '@react-email/components'],
      logLevel: 'error',
    });
    await exerciseEverything({
      ...(await productionEnv(await tempDir('shm-netlify-bundled-'))),
      NETLIFY_RUNNER_BUNDLES: bundles,
    });
  });

  test('with a partial configuration every function answers 503 and the log names what is missing', async () => {
    const env = await productionEnv();
    delete env['STRIPE_WEBHOOK_SECRET'];
    env['LEAD_WEBHOOK_URL'] = 'ftp://leads.example';
    // Each function called with the method it answers, so the configuration check is what answers.
    const READS = new Set([
      'account.ts',
      'availability.ts',
      'book-again.ts',
      'calendar.ts',
      'order.ts',
      'owner-customers.ts',
      'owner-due.ts',
      'owner-export.ts',
      'owner-extras.ts',
    ]);
    const calls: RunnerCall[] = FUNCTION_FILES.map((file) => ({
      file,
      method: READS.has(file) ? 'GET' : file === 'plan-details.ts' ? 'PUT' : 'POST',
      path: `/api/${file.replace('.ts', '')}`,
      ...(READS.has(file) ? {} : json({})),
    }));
    const { results, log } = await runOnNetlify(env, calls);
    expect(results.map((r) => [r.file, r.status])).toEqual(FUNCTION_FILES.map((file) => [file, 503]));
    expect(JSON.parse(results[0]?.body ?? '{}')).toEqual({
      error: 'This site is still being set up. Please call us to book.',
    });
    expect(log).toContain('Production configuration is incomplete');
    expect(log).toContain('STRIPE_WEBHOOK_SECRET is missing');
    expect(log).toContain('LEAD_WEBHOOK_URL must be an https:// URL, not ftp:');
    expect(log).not.toMatch(/\n\s+at /);
  });

  test('a pasted secret with a trailing space makes every function answer 503, naming it', async () => {
    const env = await productionEnv();
    env['STRIPE_WEBHOOK_SECRET'] = `${env['STRIPE_WEBHOOK_SECRET'] ?? ''} `;
    const { results, log } = await runOnNetlify(env, [
      { file: 'stripe-webhook.ts', method: 'POST', path: '/api/stripe-webhook', ...json({}) },
      { file: 'contact.ts', method: 'POST', path: '/api/contact', ...json({}) },
    ]);
    expect(results.map((r) => r.status)).toEqual([503, 503]);
    expect(log).toContain('STRIPE_WEBHOOK_SECRET has a space or tab at its start or end: remove it');
  });
});
