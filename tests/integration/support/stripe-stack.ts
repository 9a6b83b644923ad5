/**
 * A real server for the payment tests: createApp on 127.0.0.1 with a random port, a PGlite data
 * dir with the product's migrations, the Stripe emulator, optionally the functions, and a JWKS of
 * our own at the auth server's path so `requireUser` accepts tokens these tests sign, with the auth
 * server's user endpoint answering for them (every session alive) for `requireLiveSession`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import Stripe from 'stripe';
import { setDb, type Db } from '../../../functions/_lib/platform/db.ts';
import { json, type Route } from '../../../functions/_lib/platform/http.ts';
import { migrate } from '../../../functions/_lib/platform/migrate.ts';
import { endpointOptions } from '../../../functions/_lib/platform/stripe.ts';
import { createApp } from '../../../server/app.ts';
import { createStripeEmulator, type RetryPolicy, type StripeEmulator } from '../../../server/embedded/stripe/index.ts';
import { loadFunctionRoutes } from '../../../server/functions.ts';
import { dropTestDb, openTestDb } from './test-db.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** The test account's secret key and webhook signing secret. */
export const SECRET_KEY = 'sk_test_emulatorIntegrationKey';
export const WEBHOOK_SECRET = 'whsec_emulatorIntegrationSecret';

/** Temporary folders, removed by `removeTempDirs`. */
const tempDirs: string[] = [];

/** A fresh temporary folder. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made, and their Postgres databases when there are any. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(
    tempDirs.splice(0).map(async (d) => {
      await rm(d, { recursive: true, force: true });
      await dropTestDb(d);
    }),
  );
}

/** Signs access tokens the way the auth server does, with a key published at its JWKS path. */
export interface TokenIssuer {
  jwk: JWK;
  /**
   * A token for `user`; with `name`, the full name given at sign-up (`user_metadata.full_name`);
   * with `role`, the role the sign-in service keeps in its app metadata (`owner`).
   */
  sign(origin: string, user: { id: string; email: string; name?: string; role?: string }): Promise<string>;
}

/** An ES256 key pair and a signer for Supabase-shaped access tokens. */
export async function createTokenIssuer(): Promise<TokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  return {
    jwk,
    sign: (origin, user) => signToken(privateKey, origin, user),
  };
}

function signToken(
  key: CryptoKey,
  origin: string,
  user: { id: string; email: string; name?: string; role?: string },
): Promise<string> {
  const metadata = user.name === undefined ? {} : { user_metadata: { full_name: user.name } };
  const app = { app_metadata: { provider: 'email', ...(user.role ? { role: user.role } : {}) } };
  return new SignJWT({ email: user.email, role: 'authenticated', session_id: crypto.randomUUID(), ...metadata, ...app })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'JWT' })
    .setIssuer(`${origin}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/** A JSON call to the stack's functions as `user` (a token from `issuer`), or anonymous with null: its status and body. */
export async function callAs<T = Record<string, unknown>>(
  stack: Pick<Stack, 'origin'>,
  issuer: TokenIssuer,
  method: string,
  path: string,
  user: Parameters<TokenIssuer['sign']>[1] | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      ...(user ? { Authorization: `Bearer ${await issuer.sign(stack.origin, user)}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface Stack {
  origin: string;
  db: Db;
  server: Server;
  emulator: StripeEmulator;
  /** The real SDK, pointed at the emulator. */
  stripe: Stripe;
  /** Mounted routes; tests may swap the emulator's. */
  routes: Route[];
  close(): Promise<void>;
}

export interface StackOptions {
  dataDir: string;
  /** Mount functions/ (and set their environment). */
  functions?: boolean;
  /** Publish this key at `/auth/v1/.well-known/jwks.json`. */
  jwk?: JWK;
  /** Where events go; default the site's /api/stripe-webhook. A path is taken relative to the origin. */
  webhookPath?: string;
  retry?: RetryPolicy;
  extraRoutes?: Route[];
  log?: (message: string) => void;
  /** The emulator's clock (ms); default Date.now. */
  now?: () => number;
}

/** Opens the data dir's database, applies migrations and serves everything on a random port. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const db = await openTestDb(options.dataDir);
  await migrate(db, join(ROOT, 'supabase/migrations'));
  setDb(db);
  // createApp reads this array on every request, so routes that need the origin join it after listen.
  const routes: Route[] = [];
  const server = createApp({ distDir: await tempDir('shm-dist-'), routes });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const origin = `http://127.0.0.1:${address.port}`;

  const emulator = await createStripeEmulator({
    db,
    webhookUrl: `${origin}${options.webhookPath ?? '/api/stripe-webhook'}`,
    webhookSecret: WEBHOOK_SECRET,
    apiKey: SECRET_KEY,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    // Tests sweep when they move the clock; the timer only has to stay out of their way.
    sweepIntervalMs: 3_600_000,
  });
  routes.push(...emulator.routes, ...(options.extraRoutes ?? []));
  if (options.jwk) {
    const keys = { keys: [options.jwk] };
    const publicKey = await importJWK(options.jwk, 'ES256');
    routes.push(
      { path: '/auth/v1/.well-known/jwks.json', match: 'exact', handler: () => Promise.resolve(json(keys)) },
      {
        path: '/auth/v1/user',
        match: 'exact',
        // The hosted auth server's answer for a token whose session is alive; a bad token is GoTrue's 403.
        handler: async (req) => {
          const token = /^Bearer (\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
          try {
            const { payload } = await jwtVerify(token, publicKey);
            return json({
              id: payload.sub,
              email: payload['email'],
              aud: 'authenticated',
              app_metadata: payload['app_metadata'] ?? {},
            });
          } catch {
            return json({ code: 'bad_jwt', message: 'invalid JWT' }, 403);
          }
        },
      },
    );
  }
  if (options.functions) {
    process.env['SUPABASE_URL'] = origin;
    process.env['STRIPE_SECRET_KEY'] = SECRET_KEY;
    process.env['STRIPE_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
    process.env['STRIPE_API_URL'] = origin;
    delete process.env['SITE_URL'];
    routes.push(...(await loadFunctionRoutes(join(ROOT, 'functions'))));
  }

  const stripe = new Stripe(SECRET_KEY, {
    ...endpointOptions(origin),
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: 0,
  });
  return {
    origin,
    db,
    server,
    emulator,
    stripe,
    routes,
    async close() {
      await emulator.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}

/** The id in an expandable field (the id, or the object when expanded); throws when the field is empty. */
export function idOf(field: string | { id: string } | null | undefined): string {
  if (!field) throw new Error('expected an object, found none');
  return typeof field === 'string' ? field : field.id;
}

/** Polls `check` until it returns a value (not undefined), for at most `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The named fields of the first form on a hosted page, and where it posts. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1] || form[2] === undefined) throw new Error('no form on the page');
  const fields: Record<string, string> = {};
  for (const input of form[2].matchAll(/<input ([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(input[1] ?? '')?.[1];
    const value = /value="([^"]*)"/.exec(input[1] ?? '')?.[1] ?? '';
    if (name) fields[name] = value.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  }
  return { action: form[1].replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))), fields };
}

/** Opens a checkout page and submits its card form with `overrides`; returns the raw response. */
export async function payCheckout(url: string, overrides: Record<string, string> = {}): Promise<Response> {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const { action, fields } = readForm(await page.text());
  const body = new URLSearchParams({ ...fields, name: 'Pat Customer', ...overrides });
  return fetch(new URL(action, url), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

/** The visible text of an HTML page: tags dropped, character references decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}

/** One webhook delivery the emulator made, as it was signed. */
export interface HeldDelivery {
  type: string;
  payload: string;
  signature: string;
}

/**
 * A webhook endpoint that accepts every event and keeps it, so a test decides when (and in which
 * order, how many times) the site's /api/stripe-webhook gets each one: a stand-in for the card
 * provider's delays and retries.
 */
export interface WebhookHold {
  route: Route;
  readonly path: string;
  /** Everything received and not yet taken. */
  take(): HeldDelivery[];
  /** Resolves once at least `count` deliveries are waiting. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

/** A hold at `path`. */
export function webhookHold(path = '/test/held-stripe-webhook'): WebhookHold {
  let held: HeldDelivery[] = [];
  return {
    path,
    route: {
      path,
      match: 'exact',
      handler: async (req) => {
        const payload = await req.text();
        const type = String((JSON.parse(payload) as { type?: unknown }).type);
        held.push({ type, payload, signature: req.headers.get('stripe-signature') ?? '' });
        return json({ received: true });
      },
    },
    take() {
      const taken = held;
      held = [];
      return taken;
    },
    async waitFor(count, timeoutMs = 15_000) {
      await waitFor(() => (held.length >= count ? true : undefined), `${count} held webhook deliveries`, timeoutMs);
    },
  };
}

/** Posts a held delivery to the site's webhook, with its signature made fresh (as a retry is). */
export async function deliver(origin: string, delivery: Pick<HeldDelivery, 'payload'>): Promise<Response> {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: delivery.payload,
    secret: WEBHOOK_SECRET,
  });
  return fetch(`${origin}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: delivery.payload,
  });
}
