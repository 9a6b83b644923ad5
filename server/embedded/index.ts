/**
 * The embedded default: with nothing configured, this one process also hosts the Supabase Auth
 * emulator at /auth/v1, the local mailbox at /_dev/mail, the stored leads at /_dev/leads, the
 * Stripe emulator at /v1 with its hosted checkout and billing pages, and the one clock tests move
 * at /_dev/clock, all in the same database.
 * Production (any hosted service configured, see functions/_lib/platform/config-check.ts) mounts none of it.
 */
import { randomBytes } from 'node:crypto';
import { checkConfig } from '../../functions/_lib/platform/config-check.ts';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { publicOrigin, supabaseUrl } from '../../functions/_lib/platform/config.ts';
import { toE164 } from '../../functions/_lib/texts/phone.ts';
import type { Route } from '../../functions/_lib/platform/http.ts';
import { createAuthEmulator } from './auth/handler.ts';
import { createClockHandler, type EmbeddedClock } from './clock/index.ts';
import { createDevLeadsHandler } from './leads-page.ts';
import { writeServiceKey } from './service-key.ts';
import { openMailbox } from './mailbox/index.ts';
import { startLocalSmtp, type LocalSmtp } from './mailbox/smtp.ts';
import { createStripeEmulator, type StripeEmulator } from './stripe/index.ts';
import { embeddedTwilioAccount } from './sms/credentials.ts';
import { createSmsStandIn, type SmsStandIn } from './sms/index.ts';

/** What the embedded routes run on. */
export interface EmbeddedOptions {
  db: Db;
  /** Clock in ms for the emulators (default Date.now); tests pass one they can move. */
  now?: () => number;
  /** Supabase's per-IP rate limits on the auth emulator (default on). */
  rateLimits?: boolean;
  /** The auth emulator's project-wide cap on e-mails per hour (default EMULATOR_EMAILS_PER_HOUR). */
  emailsPerHour?: number;
  /**
   * The data dir (DATA_DIR) to write the auth emulator's service key into, for `npm run owner`
   * (service-key.ts); none is written without it.
   */
  dataDir?: string;
}

/**
 * Whether an environment selects the embedded default: no variable that replaces a local stand-in
 * (hosted auth server, database, card provider) is set. Decide before applyEmbedded*Env, which
 * sets some of those variables for the functions.
 */
export function isEmbedded(env: NodeJS.ProcessEnv = process.env): boolean {
  return checkConfig(env).mode === 'embedded';
}

/**
 * This server's origin over loopback, where the embedded default's parts call each other (the
 * functions the auth emulator's keys and the Stripe emulator's API, the emulator the webhook).
 * `host` is the loopback address the server listens on: 127.0.0.1, or ::1 for a dev server
 * bound to an IPv6-only `localhost`.
 */
export function loopbackOrigin(port: number, host = '127.0.0.1'): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Sets the environment the functions read, before they load: SUPABASE_URL defaults to this
 * server over loopback, so functions verify tokens against the emulator's JWKS.
 */
export function applyEmbeddedEnv(port: number, env: NodeJS.ProcessEnv = process.env, host?: string): void {
  env['SUPABASE_URL'] ??= loopbackOrigin(port, host);
}

/**
 * The routes the embedded default adds: the auth emulator (prefix /auth/v1), the mailbox and the
 * lead list. With `dataDir`, also writes the emulator's service key there.
 */
export async function embeddedRoutes({
  db,
  now = Date.now,
  rateLimits = true,
  emailsPerHour,
  dataDir,
}: EmbeddedOptions): Promise<Route[]> {
  const mailbox = await openMailbox(db, now);
  const auth = await createAuthEmulator({
    db,
    mailer: mailbox,
    now,
    // Read per token, so a SUPABASE_URL set after startup (tests on a random port) still applies.
    issuer: () => `${supabaseUrl()}/auth/v1`,
    ...(rateLimits ? {} : { rateLimits: false }),
    ...(emailsPerHour === undefined ? {} : { emailsPerHour }),
  });
  if (dataDir !== undefined) writeServiceKey(dataDir, auth.serviceRoleKey);
  const leads = createDevLeadsHandler(db);
  return [
    { path: '/auth/v1', match: 'prefix', handler: auth.handler },
    { path: '/_dev/mail', match: 'exact', handler: mailbox.handler },
    { path: '/_dev/mail.json', match: 'exact', handler: mailbox.handler },
    { path: '/_dev/mail/:message', match: 'pattern', handler: mailbox.messageHtml },
    { path: '/_dev/leads', match: 'exact', handler: leads },
    { path: '/_dev/leads.json', match: 'exact', handler: leads },
  ];
}

/**
 * The local SMTP server feeding the mailbox, unless SMTP_URL names another one: sets SMTP_URL
 * (and MAIL_FROM, when unset) for the functions' mail outbox. Null when SMTP_URL was already set.
 */
export async function embeddedSmtp(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<LocalSmtp | null> {
  if (env['SMTP_URL']?.trim()) return null;
  const mailbox = await openMailbox(db);
  const smtp = await startLocalSmtp((mail) => mailbox.receive(mail));
  env['SMTP_URL'] = smtp.url;
  env['MAIL_FROM'] ??= '"Springfield Home Maintenance" <help@springfieldhome.example>';
  return smtp;
}

/**
 * Points the functions' Stripe SDK at this server's emulator: a test key, a webhook secret made
 * for this process (the emulator signs with it at delivery time) and the loopback API address.
 */
export function applyEmbeddedPaymentsEnv(port: number, env: NodeJS.ProcessEnv = process.env, host?: string): void {
  env['STRIPE_SECRET_KEY'] ??= 'sk_test_embedded_local';
  env['STRIPE_WEBHOOK_SECRET'] ??= `whsec_${randomBytes(24).toString('hex')}`;
  env['STRIPE_API_URL'] ??= loopbackOrigin(port, host);
}

/**
 * The Stripe emulator of the embedded default, delivering webhooks to this server's function and
 * billing by `now` (the embedded clock, server/embedded/clock/).
 */
export function embeddedPayments(
  db: Db,
  port: number,
  env: NodeJS.ProcessEnv = process.env,
  host?: string,
  now: () => number = Date.now,
): Promise<StripeEmulator> {
  const webhookSecret = env['STRIPE_WEBHOOK_SECRET'];
  const apiKey = env['STRIPE_SECRET_KEY'];
  if (!webhookSecret || !apiKey) throw new Error('applyEmbeddedPaymentsEnv must run before embeddedPayments');
  return createStripeEmulator({
    db,
    webhookUrl: `${loopbackOrigin(port, host)}/api/stripe-webhook`,
    webhookSecret,
    apiKey,
    publicUrl: (env['SITE_URL'] ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    now,
  });
}

/** The embedded default's number for the site's texts: a fictional 555-01xx number. */
export const STAND_IN_NUMBER = '+14175550199';

/**
 * Points the functions' texts at this server's stand-in of the text provider (server/embedded/sms/):
 * its account (kept in the data dir, sms/credentials.ts), the site's fictional number and the
 * loopback API address. A provider account already configured is left as it is.
 */
export function applyEmbeddedTextsEnv(
  port: number,
  env: NodeJS.ProcessEnv = process.env,
  host?: string,
  dataDir?: string,
): void {
  if (env['TWILIO_ACCOUNT_SID']?.trim()) return;
  const account = embeddedTwilioAccount(dataDir);
  env['TWILIO_ACCOUNT_SID'] = account.accountSid;
  env['TWILIO_AUTH_TOKEN'] = account.authToken;
  env['TWILIO_FROM'] ??= STAND_IN_NUMBER;
  env['TWILIO_API_URL'] ??= loopbackOrigin(port, host);
}

/**
 * The stand-in of the text provider, answering the account applyEmbeddedTextsEnv set and
 * delivering replies to the site's webhook at its public address (publicOrigin, the address the
 * webhook checks signatures against), stamped by `now` (the embedded clock).
 */
export function embeddedTexts(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Promise<SmsStandIn> {
  const accountSid = env['TWILIO_ACCOUNT_SID'];
  const authToken = env['TWILIO_AUTH_TOKEN'];
  if (!accountSid || !authToken) throw new Error('applyEmbeddedTextsEnv must run before embeddedTexts');
  return createSmsStandIn({
    db,
    accountSid,
    authToken,
    siteNumber: toE164(env['TWILIO_FROM'] ?? '') ?? STAND_IN_NUMBER,
    webhookUrl: () => `${publicOrigin(env)}/api/sms-inbound`,
    now,
  });
}

/**
 * `/_dev/clock` (server/embedded/clock/): advancing the clock runs the payment emulator's billing
 * that became due, then the site's own scheduled work (`due`: the plan visits owed, then the owner's
 * morning list).
 */
export function embeddedClockRoute(
  clock: EmbeddedClock,
  payments: StripeEmulator,
  due: () => Promise<unknown> = () => Promise.resolve(),
): Route {
  return {
    path: '/_dev/clock',
    match: 'exact',
    handler: createClockHandler(clock, async () => {
      await payments.sweep();
      await due();
    }),
  };
}
