/**
 * What a spec needs before it starts, made through the APIs instead of the pages: a confirmed
 * customer (the auth emulator's admin API and the password grant), their session in a browser
 * context, a paid booking and a live plan (the site's checkout functions and the payment
 * emulator's hosted checkout form). The pages that do these the long way keep their own specs
 * (accounts.spec.ts, booking.spec.ts, plan-checkout.spec.ts); the rest start from here. Plain
 * HTTP from Node, so it works in any worker and against any server, the shared one or a spec's own.
 */
import { randomBytes } from 'node:crypto';
import { test, type BrowserContext } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { readServiceKey } from '../../server/embedded/service-key.ts';
import type { AccountSummary } from '../../src/features/account/account-summary.ts';
import type { OrderAnswer } from '../../src/features/account/order-answer.ts';
import { getPlan } from '../../src/features/plans/plans.ts';
import { PASSWORD } from './customer';

/** A server the helpers talk to: the shared e2e server (playwright baseURL, data dir process.env.E2E_DATA_DIR) or a spec's own (tests/support/server.ts ServerProcess has origin and dataDir). */
export interface Site {
  origin: string;
  dataDir: string;
}

/** The session supabase-js keeps after a password sign-in: the token answer, stored as JSON under the origin's key. */
export type StoredSession = Session;

/** A confirmed customer, signed in through the password grant. */
export interface Customer {
  email: string;
  password: string;
  name: string;
  userId: string;
  session: StoredSession;
}

/** The shared e2e server of playwright.config.ts. */
export function sharedSite(): Site {
  // The config's baseURL, so the port is decided in one place (E2E_PORT there).
  const origin = test.info().project.use.baseURL;
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!origin || !dataDir) throw new Error('sharedSite() needs playwright.config.ts: its baseURL and E2E_DATA_DIR');
  return { origin: origin.replace(/\/+$/, ''), dataDir };
}

/**
 * The site's anon key in the embedded default (src/lib/supabase.ts: no PUBLIC_SUPABASE_ANON_KEY);
 * the emulator, as Supabase's gateway, only asks that one is sent.
 */
const ANON_KEY = 'embedded-anon-key';

/** How long the site may take to record a payment: generous, and scaled as the config's waits (E2E_SCALE). */
const RECORDED_WITHIN_MS = 30_000 * (Number(process.env['E2E_SCALE']) || 1);

/** The default booking: the service the desk's specs book, which has no options to choose. */
const DEFAULT_SERVICE = 'dryer-vent-cleaning';

/** The hosted checkout's test card that succeeds (server/embedded/stripe/hosted/card.ts), with any 3-digit CVC. */
const TEST_CARD = { number: '4242 4242 4242 4242', cvc: '123' };

/** A request's JSON answer; anything but a 2xx throws with the status and the body, which says why. */
async function call<T>(
  site: Site,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const ask = () =>
    fetch(`${site.origin}${path}`, {
      method,
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  let res = await ask();
  // A read answered 503 ('Sign-in could not be checked right now. Please try again in a moment.':
  // the sign-in check timed out on a loaded machine) is asked again, as the words say, backing off.
  for (let wait = 500; method === 'GET' && res.status === 503 && wait <= 4000; wait *= 2) {
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, wait));
    res = await ask();
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A call to the site's functions as the customer (callApi's bearer token). */
function asCustomer<T>(site: Site, customer: Customer, path: string, body?: unknown): Promise<T> {
  return call<T>(site, path, {
    headers: { authorization: `Bearer ${customer.session.access_token}` },
    ...(body === undefined ? {} : { body }),
  });
}

/**
 * `read`'s first answer other than undefined, asked again with a growing pause between tries (the
 * answer comes when the payment emulator's webhook has been handled, usually within a second).
 */
async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + RECORDED_WITHIN_MS;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    const answer = await read();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${RECORDED_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** A unique address from a label: its letters and digits, a time and a random part. */
function uniqueEmail(label: string): string {
  const safe =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'customer';
  return `${safe}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Makes a confirmed account through the auth emulator's admin API (service key read with readServiceKey(site.dataDir) from server/embedded/service-key.ts), then signs in with POST /auth/v1/token?grant_type=password. `email` defaults to a unique address from `label`. */
export async function newCustomer(
  site: Site,
  options: { label?: string; name?: string; email?: string } = {},
): Promise<Customer> {
  const serviceKey = readServiceKey(site.dataDir);
  if (!serviceKey) throw new Error(`No service key in ${site.dataDir}: has its server started?`);
  const email = (options.email ?? uniqueEmail(options.label ?? 'customer')).toLowerCase();
  const name = options.name ?? 'Sam Subscriber';
  // As `auth.admin.createUser` sends it; full_name is what the sign-up form stores (features/auth/store.ts).
  const user = await call<{ id: string }>(site, '/auth/v1/admin/users', {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    body: { email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: name } },
  });
  const session = await call<StoredSession>(site, '/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    body: { email, password: PASSWORD },
  });
  return { email, password: PASSWORD, name, userId: user.id, session };
}

/**
 * supabase-js's default storage key for the site's client, made on the page's own origin
 * (src/lib/supabase.ts): `sb-<first label of the host name>-auth-token`, `sb-127-auth-token` for
 * http://127.0.0.1:<port>.
 */
function storageKey(origin: string): string {
  return `sb-${new URL(origin).hostname.split('.')[0] ?? ''}-auth-token`;
}

/** Stores the customer's session in the browser context as supabase-js does after a sign-in (localStorage, set with setStorageState before any page script runs), so every page of `site` opens signed in. Works for a fresh context; returns nothing. */
export async function signInContext(context: BrowserContext, site: Site, customer: Customer): Promise<void> {
  // Written once, as a sign-in leaves it. An init script would write the first session again on
  // every page: undoing a sign-out, and bringing back a refresh token the site has since rotated.
  // setStorageState replaces the context's storage, which a fresh context does not miss.
  await context.setStorageState({
    cookies: [],
    origins: [
      {
        origin: site.origin,
        // supabase-js's setItemAsync: the session as JSON (the token answer, expires_at included).
        localStorage: [{ name: storageKey(site.origin), value: JSON.stringify(customer.session) }],
      },
    ],
  });
}

/** The checkout session id in a hosted checkout's address (server/embedded/stripe/paths.ts). */
function sessionIdOf(url: string): string {
  const id = /\/(cs_[A-Za-z0-9_]+)$/.exec(new URL(url).pathname)?.[1];
  if (!id) throw new Error(`Not a hosted checkout address: ${url}`);
  return id;
}

/**
 * Pays on the hosted checkout page as its form sends it (server/embedded/stripe/hosted/checkout-page.ts):
 * the test card, any future expiry, a CVC and the name; a paid session answers 303 to success_url.
 */
async function payHostedCheckout(url: string, name: string): Promise<void> {
  // Ten years ahead: still in the future for a site whose clock a spec has moved.
  const expiry = `12 / ${String((new Date().getUTCFullYear() + 10) % 100).padStart(2, '0')}`;
  const res = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...TEST_CARD, expiry, name }),
    redirect: 'manual',
  });
  if (res.status !== 303) {
    // The page's alert says what it refused.
    const alert = /<div class="alert"[^>]*>([\s\S]*?)<\/div>/.exec(await res.text())?.[1]?.replace(/<[^>]+>/g, ' ');
    throw new Error(`The hosted checkout answered ${res.status}: ${alert?.trim() ?? 'no alert'}`);
  }
}

/** Books and pays a one-off visit through the site's API and the payment emulator, as the booking card and the hosted checkout would: POST /api/create-payment-checkout with the customer's bearer token and { serviceType, options, visit }, then the hosted checkout's pay form posted (POST <url>/pay, form-encoded, the test card 4242 4242 4242 4242, a future expiry, cvc 123, the name); resolves once the customer's GET /api/account lists the paid order's visit (asked again until it does, within a generous deadline). The service defaults to dryer-vent-cleaning; tests/support/visit.ts bookingVisit() is a visit to pass. Returns { visitId, orderNumber, sessionId }. */
export async function bookAndPay(
  site: Site,
  customer: Customer,
  booking: {
    service?: string;
    options?: Record<string, unknown>;
    visit: {
      street: string;
      city: string;
      zip: string;
      phone: string;
      date: string;
      window: 'morning' | 'afternoon' | 'saturday';
      notes?: string;
    };
  },
): Promise<{ visitId: string; orderNumber: string; sessionId: string }> {
  const { url } = await asCustomer<{ url: string }>(site, customer, '/api/create-payment-checkout', {
    serviceType: booking.service ?? DEFAULT_SERVICE,
    options: booking.options ?? {},
    visit: { notes: '', ...booking.visit },
  });
  const sessionId = sessionIdOf(url);
  await payHostedCheckout(url, customer.name);
  // The pending order, and its number, are recorded with the checkout.
  const { orderNumber } = await asCustomer<OrderAnswer>(
    site,
    customer,
    `/api/order?session_id=${encodeURIComponent(sessionId)}`,
  );
  // The visit is made when the payment's webhook is handled.
  const visitId = await until(`the visit of order ${orderNumber}`, async () => {
    const { visits } = await asCustomer<AccountSummary>(site, customer, '/api/account');
    return visits.find((visit) => visit.orderNumber === orderNumber && visit.id)?.id;
  });
  return { visitId, orderNumber, sessionId };
}

/**
 * The plan request the plan page's form sends (src/features/plans/plan-request.ts) for `customer`,
 * with `details` over a Springfield address; answers the id its checkout carries. A 429 (the lead
 * forms' limit per address, shared by every worker here) is waited out as its Retry-After says.
 */
async function sendPlanRequest(
  site: Site,
  customer: Customer,
  plan: { planType: 'lite' | 'full'; billingPeriod: string },
  details: Record<string, unknown>,
): Promise<string> {
  const body = {
    planType: plan.planType,
    billingPeriod: plan.billingPeriod,
    fullName: customer.name,
    email: customer.email,
    phone: '(417) 555-0100',
    address: '1 Test Street',
    city: 'Springfield',
    state: 'MO',
    zip: '65804',
    preferredDay: '',
    specialInstructions: '',
    ...details,
    agreeTerms: true,
    source: `${site.origin}${getPlan(plan.planType).href}`,
  };
  return until('the plan request', async () => {
    const res = await fetch(`${site.origin}/api/plan-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
      return undefined;
    }
    if (res.status !== 202) throw new Error(`POST /api/plan-request answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  });
}

/** Subscribes the customer to a plan the same way: POST /api/create-subscription-checkout then the hosted page's form; resolves once /api/check-subscription (a POST, as the site asks it) answers subscribed. Monthly unless `billingPeriod` says otherwise. `details` (the plan request's fields: fullName, phone, address, city, state, zip, preferredDay, specialInstructions) are sent first as the plan page's form does, and become the plan's visit details. */
export async function subscribe(
  site: Site,
  customer: Customer,
  plan: {
    planType: 'lite' | 'full';
    billingPeriod?: 'monthly' | 'quarterly' | 'annual';
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const billingPeriod = plan.billingPeriod ?? 'monthly';
  const planRequestId = plan.details
    ? await sendPlanRequest(site, customer, { planType: plan.planType, billingPeriod }, plan.details)
    : undefined;
  const { url } = await asCustomer<{ url: string }>(site, customer, '/api/create-subscription-checkout', {
    planType: plan.planType,
    billingPeriod,
    ...(planRequestId ? { planRequestId } : {}),
  });
  await payHostedCheckout(url, customer.name);
  // True once the payment's webhook is handled.
  await until(`${customer.email}'s ${plan.planType} plan`, async () => {
    const answer = await asCustomer<{ subscribed: boolean }>(site, customer, '/api/check-subscription', {});
    return answer.subscribed ? true : undefined;
  });
}
