/**
 * The payments client of the functions: the official SDK with a pinned API version, keyed with
 * STRIPE_SECRET_KEY. When STRIPE_API_URL is set (the embedded default sets it to the site's own
 * origin) the SDK talks to that host instead of api.stripe.com.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { HttpError } from './http-error.ts';

/**
 * The Stripe API version every request and every webhook payload is read with. Written out, not
 * taken from the SDK, so an SDK upgrade that moves to another version fails the type check here
 * until someone has read that version's changes (and updated the webhook endpoint's version in the
 * Stripe dashboard to match, docs/deploy.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** The SDK's connection options for an API base URL such as `http://127.0.0.1:4321`. */
export function endpointOptions(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`STRIPE_API_URL must be an http or https URL, got ${url.protocol}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  // URL keeps IPv6 literals bracketed; the SDK wants the bare address.
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, protocol };
}

let cached: { key: string; apiUrl: string | undefined; client: Stripe } | undefined;

/** The SDK client for the current environment (503 when payments are not configured). */
export function stripeClient(): Stripe {
  const key = process.env['STRIPE_SECRET_KEY'];
  if (!key) throw new HttpError(503, 'Payments are not available right now. Please call us to book.');
  const apiUrl = process.env['STRIPE_API_URL'] || undefined;
  if (cached?.key === key && cached.apiUrl === apiUrl) return cached.client;
  const client = new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(apiUrl ? endpointOptions(apiUrl) : {}),
  });
  cached = { key, apiUrl, client };
  return client;
}

const warnedVersions = new Set<string>();

/**
 * Logs, once per version, an event shaped by another API version than the pinned one: the webhook
 * endpoint in the Stripe dashboard was made with another version, and fields this site reads may
 * sit elsewhere in its payloads (docs/deploy.md says which version to choose).
 */
export function warnOnOtherApiVersion(event: Pick<Stripe.Event, 'api_version' | 'type'>): void {
  const version = event.api_version;
  if (!version || version === STRIPE_API_VERSION || warnedVersions.has(version)) return;
  warnedVersions.add(version);
  console.warn(
    `Stripe event ${event.type} uses API version ${version}, but this site reads ${STRIPE_API_VERSION}: ` +
      'set the webhook endpoint to that version in the Stripe dashboard (docs/deploy.md).',
  );
}

/** The webhook endpoint's signing secret (STRIPE_WEBHOOK_SECRET). */
export function webhookSecret(): string {
  const secret = process.env['STRIPE_WEBHOOK_SECRET'];
  if (!secret) throw new HttpError(503, 'Webhook signing secret is not configured');
  return secret;
}

/**
 * The HttpError to answer when a call to the card provider fails: never its message (which may
 * describe our configuration), always a 502 the browser can show, with the cause logged.
 */
export function providerFailure(what: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const detail = error instanceof Stripe.errors.StripeError ? `${error.type}: ${error.message}` : String(error);
  console.error(`Card provider call failed (${what}): ${detail}`);
  return new HttpError(502, 'The payment provider could not be reached. Please try again in a moment.');
}

/** Where the card provider sends a paying customer back; it fills in the session id itself. */
export function paymentSuccessUrl(origin: string): string {
  return `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

/** How long identical checkout requests share one session: a double click, a resent request. */
export const CHECKOUT_DEDUPE_WINDOW_MS = 60_000;

/** JSON with object keys sorted, so equal parameters always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The Idempotency-Key of a session creation: the same parameters (customer, items, options,
 * return URLs) within one window get the same key, so the card provider answers a double click
 * or a resent request with the session it already made instead of a second one.
 */
export function checkoutIdempotencyKey(params: Stripe.Checkout.SessionCreateParams, now = Date.now()): string {
  const digest = createHash('sha256').update(canonicalJson(params)).digest('hex');
  return `checkout-${digest}-${Math.floor(now / CHECKOUT_DEDUPE_WINDOW_MS)}`;
}

/**
 * Creates a Checkout Session with a url to send the customer to, once per identical request
 * (checkoutIdempotencyKey); any provider failure is a 502. A replayed answer whose session is no
 * longer open (expired since by a newer checkout of the same customer) is not reused: a new
 * session is made.
 */
export async function createCheckoutSession(
  stripe: Stripe,
  params: Stripe.Checkout.SessionCreateParams,
  what: string,
): Promise<Stripe.Checkout.Session & { url: string }> {
  let session: Stripe.Checkout.Session;
  try {
    const key = checkoutIdempotencyKey(params);
    const created = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    session = created;
    if (created.lastResponse?.headers['idempotent-replayed'] === 'true') {
      const current = await stripe.checkout.sessions.retrieve(created.id);
      if (current.status !== 'open') {
        session = await stripe.checkout.sessions.create(params, { idempotencyKey: `${key}-${current.id}` });
      }
    }
  } catch (error) {
    throw providerFailure(what, error);
  }
  if (!session.url) throw providerFailure(what, new Error('session has no url'));
  return { ...session, url: session.url };
}
