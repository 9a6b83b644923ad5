/**
 * The `/v1` API the functions call through the real SDK: authentication by secret key, Stripe's
 * form encoding (query string for GET and DELETE, body for POST), Idempotency-Key, Stripe-shaped
 * errors, and each call in one transaction so its objects and events commit together.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { HttpError, readLimited, type Handler } from '../../../functions/_lib/platform/http.ts';
import type { ApiCall, ApiHandler } from './call.ts';
import { StripeError } from './errors.ts';
import { parseForm, type Params } from './form.ts';
import { accountHash, claim, finish, release, requestHash } from './idempotency.ts';
import { newId } from './ids.ts';
import {
  createPortalSession,
  listPortalConfigurations,
  retrievePortalConfiguration,
  updatePortalConfiguration,
} from './resources/billing-portal.ts';
import {
  createCheckoutSession,
  expireCheckoutSession,
  listCheckoutSessions,
  retrieveCheckoutSession,
} from './resources/checkout-sessions.ts';
import { createCustomer, listCustomers, retrieveCustomer } from './resources/customers.ts';
import { createInvoicePreview, listInvoices, retrieveInvoice } from './resources/invoices.ts';
import { attachPaymentMethod, retrievePaymentMethod } from './resources/payment-methods.ts';
import { createPrice, createProduct, listPrices, retrievePrice, retrieveProduct } from './resources/prices.ts';
import { createRefund, retrievePaymentIntent, retrieveRefund } from './resources/refunds.ts';
import {
  cancelSubscription,
  listSubscriptions,
  retrieveSubscription,
  updateSubscription,
} from './resources/subscriptions.ts';

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  run: ApiHandler;
}

const ID = '([^/]+)';
const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, run: createCustomer },
  { method: 'GET', pattern: /^\/v1\/customers$/, run: listCustomers },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}$`), run: retrieveCustomer },
  { method: 'POST', pattern: /^\/v1\/products$/, run: createProduct },
  { method: 'GET', pattern: new RegExp(`^/v1/products/${ID}$`), run: retrieveProduct },
  { method: 'POST', pattern: /^\/v1\/prices$/, run: createPrice },
  { method: 'GET', pattern: /^\/v1\/prices$/, run: listPrices },
  { method: 'GET', pattern: new RegExp(`^/v1/prices/${ID}$`), run: retrievePrice },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, run: createCheckoutSession },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions$/, run: listCheckoutSessions },
  { method: 'GET', pattern: new RegExp(`^/v1/checkout/sessions/${ID}$`), run: retrieveCheckoutSession },
  { method: 'POST', pattern: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`), run: expireCheckoutSession },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, run: createPortalSession },
  { method: 'GET', pattern: /^\/v1\/billing_portal\/configurations$/, run: listPortalConfigurations },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/billing_portal/configurations/${ID}$`),
    run: retrievePortalConfiguration,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/billing_portal/configurations/${ID}$`),
    run: updatePortalConfiguration,
  },
  { method: 'GET', pattern: /^\/v1\/invoices$/, run: listInvoices },
  { method: 'POST', pattern: /^\/v1\/invoices\/create_preview$/, run: createInvoicePreview },
  { method: 'GET', pattern: new RegExp(`^/v1/invoices/${ID}$`), run: retrieveInvoice },
  { method: 'POST', pattern: /^\/v1\/refunds$/, run: createRefund },
  { method: 'GET', pattern: new RegExp(`^/v1/refunds/${ID}$`), run: retrieveRefund },
  { method: 'GET', pattern: new RegExp(`^/v1/payment_intents/${ID}$`), run: retrievePaymentIntent },
  { method: 'GET', pattern: new RegExp(`^/v1/payment_methods/${ID}$`), run: retrievePaymentMethod },
  { method: 'POST', pattern: new RegExp(`^/v1/payment_methods/${ID}/attach$`), run: attachPaymentMethod },
  { method: 'GET', pattern: /^\/v1\/subscriptions$/, run: listSubscriptions },
  { method: 'GET', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), run: retrieveSubscription },
  { method: 'POST', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), run: updateSubscription },
  { method: 'DELETE', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), run: cancelSubscription },
];

const MAX_BODY_BYTES = 256 * 1024;

export interface ApiOptions {
  db: Db;
  /** When set, the only secret key accepted; otherwise any test-mode key (`sk_test_...`). */
  apiKey: string | undefined;
  /** Origin of the hosted pages; defaults to the origin the API was called on. */
  publicUrl: string | undefined;
  /** Called after a call that may have recorded events has committed. */
  onCommit: () => void;
  /** The emulator's clock, in milliseconds. */
  now: () => number;
  log: (message: string) => void;
}

/** Compares a presented key with the secret in constant time (digests, so lengths match too). */
function sameSecret(presented: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(secret));
}

function authenticate(req: Request, expected: string | undefined): string {
  const header = req.headers.get('authorization') ?? '';
  let key = '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) key = bearer[1];
  else if (basic?.[1]) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? '';
  if (!key) {
    throw new StripeError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  const valid = expected ? sameSecret(key, expected) : /^(sk|rk)_test_\w+$/.test(key);
  if (!valid) {
    throw new StripeError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      {
        code: 'api_key_invalid',
      },
    );
  }
  return key;
}

async function readParams(req: Request, url: URL): Promise<Params> {
  const query = parseForm(url.searchParams);
  if (req.method !== 'POST') return query;
  let text: string;
  try {
    text = await readLimited(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof HttpError) throw new StripeError(error.status, 'invalid_request_error', error.message);
    throw error;
  }
  if (text === '') return query;
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `Invalid request: unsupported Content-Type ${type || '(none)'}. The API expects application/x-www-form-urlencoded bodies.`,
    );
  }
  return { ...query, ...parseForm(text) };
}

function answer(status: number, body: string, headers: Record<string, string>): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, no-store', ...headers },
  });
}

/** The request handler of everything under `/v1`. */
export function createApiHandler({ db, apiKey, publicUrl, onCommit, now, log }: ApiOptions): Handler {
  return async (req) => {
    const url = new URL(req.url);
    const requestId = newId('req');
    const idempotencyKey = req.method === 'POST' ? req.headers.get('idempotency-key') : null;
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': req.headers.get('stripe-version') ?? Stripe.API_VERSION,
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    };
    let claimed: { account: string; key: string } | null = null;
    try {
      const key = authenticate(req, apiKey);
      const sameUrl = ENDPOINTS.filter((e) => e.pattern.test(url.pathname));
      const endpoint = sameUrl.find((e) => e.method === req.method);
      if (!endpoint) {
        throw new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      let id = '';
      try {
        id = decodeURIComponent(endpoint.pattern.exec(url.pathname)?.[1] ?? '');
        // No object id holds a NUL character (and Postgres could not even look one up).
        if (id.includes('\u0000')) throw new URIError('NUL in id');
      } catch {
        throw new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        );
      }
      const params = await readParams(req, url);
      if (idempotencyKey) {
        const account = accountHash(key);
        const replay = await claim(db, account, idempotencyKey, requestHash(req.method, url.pathname, params));
        if (replay) return answer(replay.status, replay.body, { ...headers, 'Idempotent-Replayed': 'true' });
        claimed = { account, key: idempotencyKey };
      }
      const call: Omit<ApiCall, 'db'> = {
        params,
        id,
        now: Math.floor(now() / 1000),
        origin: publicUrl ?? url.origin,
        request: { id: requestId, idempotencyKey },
      };
      const result = await db.transaction((tx) => endpoint.run({ ...call, db: tx }));
      onCommit();
      const body = JSON.stringify(result);
      if (claimed) await finish(db, claimed.account, claimed.key, { status: 200, body });
      return answer(200, body, headers);
    } catch (error) {
      if (claimed) await release(db, claimed.account, claimed.key).catch(() => {});
      if (error instanceof StripeError) return answer(error.status, JSON.stringify(error.toJSON()), headers);
      log(
        `Stripe emulator: ${req.method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      const internal = new StripeError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.');
      return answer(500, JSON.stringify(internal.toJSON()), { ...headers, 'Stripe-Should-Retry': 'false' });
    }
  };
}
