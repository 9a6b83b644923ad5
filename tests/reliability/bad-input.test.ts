/**
 * Bad input over every HTTP endpoint of the real server (`node server/index.ts` over loopback):
 * at least 1,000 fast-check cases per endpoint (wrong types, missing and extra fields, huge
 * bodies, unicode, malformed JSON and form encoding, wrong methods and content types, hostile
 * headers, path traversal on static serving, raw non-HTTP bytes). Never a 5xx, never a stack
 * trace or internal path in a body, refusals in the endpoint's own error shape naming the field,
 * and nothing stored by a refused request: every table is compared before and after. On CI every
 * count is a sample of the same kinds of case (support/sample.ts): 150 cases per endpoint.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  anyJson,
  extraKey,
  hostileHeaders,
  hugeBody,
  jsonEndpointCases,
  junkString,
  latin1Safe,
  malformedForm,
  nonString,
  otherMethod,
  type Case,
  type JsonEndpoint,
} from './support/bad-requests.ts';
import { crossSiteProblem } from '../../functions/_lib/platform/http.ts';
import { loadFunctionRoutes } from '../../server/functions.ts';
import { DRAIN_LIMITS } from '../../server/app.ts';
import { contactLeadSchema, downloadLeadSchema } from '../../src/features/leads/schemas.ts';
import { planDetailsSchema, planRequestLeadSchema } from '../../src/features/plans/plan-request.ts';
import { subscriptionCheckoutRequest } from '../../src/features/plans/checkout-request.ts';
import { paymentCheckoutRequest } from '../../src/features/booking/checkout-request.ts';
import { serviceAreaList } from '../../src/features/service-area/area-list.server.ts';
import { visitChangeReach, visitChangeRequest } from '../../functions/visit-change.ts';
import { fieldName, NOT_ONE_LINE, poisoned, textFields, valueAt, withValueAt } from './support/text-fields.ts';
import { closedDayRequest, visitActionRequest } from '../../src/features/visits/owner-api.ts';
import { isVisitsPerWindow } from '../../src/features/visits/capacity.ts';
import { leadChangeRequest } from '../../src/features/owner/records-api.ts';
import { parseBanDuration } from '../../server/embedded/auth/rules.ts';
import { readServiceKey } from '../../server/embedded/service-key.ts';
import { MAX_ADVANCE_SECONDS } from '../../server/embedded/clock/index.ts';
import { problemsWith } from './support/checks.ts';
import { mailsTo } from '../integration/harness.ts';
import {
  ANON_KEY,
  checkoutUrl,
  signIn,
  signUpConfirmed,
  subscribe,
  waitFor,
  type Session,
} from './support/customer.ts';
import { report, Tally } from './support/figures.ts';
import { sampled, sampleOf, sampling } from './support/sample.ts';
import { closeAgents, DROPPED, send, sendRaw, uploadPastAnswer, type Answer } from './support/http.ts';
import { compare, snapshot, type Snapshot } from './support/snapshot.ts';
import {
  EMBEDDED_STRIPE_KEY,
  freePort,
  removeDir,
  ROOT,
  startServer,
  tempDataDir,
  type ServerProcess,
} from '../support/server.ts';
import { bookingVisit } from '../support/visit.ts';

/** Cases per endpoint: batches of BATCH run concurrently, RUNS batches (support/sample.ts: fewer on CI). */
const BATCH = 10;
const RUNS = sampled(100, 15);
/** The cases each endpoint gets: 1,000 in the full run. */
const CASES = RUNS * BATCH;
/** What a sampled fuzzing row's full run tries. */
const FULL_FUZZ = sampling('1,000 cases');
// Rate limits would answer 429 before the handlers ever saw the input; they have their own suite.
const ENV = { AUTH_RATE_LIMITS: 'off', LEAD_RATE_LIMIT: '0' };

let dataDir = '';
let port = 0;
let server: ServerProcess;
let origin = '';
let customer: Session;
let owner: Session;
let stripeIds: { customer: string; subscription: string; openSession: string; portal: string };
let before: Snapshot;
/** Rows accepted cases were expected to store, per table. */
const expectedAdds = new Map<string, number>();
/** Hashes of every file the build produced: the only bodies static serving may answer with. */
const distHashes = new Set<string>();
const distFiles: Buffer[] = [];

/** Percent-encodes any string, unpaired surrogates included (as the UTF-8 of U+FFFD, like a browser). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function hashDist(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await hashDist(path);
    else {
      const bytes = await readFile(path);
      distFiles.push(bytes);
      distHashes.add(sha(bytes));
    }
  }
}

async function restart(): Promise<void> {
  closeAgents();
  server = await startServer({ dataDir, port, env: ENV });
}

async function stop(): Promise<void> {
  closeAgents();
  expect(await server.kill('SIGTERM')).toBe(0);
}

beforeAll(async () => {
  await hashDist(join(ROOT, 'dist'));
  dataDir = await tempDataDir('shm-rel-input-');
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await restart();
  customer = await signUpConfirmed(origin, 'fuzz.customer@example.com', 'fuzzing-is-fun-42');
  await subscribe(origin, customer, 'lite');
  // The plan's own notices (its e-mail, the owner event) follow later events: wait for the e-mail, so
  // none lands after the snapshot below and counts as stored by a refused request.
  await waitFor(
    async () =>
      (await mailsTo(origin, customer.email)).some((m) => m.subject.startsWith('Welcome to')) ? true : undefined,
    'the plan-started e-mail',
  );
  const stripeGet = async (path: string) =>
    JSON.parse(
      (await send(origin, { method: 'GET', path, headers: { authorization: `Bearer ${EMBEDDED_STRIPE_KEY}` } })).text,
    ) as {
      data: { id: string }[];
    };
  const customerId = (await stripeGet(`/v1/customers?email=${encodeURIComponent(customer.email)}`)).data[0]?.id ?? '';
  const subscriptionId = (await stripeGet(`/v1/subscriptions?customer=${customerId}`)).data[0]?.id ?? '';
  const openSession = await checkoutUrl(origin, '/api/create-payment-checkout', customer.accessToken, {
    serviceType: 'dryer-vent-cleaning',
    visit: bookingVisit(),
  });
  const portal = await checkoutUrl(origin, '/api/customer-portal', customer.accessToken, {});
  // The owner: an account given the role through the admin API, as `npm run owner -- add` does, signed in again.
  const ownerSignUp = await signUpConfirmed(origin, 'fuzz.owner@example.com', 'owning-the-fuzz-42');
  const granted = await send(origin, {
    method: 'PUT',
    path: `/auth/v1/admin/users/${decodeJwt(ownerSignUp.accessToken).sub ?? ''}`,
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${readServiceKey(dataDir) ?? ''}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ app_metadata: { role: 'owner' } }),
  });
  expect(granted.status).toBe(200);
  owner = await signIn(origin, ownerSignUp.email, ownerSignUp.password);
  stripeIds = {
    customer: customerId,
    subscription: subscriptionId,
    openSession: new URL(openSession).pathname.split('/').pop() ?? '',
    portal: new URL(portal).pathname.split('/').pop() ?? '',
  };
  expect(stripeIds.subscription).toMatch(/^sub_/);
  await stop();
  before = await snapshot(dataDir);
  await restart();
});

afterAll(async () => {
  closeAgents();
  if (server) await server.kill('SIGKILL');
  if (dataDir) await removeDir(dataDir);
});

/** The refusal shape each surface promises. */
function shapeProblem(probe: Case['probe'], answer: Answer): string | null {
  if (answer.status < 400 || answer.status >= 500 || probe.method === 'HEAD') return null;
  const path = probe.path;
  const type = String(answer.headers['content-type'] ?? '');
  // The answer of Node's own parser to a request it could not read: it never reached a route.
  if (answer.status === 400 && answer.text === 'Bad Request\n') return null;
  // Dot-segments can take a path out of a surface (`/auth/v1/../x` is `/x`): judge where it landed.
  const landed = new URL(probe.path, 'http://localhost').pathname;
  const surface = path.split('/').slice(0, 3).join('/');
  if (!landed.startsWith(surface)) return null;
  if (path.startsWith('/api/')) {
    if (type.startsWith('text/html') && path.startsWith('/api/contact')) return null;
    const body = safeJson(answer.text) as { error?: unknown } | null;
    return typeof body?.error === 'string' ? null : `not {error} JSON: ${answer.text.slice(0, 120)}`;
  }
  if (path.startsWith('/auth/v1/')) {
    const body = safeJson(answer.text) as Record<string, unknown> | null;
    const ok =
      body !== null &&
      ((typeof body['code'] === 'string' && typeof body['message'] === 'string') ||
        (typeof body['code'] === 'number' && typeof body['msg'] === 'string') ||
        (typeof body['message'] === 'string' && typeof body['hint'] === 'string') ||
        (typeof body['error'] === 'string' && typeof body['error_description'] === 'string'));
    return ok ? null : `not a GoTrue error: ${answer.text.slice(0, 120)}`;
  }
  if (path.startsWith('/v1/')) {
    const body = safeJson(answer.text) as { error?: { type?: unknown; message?: unknown } } | null;
    return typeof body?.error?.type === 'string' && typeof body.error.message === 'string'
      ? null
      : `not a Stripe error: ${answer.text.slice(0, 120)}`;
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether a refusal names `field` (Stripe names it in `param`, the others in the message). */
function namesField(answer: Answer, field: string): boolean {
  const body = safeJson(answer.text) as { error?: { param?: unknown } } | null;
  if (typeof body?.error === 'object' && typeof body.error.param === 'string')
    return body.error.param.startsWith(field);
  return answer.text.includes(field);
}

/** Sends one case and counts its outcome; returns what was wrong with it. */
async function run(
  c: Case,
  tally: Tally,
  extraCheck?: (answer: Answer) => string | null,
  isRefusal: (answer: Answer) => boolean = () => false,
): Promise<string[]> {
  tally.tried += 1;
  const answer = await send(origin, c.probe);
  const problems = problemsWith(answer);
  // Up to the server's drain cap an over-long body is read away after the answer: never a reset.
  if (answer.status === DROPPED && Buffer.byteLength(c.probe.body ?? '') <= DRAIN_LIMITS.bytes) {
    problems.push('the connection was dropped without an answer');
  }
  if (answer.status >= 500) tally.serverErrors += 1;
  // A connection cut while a body past the drain cap was still being sent is a refusal too.
  const refused = (answer.status >= 400 && answer.status < 500) || answer.status === DROPPED || isRefusal(answer);
  if (c.expect === 'reject') {
    if (!refused) problems.push(`expected a 4xx, got ${answer.status}`);
    else if (c.field && !namesField(answer, c.field)) problems.push(`refusal does not name "${c.field}"`);
  }
  if (c.expect === 'accept' && answer.status >= 400) problems.push(`expected acceptance, got ${answer.status}`);
  const shape = shapeProblem(c.probe, answer);
  if (shape) problems.push(shape);
  const extra = extraCheck?.(answer);
  if (extra) problems.push(extra);
  if (refused && problems.length === 0) tally.rejected += 1;
  if (answer.status < 400 && c.stores) {
    for (const [table, n] of Object.entries(c.stores)) expectedAdds.set(table, (expectedAdds.get(table) ?? 0) + n);
  }
  return problems.map(
    (p) =>
      `${c.kind}: ${p} (${c.probe.method} ${c.probe.path.slice(0, 80)} ${answer.status} ${answer.text.slice(0, 160)})`,
  );
}

/** A request that got no answer at all: the server's last words, if it died. */
function died(error: unknown): never {
  throw new Error(`${String(error)}\nserver output (last 3000 characters):\n${server.output().slice(-3000)}`);
}

/** The note of a fuzzed endpoint's row: how many kinds of case (`Case['kind']`) were tried. */
const kindsNote = (kinds: ReadonlySet<string>) => `${kinds.size} kind${kinds.size === 1 ? '' : 's'} of case`;

/** Runs RUNS x BATCH cases of `arbitrary` and reports the endpoint's row. */
async function fuzz(
  context: Parameters<typeof report>[0],
  check: string,
  arbitrary: fc.Arbitrary<Case>,
  extraCheck?: (answer: Answer) => string | null,
  isRefusal?: (answer: Answer) => boolean,
): Promise<void> {
  const tally = new Tally();
  const kinds = new Set<string>();
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      for (const c of batch) kinds.add(c.kind);
      const problems = (await Promise.all(batch.map((c) => run(c, tally, extraCheck, isRefusal).catch(died)))).flat();
      for (const p of problems) tally.problem(p);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  report(context, tally.row('bad input', check, { ...FULL_FUZZ, note: kindsNote(kinds) }));
  expect(tally.tried).toBeGreaterThanOrEqual(CASES);
}

const text = (values: readonly string[]) => fc.constantFrom(...values);
/** Junk the database could hold, for the parts of a body a case is not about. */
const storableJunk = junkString.filter((value) => !value.includes('\u0000') && value.isWellFormed());
const auth = () => ({ authorization: `Bearer ${customer.accessToken}` });
/** What an accepted sign-up stores: the user, its identity, its link token and the mail. */
const SIGNUP_STORES = {
  'emulator_auth.users': 1,
  'emulator_auth.identities': 1,
  'emulator_auth.one_time_tokens': 1,
  'emulator_mail.messages': 1,
};
const apikey = { apikey: ANON_KEY };

/** Tokens a caller may forge or mangle; none is valid. */
const badToken = fc.oneof(
  fc.constant(''),
  text(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer x.y.z', 'Token abc']),
  fc.string({ maxLength: 60 }).map((t) => latin1Safe(`Bearer ${t}`)),
  // alg none, a made-up key id, and a signature cut short.
  text([
    'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiYXVkIjoiYXV0aGVudGljYXRlZCJ9.',
    'Bearer eyJhbGciOiJFUzI1NiIsImtpZCI6Im5vcGUifQ.eyJzdWIiOiIxIn0.c2ln',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiYXVkIjoiYXV0aGVudGljYXRlZCIsImVtYWlsIjoiYUBiLmMifQ.abc',
  ]),
);

function tokenOnly(method: string, path: string, allowed: readonly string[]): fc.Arbitrary<Case> {
  return fc.oneof(
    fc.tuple(badToken, anyJson).map(([token, body]) => ({
      kind: 'bad token',
      probe: {
        method,
        path,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      },
      expect: 'reject' as const,
    })),
    fc.tuple(otherMethod([...allowed, 'OPTIONS', 'HEAD'])).map(([m]) => ({
      kind: 'wrong method',
      probe: { method: m, path, headers: auth() },
      expect: 'reject' as const,
    })),
    fc.tuple(hostileHeaders, anyJson).map(([headers, body]) => ({
      kind: 'hostile headers, real token',
      probe: {
        method,
        path,
        headers: { ...headers, 'content-type': 'application/json', ...auth() },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      },
      expect: 'either' as const,
    })),
    hugeBody(16 * 1024).map((body) => ({
      kind: 'huge body, real token',
      probe: {
        method,
        path,
        headers: { 'content-type': 'application/json', ...auth() },
        ...(method === 'GET' ? {} : { body }),
      },
      expect: 'either' as const,
    })),
  );
}

const email = text(['pat@example.com', 'ana.maria+home@example.org', 'li.lei@mail.example.net']);
const sourceUrl = text([
  'http://localhost:4321/blog/air-filter-replacement-guide',
  'https://springfieldhome.example/guides/x',
]);

const contact: JsonEndpoint = {
  method: 'POST',
  path: '/api/contact',
  valid: fc.record({
    name: text(['Pat', 'Ana María', '李雷']),
    email,
    phone: text(['(417) 555-0142', '+1 417 555 0100']),
    service: text(['', 'air-filter-replacement', 'other']),
    message: text(['', 'Please call after 5.', 'Ünïcödé ✓']),
  }),
  required: { name: 'string', email: 'string', phone: 'string' },
  optional: { service: 'string', message: 'string' },
  acceptsValid: { stores: { 'public.leads': 1 } },
  acceptsForm: true,
  maxBytes: 16 * 1024,
  storesText: true,
};

const lead: JsonEndpoint = {
  method: 'POST',
  path: '/api/lead',
  valid: fc.record({
    firstName: text(['Pat', 'Zoë']),
    email,
    downloadType: text(['Air Filter Guide', 'Checklist']),
    source: sourceUrl,
  }),
  required: { firstName: 'string', email: 'string', downloadType: 'string', source: 'string' },
  optional: { timestamp: 'string' },
  acceptsValid: { stores: { 'public.leads': 1 } },
  maxBytes: 16 * 1024,
  storesText: true,
};

const planRequest: JsonEndpoint = {
  method: 'POST',
  path: '/api/plan-request',
  valid: fc.record({
    planType: text(['lite', 'full']),
    billingPeriod: text(['monthly', 'quarterly', 'annual']),
    fullName: text(['Pat Customer', 'José Núñez']),
    email,
    phone: text(['417-555-0100']),
    address: text(['1 Main St']),
    city: text(['Springfield', 'Nixa']),
    state: text(['MO']),
    zip: text(['65802', '65714']),
    preferredDay: text(['', 'weekdays', 'weekends']),
    specialInstructions: text(['', 'Dog in the yard']),
    agreeTerms: fc.constant(true),
    source: sourceUrl,
  }),
  required: {
    planType: 'string',
    billingPeriod: 'string',
    fullName: 'string',
    email: 'string',
    phone: 'string',
    address: 'string',
    city: 'string',
    state: 'string',
    zip: 'string',
    agreeTerms: 'boolean',
    source: 'string',
  },
  optional: { preferredDay: 'string', specialInstructions: 'string', textConsent: 'boolean' },
  acceptsValid: { stores: { 'public.leads': 1 } },
  maxBytes: 16 * 1024,
  storesText: true,
};

describe('functions under /api', () => {
  test('POST /api/contact', (context) => fuzz(context, 'POST /api/contact', jsonEndpointCases(contact)));
  test('POST /api/lead', (context) => fuzz(context, 'POST /api/lead', jsonEndpointCases(lead)));
  test('POST /api/plan-request', (context) => fuzz(context, 'POST /api/plan-request', jsonEndpointCases(planRequest)));

  test('POST /api/create-payment-checkout (signed in; every body invalid)', (context) =>
    fuzz(
      context,
      'POST /api/create-payment-checkout',
      fc.oneof(
        tokenOnly('POST', '/api/create-payment-checkout', ['POST']),
        jsonEndpointCases({
          method: 'POST',
          path: '/api/create-payment-checkout',
          // Valid-looking but unsellable: a booking this suite must never create.
          valid: fc
            .record({
              serviceType: text(['air-filter-replacement', 'vacuum-cleanout', 'smoke-detector-batteries']),
              visit: fc.constant(bookingVisit()),
              options: fc.oneof(
                fc.record({
                  filterQuality: storableJunk.filter(
                    (q) => !['standard', 'premium', 'super_premium', 'ultra_premium'].includes(q),
                  ),
                }),
                fc.record({
                  ventCount: fc.oneof(
                    fc.integer({ min: 21 }),
                    fc.integer({ max: 0 }),
                    fc.double({ min: 1.1, max: 1.9 }),
                  ),
                }),
                fc.record({
                  additionalDetectors: fc.oneof(fc.integer({ min: 11 }), fc.integer({ max: -1 }), storableJunk),
                }),
              ),
            })
            .filter(
              (body) =>
                (body.serviceType === 'air-filter-replacement') === 'filterQuality' in body.options &&
                (body.serviceType === 'vacuum-cleanout') === 'ventCount' in body.options,
            ),
          required: { serviceType: 'string', visit: 'object' },
          optional: { options: 'object' },
          maxBytes: 16 * 1024,
          headers: auth(),
        }),
      ),
    ));

  test('POST /api/create-subscription-checkout (signed in and already subscribed)', (context) =>
    fuzz(
      context,
      'POST /api/create-subscription-checkout',
      fc.oneof(
        tokenOnly('POST', '/api/create-subscription-checkout', ['POST']),
        jsonEndpointCases({
          method: 'POST',
          path: '/api/create-subscription-checkout',
          valid: fc.record({ planType: text(['lite', 'full']) }),
          required: { planType: 'string' },
          maxBytes: 16 * 1024,
          headers: auth(),
        }).map((c) => ({
          ...c,
          expect: c.expect === 'either' || c.expect === 'accept' ? ('reject' as const) : c.expect,
        })),
      ),
    ));

  test('PUT /api/plan-details (signed in; every body invalid)', (context) =>
    fuzz(
      context,
      'PUT /api/plan-details',
      fc.oneof(
        tokenOnly('PUT', '/api/plan-details', ['PUT']),
        jsonEndpointCases({
          method: 'PUT',
          path: '/api/plan-details',
          // Complete but for the ZIP code: visit details this suite must never store.
          valid: fc.record({
            fullName: text(['Pat Customer', 'José Núñez']),
            phone: text(['417-555-0100']),
            address: text(['1 Main St']),
            city: text(['Springfield', 'Nixa']),
            state: text(['MO']),
            zip: text(['', '   ']),
            preferredDay: text(['', 'weekdays', 'weekends']),
            specialInstructions: text(['', 'Dog in the yard']),
          }),
          required: { fullName: 'string', phone: 'string', address: 'string', city: 'string', state: 'string' },
          optional: { preferredDay: 'string', specialInstructions: 'string', textConsent: 'boolean' },
          maxBytes: 16 * 1024,
          headers: auth(),
        }).map((c) => ({
          ...c,
          expect: c.expect === 'either' || c.expect === 'accept' ? ('reject' as const) : c.expect,
        })),
      ),
    ));

  test('GET /api/order', (context) =>
    fuzz(
      context,
      'GET /api/order',
      fc.oneof(
        tokenOnly('GET', '/api/order?session_id=cs_test_x', ['GET']),
        fc.oneof(junkString, fc.constantFrom('', 'cs_', 'cs_test_%00', `cs_test_${'a'.repeat(300)}`)).map((id) => ({
          kind: 'hostile session id',
          probe: { method: 'GET', path: `/api/order?session_id=${encode(id)}`, headers: auth() },
          expect: 'reject' as const,
        })),
      ),
    ));

  // docs/product/due-again.md#book-again: a link that is not one of ours reads nothing and says so.
  test('GET /api/book-again (links that are junk)', (context) =>
    fuzz(
      context,
      'GET /api/book-again',
      fc.oneof(junkString, fc.constantFrom('', '.', 'a.b', `${'a'.repeat(3000)}.b`)).map((t) => ({
        kind: 'junk link',
        probe: { method: 'GET', path: `/api/book-again?t=${encode(t)}` },
        expect: 'reject' as const,
      })),
    ));

  // docs/product/calendar-feed.md#what-the-feed-holds: a token that is not the link's reads nothing and says so.
  test('GET /api/calendar (tokens that are junk)', (context) =>
    fuzz(
      context,
      'GET /api/calendar',
      fc
        .oneof(junkString, fc.constantFrom('', 'a'.repeat(42), 'a'.repeat(43), 'a'.repeat(44), 'a'.repeat(3000)))
        .map((t) => ({
          kind: 'junk token',
          probe: { method: 'GET', path: `/api/calendar?t=${encode(t)}` },
          expect: 'reject' as const,
        })),
    ));

  test('GET and POST /api/visit-change (links that are junk; every body invalid)', (context) =>
    fuzz(
      context,
      '/api/visit-change',
      fc.oneof(
        // docs/product/visits.md#changing-a-visit: a link that is not one of ours changes nothing and says so.
        fc.tuple(junkString, anyJson).map(([t, body]) => ({
          kind: 'junk link',
          probe: {
            method: 'POST',
            path: '/api/visit-change',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
              t,
              action: 'cancel',
            }),
          },
          expect: 'reject' as const,
        })),
        junkString.map((t) => ({
          kind: 'junk link (GET)',
          probe: { method: 'GET', path: `/api/visit-change?t=${encode(t)}` },
          expect: 'reject' as const,
        })),
        tokenOnly('POST', '/api/visit-change', ['GET', 'POST']),
      ),
    ));

  test('POST /api/check-subscription', (context) =>
    fuzz(context, 'POST /api/check-subscription', tokenOnly('POST', '/api/check-subscription', ['POST'])));
  test('GET /api/account', (context) =>
    fuzz(
      context,
      'GET /api/account',
      tokenOnly('GET', '/api/account', ['GET']).map((c) =>
        // A subscriber's next charge is the card provider's invoice preview: a POST, which the SDK keys.
        c.expect === 'either' ? { ...c, stores: { 'emulator_stripe.idempotency_keys': 1 } } : c,
      ),
    ));
  test('POST /api/customer-portal', (context) =>
    fuzz(
      context,
      'POST /api/customer-portal',
      tokenOnly('POST', '/api/customer-portal', ['POST']).map((c) =>
        // A signed-in customer's portal link is a new portal session at the card provider.
        c.expect === 'either'
          ? { ...c, stores: { 'emulator_stripe.objects': 1, 'emulator_stripe.idempotency_keys': 1 } }
          : c,
      ),
    ));

  /** Whether the site refuses a post with these headers as sent by another site's page. */
  const crossSite = (headers: Record<string, string> | undefined): boolean => {
    const { 'sec-fetch-site': fetchSite, origin } = headers ?? {};
    const browser = new Headers({
      ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
      ...(origin ? { origin } : {}),
    });
    return (
      crossSiteProblem(new Request(`${server.origin}/api/auth-form`, { method: 'POST', headers: browser })) !== null
    );
  };

  test('POST /api/auth-form: whatever is posted from the site, a redirect to /auth and nothing kept', (context) =>
    fuzz(
      context,
      'POST /api/auth-form',
      fc.oneof(
        fc
          .tuple(
            fc.oneof(
              malformedForm,
              fc.dictionary(junkString, junkString, { maxKeys: 4 }).map((f) => new URLSearchParams(f).toString()),
              anyJson.map((v) => JSON.stringify(v)),
              // Within the 16 KB the server answers before it has to drop an unread body.
              fc.string({ maxLength: 8000 }),
            ),
            fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', ''),
            fc.option(hostileHeaders, { nil: undefined }),
          )
          .map(([body, type, headers]) => ({
            kind: 'any post',
            probe: {
              method: 'POST',
              path: '/api/auth-form',
              headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
              body,
            },
            // A post another site's page sent is refused like every other state-changing request
            // (docs/product/operations.md#security); any other is sent back to /auth.
            expect: crossSite(headers) ? ('reject' as const) : ('accept' as const),
          })),
        otherMethod(['POST', 'OPTIONS', 'HEAD']).map((m) => ({
          kind: 'wrong method',
          probe: { method: m, path: '/api/auth-form' },
          expect: 'reject' as const,
        })),
      ),
      (answer) =>
        answer.status === 303 && answer.headers.location !== '/auth#needs-javascript'
          ? `redirects to ${String(answer.headers.location)}`
          : answer.status < 400 && answer.text !== ''
            ? `answered a body: ${answer.text.slice(0, 80)}`
            : null,
    ));

  test('POST /api/stripe-webhook', async (context) => {
    const { default: Stripe } = await import('stripe');
    const signed = async (payload: string, secret = server.webhookSecret, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    const handled = text([
      'checkout.session.completed',
      'checkout.session.expired',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
    ]);
    const cases = fc.oneof(
      fc
        .tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('', 't=1,v1=00', 'v1=abc', 'garbage', 't=abc,v1=,v0=x'))
        .map(([payload, header]) => ({
          kind: 'unsigned or badly signed',
          payload: JSON.stringify(payload),
          header: () => Promise.resolve(header),
        })),
      fc.tuple(handled, fc.jsonValue({ maxDepth: 3 })).map(([type, object]) => ({
        kind: 'signed with another secret',
        payload: JSON.stringify({ id: 'evt_forged', object: 'event', type, created: 1, data: { object } }),
        header: (payload: string) => signed(payload, 'whsec_attacker'),
      })),
      fc.tuple(handled, fc.integer({ min: 301, max: 100_000 })).map(([type, age]) => ({
        kind: 'signed too long ago',
        payload: JSON.stringify({ id: 'evt_stale', object: 'event', type, created: 1, data: { object: { id: 'x' } } }),
        header: (payload: string) => signed(payload, server.webhookSecret, Math.floor(Date.now() / 1000) - age),
      })),
      // Properly signed, but the object is not what the type promises: refused, never half-applied.
      fc
        .tuple(
          handled,
          fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(extraKey, anyJson, { maxKeys: 4 })),
          fc.uuid(),
        )
        .map(([type, object, id]) => ({
          kind: 'signed, malformed object',
          payload: JSON.stringify({ id: `evt_${id}`, object: 'event', type, created: 1, data: { object } }),
          header: (payload: string) => signed(payload),
        })),
    );
    const arbitrary = cases.map((c) => ({ ...c, expect: 'reject' as const }));
    const tally = new Tally();
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const problems: string[] = [];
        for (const c of batch) kinds.add(c.kind);
        await Promise.all(
          batch.map(async (c) => {
            const header = await c.header(c.payload);
            const probe = {
              method: 'POST',
              path: '/api/stripe-webhook',
              headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
              body: c.payload,
            };
            problems.push(...(await run({ kind: c.kind, probe, expect: c.expect }, tally)));
          }),
        );
        for (const p of problems) tally.problem(p);
        if (problems.length > 0) throw new Error(problems.join('\n'));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    report(context, tally.row('bad input', 'POST /api/stripe-webhook', { ...FULL_FUZZ, note: kindsNote(kinds) }));
    expect(tally.tried).toBeGreaterThanOrEqual(CASES);
  });
});

/** Password grants, none with the right password; fewer well-formed ones, as each costs a bcrypt comparison. */
function passwordGrantCases(): fc.Arbitrary<Case> {
  const cases = jsonEndpointCases({
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    valid: fc.record({
      email: fc.oneof(email, fc.constant('fuzz.customer@example.com')),
      password: text(['wrong-password', 'FUZZING-IS-FUN-42']),
    }),
    required: {},
    optional: { email: 'string', password: 'string' },
    maxBytes: 16 * 1024,
    headers: apikey,
  }).map((c) => ({ ...c, expect: 'reject' as const }));
  const wellFormed = new Set(['extra fields', 'hostile headers', 'unicode and nasty strings']);
  return fc.oneof(
    { weight: 1, arbitrary: cases },
    { weight: 2, arbitrary: cases.filter((c) => !wellFormed.has(c.kind)) },
  );
}

/** A body the owner's call refuses: any JSON value its own request rule does not accept. */
const refusedBody = (accepts: (body: unknown) => boolean) => anyJson.filter((body) => !accepts(body));

/** The owner's calls: hostile bodies, queries and path ids with the owner's real token, and other tokens. */
function ownerCases(method: string, path: string, cases: fc.Arbitrary<Case>): fc.Arbitrary<Case> {
  const asOwner = { authorization: `Bearer ${owner.accessToken}` };
  return fc.oneof(
    {
      arbitrary: cases.map((c) => ({ ...c, probe: { ...c.probe, headers: { ...asOwner, ...c.probe.headers } } })),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom(`Bearer ${customer.accessToken}`, '', 'Bearer x.y.z').map((token) => ({
        kind: "not the owner's token",
        probe: {
          method,
          path,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          ...(method === 'GET'
            ? {}
            : { body: JSON.stringify({ visitsPerWindow: 3, status: 'won', action: 'no-show' }) }),
        },
        expect: 'reject' as const,
      })),
      weight: 1,
    },
  );
}

/** A query parameter or path segment no owner's call accepts: junk, and dates that are not days. */
const notADay = fc
  .oneof(junkString, text(['2026-02-30', '2026-13-01', '20261201', '2026-1-1', '9999-99-99', '']))
  .filter((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)));

describe("the owner's functions under /api/owner (the owner's real token)", () => {
  const post = (path: string, accepts: (body: unknown) => boolean) =>
    refusedBody(accepts).map((body) => ({
      kind: 'refused body',
      probe: { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      expect: 'reject' as const,
    }));

  test('POST /api/owner/visits/{id}', (context) =>
    fuzz(
      context,
      'POST /api/owner/visits/{id}',
      ownerCases(
        'POST',
        `/api/owner/visits/${randomUUID()}`,
        fc.oneof(
          post(`/api/owner/visits/${randomUUID()}`, (body) => visitActionRequest.safeParse(body).success),
          fc.constantFrom('no-show', 'cancel', 'done').map((action) => ({
            kind: 'a visit that is not there',
            probe: {
              method: 'POST',
              path: `/api/owner/visits/${randomUUID()}`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ action }),
            },
            expect: 'reject' as const,
          })),
        ),
      ),
    ));

  test('GET /api/owner/visits (hostile ranges, statuses and ids)', (context) =>
    fuzz(
      context,
      'GET /api/owner/visits',
      ownerCases(
        'GET',
        '/api/owner/visits?from=2026-12-01&to=2026-12-01',
        fc.oneof(
          fc.tuple(notADay, fc.boolean()).map(([bad, first]) => ({
            kind: 'a range that is not days',
            probe: {
              method: 'GET',
              path: `/api/owner/visits?from=${encode(first ? bad : '2026-12-01')}&to=${encode(first ? '2026-12-01' : bad)}`,
            },
            expect: 'reject' as const,
          })),
          junkString.map((status) => ({
            kind: 'a status that is none',
            probe: {
              method: 'GET',
              path: `/api/owner/visits?from=2026-12-01&to=2026-12-02&status=${encode(`${status}?`)}`,
            },
            expect: 'reject' as const,
          })),
          notADay.map((day) => ({
            kind: 'a due day that is not a day',
            probe: { method: 'GET', path: `/api/owner/visits?dueBy=${encode(day)}` },
            expect: 'reject' as const,
          })),
          fc.oneof(junkString, fc.uuid()).map((id) => ({
            kind: 'a visit id that is none',
            probe: { method: 'GET', path: `/api/owner/visits/${encode(id)}` },
            expect: 'reject' as const,
          })),
        ),
      ),
    ));

  test('POST /api/owner/settings, /api/owner/closed-days, /api/owner/leads/{id}', (context) =>
    fuzz(
      context,
      'POST /api/owner/settings, closed-days, leads',
      fc.oneof(
        ownerCases(
          'POST',
          '/api/owner/settings',
          post('/api/owner/settings', (body) =>
            isVisitsPerWindow((body as { visitsPerWindow?: unknown } | null)?.visitsPerWindow),
          ),
        ),
        ownerCases(
          'POST',
          '/api/owner/closed-days',
          post('/api/owner/closed-days', (body) => closedDayRequest.safeParse(body).success),
        ),
        ownerCases(
          'POST',
          `/api/owner/leads/${randomUUID()}`,
          fc.oneof(
            post(`/api/owner/leads/${randomUUID()}`, (body) => leadChangeRequest.safeParse(body).success),
            fc.oneof(junkString, fc.uuid()).map((id) => ({
              kind: 'a lead that is not there',
              probe: {
                method: 'POST',
                path: `/api/owner/leads/${encode(id)}`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ status: 'won' }),
              },
              expect: 'reject' as const,
            })),
          ),
        ),
      ),
    ));

  test('GET /api/owner/customers, /api/owner/export/{file}, /api/owner/due, /api/owner/leads', (context) =>
    fuzz(
      context,
      'GET /api/owner/customers, export, due, leads',
      fc.oneof(
        ownerCases(
          'GET',
          '/api/owner/customers?q=pat',
          fc.oneof(
            // Any text is a search: answered, never stored.
            junkString.map((q) => ({
              kind: 'any search',
              probe: { method: 'GET', path: `/api/owner/customers?q=${encode(q)}` },
              expect: 'either' as const,
            })),
            fc.oneof(junkString, fc.uuid()).map((id) => ({
              kind: 'a customer id that is none',
              probe: { method: 'GET', path: `/api/owner/customers/${encode(id)}` },
              expect: 'reject' as const,
            })),
          ),
        ),
        ownerCases(
          'GET',
          '/api/owner/export/visits.csv',
          fc.oneof(
            junkString.map((file) => ({
              kind: 'an export that is none',
              probe: { method: 'GET', path: `/api/owner/export/${encode(`${file}x`)}` },
              expect: 'reject' as const,
            })),
            // An empty bound is no bound: the whole export.
            notADay
              .filter((day) => day !== '')
              .map((day) => ({
                kind: 'an export range that is not days',
                probe: { method: 'GET', path: `/api/owner/export/orders.csv?from=${encode(day)}` },
                expect: 'reject' as const,
              })),
          ),
        ),
        // docs/product/due-again.md#the-owners-list: within is 1 to 365 days, nothing else.
        ownerCases(
          'GET',
          '/api/owner/due',
          fc
            .oneof(
              junkString.map((within) => `${within}x`),
              text(['0', '366', '-1', '7.5', '1e2']),
            )
            .map((within) => ({
              kind: 'a within that is not 1 to 365 days',
              probe: { method: 'GET', path: `/api/owner/due?within=${encode(within)}` },
              expect: 'reject' as const,
            })),
        ),
        ownerCases(
          'GET',
          '/api/owner/leads',
          junkString.map((status) => ({
            kind: 'a lead status that is none',
            probe: { method: 'GET', path: `/api/owner/leads?status=${encode(`${status}?`)}` },
            expect: 'reject' as const,
          })),
        ),
      ),
    ));
});

describe('auth emulator /auth/v1', () => {
  test('POST /auth/v1/signup', (context) =>
    fuzz(
      context,
      'POST /auth/v1/signup',
      fc.oneof(
        {
          weight: 19,
          arbitrary: jsonEndpointCases({
            method: 'POST',
            path: '/auth/v1/signup',
            // Every "valid" body here has a password that is too short, so no account is made by accident.
            valid: fc.record({
              email,
              password: text(['', 'a', '12345']),
              data: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
            }),
            required: {},
            optional: { email: 'string', password: 'string', data: 'object' },
            // A nasty string in place of the short password can make a valid one: then an account is made.
            storesOnSuccess: SIGNUP_STORES,
            maxBytes: 16 * 1024,
            headers: apikey,
          }),
        },
        // A real sign-up now and then, with extras and hostile metadata: accepted, stored once, extras ignored.
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.uuid(), fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
            .map(([id, extra]) => ({
              kind: 'valid with extra fields',
              probe: {
                method: 'POST',
                path: `/auth/v1/signup?redirect_to=${encodeURIComponent('https://evil.example/')}`,
                headers: { ...apikey, 'content-type': 'application/json' },
                body: JSON.stringify(
                  Object.assign(Object.create(null) as object, extra, {
                    email: `new.${id}@example.com`,
                    password: 'long-enough-1',
                    data: { full_name: 'X' },
                  }),
                ),
              },
              expect: 'accept' as const,
              stores: SIGNUP_STORES,
            })),
        },
      ),
    ));

  test('POST /auth/v1/token?grant_type=password', (context) =>
    fuzz(context, 'POST /auth/v1/token (password)', passwordGrantCases()));

  test('POST /auth/v1/token (refresh and unknown grants)', (context) =>
    fuzz(
      context,
      'POST /auth/v1/token (refresh, other grants)',
      fc.oneof(
        jsonEndpointCases({
          method: 'POST',
          path: '/auth/v1/token?grant_type=refresh_token',
          valid: fc.record({ refresh_token: fc.oneof(junkString, fc.base64String({ minLength: 12, maxLength: 60 })) }),
          required: {},
          optional: { refresh_token: 'string' },
          maxBytes: 16 * 1024,
          headers: apikey,
        }).map((c) => ({ kind: c.kind, probe: c.probe, expect: 'reject' as const })),
        fc.tuple(junkString, anyJson).map(([grant, body]) => ({
          kind: 'unknown grant',
          probe: {
            method: 'POST',
            path: `/auth/v1/token?grant_type=${encode(grant)}`,
            headers: { ...apikey, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
          expect: 'reject' as const,
        })),
      ),
    ));

  test('POST /auth/v1/logout and GET /auth/v1/user', (context) =>
    fuzz(
      context,
      'POST /auth/v1/logout, GET /auth/v1/user',
      fc.oneof(
        fc.tuple(badToken, junkString, fc.boolean()).map(([token, scope, logout]) => ({
          kind: 'bad token',
          probe: {
            method: logout ? 'POST' : 'GET',
            path: logout ? `/auth/v1/logout?scope=${encode(scope)}` : '/auth/v1/user',
            headers: { ...apikey, ...(token ? { authorization: token } : {}) },
          },
          expect: 'reject' as const,
        })),
        // The real token with a scope that does not exist: refused before any session ends.
        junkString
          .filter((s) => !['', 'global', 'local', 'others'].includes(s))
          .map((scope) => ({
            kind: 'unknown scope',
            probe: {
              method: 'POST',
              path: `/auth/v1/logout?scope=${encode(scope)}`,
              headers: { ...apikey, ...auth() },
            },
            expect: 'reject' as const,
          })),
        hostileHeaders.map((headers) => ({
          kind: 'no apikey',
          probe: { method: 'GET', path: '/auth/v1/user', headers: { ...headers, ...auth() } },
          expect: 'reject' as const,
        })),
      ),
    ));

  test('GET /auth/v1/verify: hostile tokens and redirect_to never leave the site', (context) =>
    fuzz(
      context,
      'GET /auth/v1/verify',
      fc
        .tuple(
          fc.oneof(
            junkString,
            fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 56, maxLength: 56 }),
          ),
          fc.oneof(text(['signup', 'recovery', 'magiclink', '']), junkString),
          fc.oneof(
            text([
              'https://evil.example/',
              '//evil.example/',
              '/\\evil.example',
              'http://127.0.0.1@evil.example/',
              `http://127.0.0.1:1/`,
              'javascript:alert(1)',
              'data:text/html,<script>alert(1)</script>',
              'http://localhost/',
              'http:evil.example',
              'https://evil.example%2f@127.0.0.1/',
            ]),
            junkString,
            fc.webUrl(),
          ),
        )
        .map(([token, type, redirect]) => ({
          kind: 'hostile link',
          probe: {
            method: 'GET',
            path: `/auth/v1/verify?token=${encode(token)}&type=${encode(type)}&redirect_to=${encode(redirect)}`,
          },
          expect: 'either' as const,
        })),
      (answer) => {
        if (answer.status !== 303) return answer.status >= 400 ? null : `verify answered ${answer.status}`;
        const location = String(answer.headers.location ?? '');
        const target = new URL(location, origin);
        return target.origin === origin && location.startsWith(`${origin}/`)
          ? null
          : `redirects off the site: ${location}`;
      },
      // A refused link is a redirect with the error in the fragment, as GoTrue answers it.
      (answer) => answer.status === 303 && String(answer.headers.location ?? '').includes('error_code='),
    ));

  // Addresses no account has, so an accepted request sends and stores nothing.
  const unknownEmail = text(['nobody.recover@example.com', 'Nobody.Resend@Example.org']);

  test('POST /auth/v1/recover: the same empty answer for any address, nothing stored', (context) =>
    fuzz(
      context,
      'POST /auth/v1/recover',
      jsonEndpointCases({
        method: 'POST',
        path: '/auth/v1/recover',
        valid: fc.record({ email: unknownEmail }),
        required: {},
        optional: { email: 'string', code_challenge: 'string', code_challenge_method: 'string' },
        maxBytes: 16 * 1024,
        headers: apikey,
      }),
      (answer) => (answer.status === 200 && answer.text !== '{}' ? `answered ${answer.text}` : null),
    ));

  test('POST /auth/v1/resend', (context) =>
    fuzz(
      context,
      'POST /auth/v1/resend',
      jsonEndpointCases({
        method: 'POST',
        path: '/auth/v1/resend',
        valid: fc.record({ type: text(['signup', 'email_change']), email: unknownEmail }),
        required: {},
        optional: {
          type: 'string',
          email: 'string',
          phone: 'string',
          code_challenge: 'string',
          code_challenge_method: 'string',
        },
        maxBytes: 16 * 1024,
        headers: apikey,
      }),
    ));

  test('POST /auth/v1/verify: no token hash or code of anyone signs in', (context) =>
    fuzz(
      context,
      'POST /auth/v1/verify',
      jsonEndpointCases({
        method: 'POST',
        path: '/auth/v1/verify',
        valid: fc.oneof(
          fc.record({
            type: text(['signup', 'recovery', 'email', 'magiclink', 'invite', 'email_change']),
            token_hash: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 56, maxLength: 56 }),
          }),
          fc.record({
            type: text(['email', 'recovery', 'signup']),
            email: text(['fuzz.customer@example.com', 'pat@example.com']),
            token: fc.stringMatching(/^\d{6}$/),
          }),
        ),
        required: {},
        optional: { type: 'string', token: 'string', token_hash: 'string', email: 'string', phone: 'string' },
        maxBytes: 16 * 1024,
        headers: apikey,
      }).map((c) => ({ ...c, expect: 'reject' as const })),
    ));

  test('PUT /auth/v1/user: every change refused (weak, too long or the same password, another address, a phone, app_metadata)', (context) =>
    fuzz(
      context,
      'PUT /auth/v1/user',
      fc.oneof(
        fc
          .oneof(
            fc.record({ password: fc.string({ maxLength: 5 }).filter((p) => Buffer.byteLength(p) < 6) }),
            fc.record({ password: fc.string({ minLength: 73, maxLength: 120 }) }),
            fc.record({ password: fc.constant('fuzzing-is-fun-42') }),
            // '' is no change at all, and the customer's own address changes nothing either.
            fc.record({ email: junkString.filter((e) => e !== '' && e.toLowerCase() !== 'fuzz.customer@example.com') }),
            fc.record({ phone: junkString.filter((p) => p !== '') }),
            fc.record({ app_metadata: fc.dictionary(junkString, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 }) }),
            fc.record({
              data: fc.dictionary(junkString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
              password: fc.constant('12345'),
            }),
          )
          .chain((body) =>
            fc.tuple(fc.constant(body), fc.option(hostileHeaders, { nil: undefined })).map(([b, headers]) => ({
              kind: 'refused change',
              probe: {
                method: 'PUT',
                path: '/auth/v1/user',
                headers: { ...headers, ...apikey, ...auth(), 'content-type': 'application/json' },
                body: JSON.stringify(b),
              },
              expect: 'reject' as const,
            })),
          ),
        fc
          .tuple(fc.constantFrom('password', 'email', 'data', 'app_metadata', 'nonce', 'phone'), nonString)
          // An object is data's own type: that would be a change, not a wrong type.
          .filter(([field, value]) => !(field === 'data' && typeof value === 'object' && !Array.isArray(value)))
          .map(([field, value]) => ({
            kind: 'wrong type',
            probe: {
              method: 'PUT',
              path: '/auth/v1/user',
              headers: { ...apikey, ...auth(), 'content-type': 'application/json' },
              body: JSON.stringify({ [field]: value }),
            },
            // null is an absent field to GoTrue; an empty object or array of data changes nothing here.
            expect: value === null ? ('either' as const) : ('reject' as const),
            ...(value === null ? {} : { field }),
          })),
        fc.tuple(badToken, anyJson).map(([token, body]) => ({
          kind: 'bad token',
          probe: {
            method: 'PUT',
            path: '/auth/v1/user',
            headers: { ...apikey, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
            body: JSON.stringify(body),
          },
          expect: 'reject' as const,
        })),
        fc.tuple(badToken, fc.boolean()).map(([token, withKey]) => ({
          kind: 'reauthenticate, bad token',
          probe: {
            method: 'GET',
            path: '/auth/v1/reauthenticate',
            headers: { ...(withKey ? apikey : {}), ...(token ? { authorization: token } : {}) },
          },
          expect: 'reject' as const,
        })),
      ),
    ));

  test('admin routes: refused without the service key; with it, bad and unsupported updates refused', (context) => {
    const service = { ...apikey, authorization: `Bearer ${readServiceKey(dataDir) ?? ''}` };
    const customerId = decodeJwt(customer.accessToken).sub ?? '';
    const userPath = `/auth/v1/admin/users/${customerId}`;
    /** A ban_duration the emulator cannot read (one it can would ban the customer, or lift no ban). */
    const badDuration = junkString.filter((value) => {
      try {
        parseBanDuration(value);
        return false;
      } catch {
        return value !== '';
      }
    });
    const refusedUpdate = fc.oneof(
      fc
        .tuple(fc.constantFrom('app_metadata', 'user_metadata', 'email_confirm', 'ban_duration'), nonString)
        // null is an absent field to GoTrue; an object or a boolean is the field's own type.
        .filter(
          ([field, value]) =>
            value !== null &&
            !(field.endsWith('metadata') && typeof value === 'object' && !Array.isArray(value)) &&
            !(field === 'email_confirm' && typeof value === 'boolean'),
        )
        .map(([field, value]) => ({ [field]: value })),
      fc.record({ ban_duration: badDuration }),
      fc.record({ email: junkString.filter((value) => value !== '') }),
      fc.record({ phone: junkString.filter((value) => value !== '') }),
      fc.record({ role: junkString.filter((value) => value !== '') }),
      fc.record({ password: junkString }),
    );
    return fuzz(
      context,
      '/auth/v1/admin/users',
      fc.oneof(
        fc
          .tuple(
            fc.oneof(badToken, fc.constant(`Bearer ${customer.accessToken}`)),
            fc.constantFrom('GET /auth/v1/admin/users', `GET ${userPath}`, `PUT ${userPath}`),
            anyJson,
          )
          .map(([token, route, body]) => {
            const [method = 'GET', path = ''] = route.split(' ');
            return {
              kind: 'not the service key',
              probe: {
                method,
                path,
                headers: { ...apikey, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
                ...(method === 'PUT' ? { body: JSON.stringify(body) } : {}),
              },
              expect: 'reject' as const,
            };
          }),
        refusedUpdate.map((body) => ({
          kind: 'refused update',
          probe: {
            method: 'PUT',
            path: userPath,
            headers: { ...service, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
          expect: 'reject' as const,
        })),
        fc.oneof(junkString, hugeBody(16 * 1024)).map((body) => ({
          kind: 'body not a JSON object',
          probe: { method: 'PUT', path: userPath, headers: { ...service, 'content-type': 'application/json' }, body },
          expect: 'either' as const,
        })),
        fc.tuple(junkString, junkString).map(([page, perPage]) => ({
          kind: 'list pages',
          probe: {
            method: 'GET',
            path: `/auth/v1/admin/users?page=${encode(page)}&per_page=${encode(perPage)}`,
            headers: service,
          },
          expect: 'either' as const,
        })),
        junkString.map((id) => ({
          kind: 'unknown user id',
          probe: { method: 'GET', path: `/auth/v1/admin/users/${encode(id)}`, headers: service },
          expect: 'reject' as const,
        })),
      ),
    );
  });

  test('other /auth/v1 routes, methods and preflights', (context) =>
    fuzz(
      context,
      '/auth/v1 routing',
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          fc.oneof(
            text([
              '/settings',
              '/.well-known/jwks.json',
              '/admin/users',
              '/recover',
              '/resend',
              '/reauthenticate',
              '/otp',
              '/factors',
              '/',
              '/../../etc/passwd',
              '/%2e%2e/%2e%2e/',
            ]),
            junkString.map((s) => `/${encode(s)}`),
          ),
          fc.boolean(),
        )
        .map(([method, route, withKey]) => ({
          kind: 'routing',
          probe: { method, path: `/auth/v1${route}`, headers: withKey ? apikey : {} },
          expect: 'either' as const,
        })),
    ));
});

const stripeAuth = {
  authorization: `Bearer ${EMBEDDED_STRIPE_KEY}`,
  'content-type': 'application/x-www-form-urlencoded',
};
const badStripeKey = fc.oneof(
  fc.constant({}),
  text(['Bearer sk_live_123', 'Bearer sk_test_wrong', 'Basic c2tfdGVzdF93cm9uZzo=', 'Bearer ', 'Bearer rk_test_x']).map(
    (a) => ({ authorization: a }),
  ),
  fc.string({ maxLength: 30 }).map((k) => ({ authorization: latin1Safe(`Bearer ${k}`) })),
);

/** A form parameter name that no endpoint knows, well formed. */
const unknownParam = fc
  .stringMatching(/^[a-z_]{1,12}$/)
  .filter(
    (k) =>
      ![
        'email',
        'name',
        'phone',
        'description',
        'metadata',
        'expand',
        'limit',
        'customer',
        'status',
        'return_url',
        'configuration',
        'locale',
        'cancel_at_period_end',
        'cancellation_details',
        'proration_behavior',
        'invoice_now',
        'prorate',
        'mode',
        'line_items',
        'customer_email',
        'customer_creation',
        'client_reference_id',
        'subscription_data',
        'payment_intent_data',
        'success_url',
        'cancel_url',
        'expires_at',
        'ui_mode',
        'payment_method_types',
      ].includes(k),
  );

function stripeCases(
  method: string,
  path: () => string,
  wrongTypes: fc.Arbitrary<string>,
  allowed: readonly string[],
): fc.Arbitrary<Case> {
  const encoded = (body: string) =>
    method === 'GET' || method === 'DELETE' ? { query: body, body: undefined } : { query: '', body };
  const probe = (body: string, headers: Record<string, string> = stripeAuth, m = method): Case['probe'] => {
    const { query, body: sent } = encoded(body);
    const base = path();
    return {
      method: m,
      path: query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base,
      headers,
      ...(sent === undefined ? {} : { body: sent }),
    };
  };
  return fc.oneof(
    badStripeKey.map((headers) => ({ kind: 'bad API key', probe: probe('', headers), expect: 'reject' as const })),
    fc.tuple(unknownParam, junkString).map(([key, value]) => ({
      kind: 'unknown parameter',
      probe: probe(`${key}=${encode(value)}`),
      expect: 'reject' as const,
      field: key,
    })),
    wrongTypes.map((body) => ({ kind: 'wrong type', probe: probe(body), expect: 'reject' as const })),
    stripeMalformed.map((body) => ({ kind: 'malformed form', probe: probe(body), expect: 'reject' as const })),
    fc.nat({ max: 30 }).map((depth) => ({
      kind: 'deep nesting',
      probe: probe(`metadata${'[a]'.repeat(depth + 8)}=1`),
      expect: 'reject' as const,
    })),
    junkString.map((value) => ({
      kind: 'NUL and unicode values',
      probe: probe(`metadata[k]=${encode(value)}&${allowed[0] ?? 'expand'}=%00`),
      expect: 'reject' as const,
    })),
    otherMethod(['GET', 'POST', 'DELETE', 'HEAD', 'OPTIONS']).map((m) => ({
      kind: 'wrong method',
      probe: probe('', stripeAuth, m),
      expect: 'reject' as const,
    })),
    ...(method === 'POST'
      ? [
          hugeBody(256 * 1024).map((body) => ({
            kind: 'huge body',
            probe: { method, path: path(), headers: stripeAuth, body },
            expect: 'reject' as const,
          })),
          fc.constantFrom('application/json', 'text/plain', 'multipart/form-data').map((type) => ({
            kind: 'wrong content type',
            probe: { method, path: path(), headers: { ...stripeAuth, 'content-type': type }, body: 'email=a@b.c' },
            expect: 'reject' as const,
          })),
        ]
      : []),
  );
}

/** Form bodies Stripe's encoding cannot decode into known parameters. */
const stripeMalformed = fc.oneof(
  fc.constantFrom('%', '%zz=1', 'a=%E0%A4%A', '&&&==&', 'a[=1', 'a]=1', 'a[b=1', '=', '%00=%00', '[a]=1', 'a[b]c=1'),
  fc.nat({ max: 40 }).map((depth) => `zz${'[b]'.repeat(depth)}=1`),
);

const junkId = fc.oneof(junkString, fc.stringMatching(/^[a-z]{2,4}_[A-Za-z0-9]{0,20}$/)).map((id) => encode(id));

describe('Stripe emulator /v1', () => {
  test('POST /v1/customers', (context) =>
    fuzz(
      context,
      'POST /v1/customers',
      stripeCases(
        'POST',
        () => '/v1/customers',
        text(['email[a]=1', 'metadata=text', 'name[]=x', `metadata[${'k'.repeat(41)}]=v`, `phone=${'1'.repeat(30)}`]),
        ['email'],
      ),
    ));
  test('GET /v1/customers and /v1/customers/:id', (context) =>
    fuzz(
      context,
      'GET /v1/customers(/:id)',
      fc.oneof(
        stripeCases(
          'GET',
          () => '/v1/customers',
          text(['limit=abc', 'limit=0', 'limit=101', 'email[x]=1', 'limit=99999999999999999999999']),
          ['email'],
        ),
        junkId.map((id) => ({
          kind: 'unknown id',
          probe: { method: 'GET', path: `/v1/customers/${id}`, headers: stripeAuth },
          expect: 'reject' as const,
        })),
      ),
    ));
  test('POST /v1/checkout/sessions', (context) =>
    fuzz(
      context,
      'POST /v1/checkout/sessions',
      stripeCases(
        'POST',
        () => '/v1/checkout/sessions',
        text([
          'mode=junk',
          'mode=setup',
          'mode=payment',
          'mode=payment&line_items[0][quantity]=1',
          'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=-5&line_items[0][price_data][product_data][name]=x&line_items[0][quantity]=1',
          'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1.5&line_items[0][price_data][product_data][name]=x&line_items[0][quantity]=1',
          'mode=payment&line_items[0][price_data][currency]=US&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=x&line_items[0][quantity]=1',
          'mode=payment&line_items[0][price]=price_x&line_items[0][quantity]=1',
          'mode=subscription&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=x&line_items[0][quantity]=1',
          'mode=payment&customer=cus_nope&line_items[1][quantity]=1',
          'mode=payment&success_url=javascript:alert(1)&line_items[0][quantity]=1',
          'mode=payment&expires_at=1&line_items[0][quantity]=1',
          'line_items=1',
        ]),
        ['mode'],
      ),
    ));
  test('GET /v1/checkout/sessions/:id', (context) =>
    fuzz(
      context,
      'GET /v1/checkout/sessions/:id',
      fc.oneof(
        stripeCases(
          'GET',
          () => `/v1/checkout/sessions/${stripeIds.openSession}`,
          text(['limit=1', 'customer=cus_x', 'expand=a&expand[b]=1']),
          ['expand'],
        ),
        junkId.map((id) => ({
          kind: 'unknown id',
          probe: { method: 'GET', path: `/v1/checkout/sessions/${id}`, headers: stripeAuth },
          expect: 'reject' as const,
        })),
      ),
    ));
  test('POST /v1/billing_portal/sessions', (context) =>
    fuzz(
      context,
      'POST /v1/billing_portal/sessions',
      stripeCases(
        'POST',
        () => '/v1/billing_portal/sessions',
        fc.oneof(
          text(['customer=', 'customer[a]=1', 'return_url=javascript:alert(1)', 'customer=cus_nope']),
          junkId.map((id) => `customer=${id}`),
        ),
        ['customer'],
      ),
    ));
  test('/v1/subscriptions: list, retrieve, update, cancel', (context) =>
    fuzz(
      context,
      '/v1/subscriptions',
      fc.oneof(
        stripeCases('GET', () => '/v1/subscriptions', text(['status=junk', 'limit=-1', 'customer[x]=1']), ['customer']),
        stripeCases(
          'POST',
          () => `/v1/subscriptions/${stripeIds.subscription}`,
          text(['cancel_at_period_end=maybe', 'cancel_at_period_end[x]=1', 'metadata=x', 'cancellation_details=x']),
          ['metadata'],
        ),
        stripeCases(
          'DELETE',
          () => `/v1/subscriptions/${stripeIds.subscription}`,
          text(['invoice_now=perhaps', 'prorate=2']),
          ['prorate'],
        ),
        fc.tuple(fc.constantFrom('GET', 'POST', 'DELETE'), junkId).map(([method, id]) => ({
          kind: 'unknown id',
          probe: {
            method,
            path: `/v1/subscriptions/${id}`,
            headers: stripeAuth,
            ...(method === 'POST' ? { body: 'cancel_at_period_end=true' } : {}),
          },
          expect: 'reject' as const,
        })),
        fc.tuple(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'), junkString).map(([method, route]) => ({
          kind: 'unknown route',
          probe: { method, path: `/v1/${encode(route)}`, headers: stripeAuth },
          expect: 'reject' as const,
        })),
      ),
    ));
});

/** Card form fields that can never pay: the number is never a valid card. */
const neverPays = fc.record({
  number: fc.oneof(junkString, text(['4242 4242 4242 4241', '0000', '4'.repeat(25)])).filter((n) => {
    const digits = n.replace(/[\s-]/g, '');
    return !/^\d{13,19}$/.test(digits);
  }),
  expiry: fc.oneof(junkString, text(['12 / 40', '13/30', '01/20'])),
  cvc: fc.oneof(junkString, text(['123', '1'])),
  name: fc.oneof(junkString, text(['Pat'])),
  email: fc.oneof(junkString, email),
  amount: text(['1', '0', '-100']),
});

describe('hosted pages of the Stripe emulator', () => {
  test('checkout page and its Pay form', (context) =>
    fuzz(
      context,
      '/_stripe/checkout',
      fc.oneof(
        fc.tuple(neverPays, fc.dictionary(extraKey, junkString, { maxKeys: 3 })).map(([form, extra]) => ({
          kind: 'card that cannot pay',
          probe: {
            method: 'POST',
            path: `/_stripe/checkout/${stripeIds.openSession}/pay`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...extra, ...form }).toString(),
          },
          expect: 'reject' as const,
        })),
        malformedForm.map((body) => ({
          kind: 'malformed form',
          probe: {
            method: 'POST',
            path: `/_stripe/checkout/${stripeIds.openSession}/pay`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          },
          expect: 'reject' as const,
        })),
        hugeBody(16 * 1024).map((body) => ({
          kind: 'huge form',
          probe: {
            method: 'POST',
            path: `/_stripe/checkout/${stripeIds.openSession}/pay`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          },
          expect: 'reject' as const,
        })),
        fc
          .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'), junkId, fc.boolean())
          .map(([method, id, pay]) => ({
            kind: 'unknown session',
            probe: { method, path: `/_stripe/checkout/${id}${pay ? '/pay' : ''}` },
            expect: 'either' as const,
          })),
        otherMethod(['GET', 'HEAD']).map((method) => ({
          kind: 'wrong method',
          probe: { method, path: `/_stripe/checkout/${stripeIds.openSession}` },
          expect: 'reject' as const,
        })),
      ),
    ));

  test('billing portal and its cancel and renew forms', (context) =>
    fuzz(
      context,
      '/_stripe/billing',
      fc.oneof(
        fc.tuple(fc.constantFrom('cancel', 'renew'), fc.oneof(junkId, junkString)).map(([verb, subscription]) => ({
          kind: 'someone else’s or no subscription',
          probe: {
            method: 'POST',
            path: `/_stripe/billing/${stripeIds.portal}/${verb}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ subscription }).toString(),
          },
          expect: 'reject' as const,
        })),
        fc.tuple(fc.constantFrom('cancel', 'renew'), malformedForm).map(([verb, body]) => ({
          kind: 'malformed form',
          probe: {
            method: 'POST',
            path: `/_stripe/billing/${stripeIds.portal}/${verb}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          },
          expect: 'reject' as const,
        })),
        fc
          .tuple(fc.constantFrom('GET', 'POST', 'PATCH'), junkId, fc.constantFrom('', '/cancel', '/renew', '/x'))
          .map(([method, id, verb]) => ({
            kind: 'unknown portal',
            probe: { method, path: `/_stripe/billing/${id}${verb}` },
            expect: 'either' as const,
          })),
        fc.tuple(junkString).map(([notice]) => ({
          kind: 'hostile notice',
          probe: { method: 'GET', path: `/_stripe/billing/${stripeIds.portal}?notice=${encode(notice)}` },
          expect: 'either' as const,
        })),
      ),
    ));
});

/**
 * Bodies the clock refuses, standing in for `valid` ones: an accepted advance would move time under
 * the rest of the suite (renewing the test plan), so no case here may be one.
 */
const refusedAdvance = fc.oneof(
  fc.constantFrom({ advance: 0 }, { advance: MAX_ADVANCE_SECONDS + 1 }),
  fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }).map((advance) => ({ advance })),
  fc.integer({ min: MAX_ADVANCE_SECONDS + 1 }).map((advance) => ({ advance })),
);

describe('/_dev routes', () => {
  test('POST /_dev/clock (every body refused; the clock never moves)', (context) =>
    fuzz(
      context,
      'POST /_dev/clock',
      jsonEndpointCases({
        method: 'POST',
        path: '/_dev/clock',
        valid: refusedAdvance,
        required: { advance: 'number' },
        acceptsValid: false,
        maxBytes: 16 * 1024,
      })
        // GET only reads the clock: not a wrong method here.
        .filter((c) => !(c.kind === 'wrong method' && c.probe.method === 'GET'))
        // No body here is one the clock takes, whatever else the case holds.
        .map((c) => ({ ...c, expect: 'reject' as const })),
    ).then(async () => {
      const clock = JSON.parse((await send(origin, { method: 'GET', path: '/_dev/clock' })).text) as {
        offsetSeconds: number;
      };
      expect(clock.offsetSeconds).toBe(0);
    }));

  test('/_dev/mail and /_dev/leads', (context) =>
    fuzz(
      context,
      '/_dev/mail, /_dev/leads',
      fc
        .tuple(
          fc.constantFrom('/_dev/mail', '/_dev/mail.json', '/_dev/leads', '/_dev/leads.json'),
          fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'PUT'),
          fc.dictionary(fc.constantFrom('to', 'limit', 'format', 'x'), junkString, { maxKeys: 3 }),
        )
        .map(([path, method, query]) => {
          const search = new URLSearchParams(query).toString();
          return {
            kind: 'hostile query',
            probe: { method, path: `${path}${search ? `?${search}` : ''}` },
            expect: method === 'GET' || method === 'HEAD' ? 'either' : 'reject',
          };
        }),
    ));
});

const SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%252e%252e',
  '..%2f',
  '..%5c',
  '%c0%ae%c0%ae',
  '..\\',
  '%00',
  '',
  'etc',
  'passwd',
  '.env',
  '.git',
  'HEAD',
  'package.json',
  'server',
  'index.ts',
  '.data',
  'node_modules',
  'index.html',
  'blog',
  'air-filter-replacement-guide',
  '_astro',
  'favicon.svg',
  '404.html',
  '%2f',
  '~',
];

describe('static files', () => {
  test('path traversal, encoded dot-segments and hostile headers on static serving', (context) => {
    const distFile = (answer: Answer) => {
      if (answer.status === 200 || answer.status === 404) {
        if (answer.body.length === 0 || distHashes.has(sha(answer.body))) return null;
        return `a ${answer.status} body that is no file of dist/`;
      }
      if (answer.status === 206 && !distFiles.some((file) => file.includes(answer.body))) {
        return 'a partial body that is no part of a file of dist/';
      }
      if (answer.status === 301) {
        const location = String(answer.headers.location ?? '');
        if (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\'))
          return `redirects off the site: ${location}`;
      }
      return null;
    };
    return fuzz(
      context,
      'static files (GET, HEAD)',
      fc
        .tuple(
          fc.array(
            fc.oneof(
              fc.constantFrom(...SEGMENTS),
              junkString.map((s) => encode(s)),
            ),
            { minLength: 1, maxLength: 8 },
          ),
          fc.constantFrom('/', '//', '/%2f', '\\'),
          fc.constantFrom('GET', 'HEAD', 'GET', 'POST'),
          fc.record(
            {
              range: text(['bytes=0-10', 'bytes=99999999-', 'bytes=-1', 'bytes=abc', 'bytes=5-1']),
              'if-none-match': text(['*', '"x"', 'W/"junk"']),
              'if-modified-since': text(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT']),
              'accept-encoding': text(['br', 'gzip', 'br;q=abc', 'identity;q=0, *;q=0', 'deflate']),
            },
            { requiredKeys: [] },
          ),
          fc.constantFrom('', '?x=1', '?../../etc/passwd', '#frag'),
        )
        .filter(([segments]) => !segments.some((segment) => /^(api|auth|v1|_stripe|_dev)$/i.test(segment)))
        .map(([segments, joiner, method, headers, suffix]) => ({
          kind: 'hostile path',
          probe: {
            method,
            path: `/${segments.join(joiner === '\\' ? '/' : joiner)}${suffix}`.replace(/^\/+/, '/'),
            headers,
          },
          expect: 'either' as const,
        })),
      distFile,
    );
  });

  test('raw bytes that are not valid HTTP: refused or dropped, never a 5xx, and the server stays up', async (context) => {
    const tally = new Tally();
    const raw = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'G E T', '', 'GET\u0000', 'PRI'),
          fc.constantFrom('/', '/ x', '/\u0000', 'http://evil.example/', '*', '/%', '/\r'),
          fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1', '', 'HTTP/2.0'),
          fc.array(
            fc.constantFrom(
              'Host: 127.0.0.1',
              'Content-Length: 5',
              'Content-Length: -1',
              'Content-Length: 5, 6',
              'Transfer-Encoding: chunked',
              'Transfer-Encoding: chunked, identity',
              'X-Bad\u0001: 1',
              'NoColon',
              ' Folded: header',
              `X-Huge: ${'a'.repeat(20_000)}`,
            ),
            { maxLength: 5 },
          ),
          fc.constantFrom('', 'hello', 'zz\r\n', '0\r\n\r\n', '5\r\nhel'),
        )
        .map(([method, path, version, headers, body]) =>
          Buffer.from(`${method} ${path} ${version}\r\n${headers.join('\r\n')}\r\n\r\n${body}`, 'latin1'),
        ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(raw, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(batch.map((bytes) => sendRaw(origin, bytes)));
        for (const answer of answers) {
          tally.tried += 1;
          if (answer.status !== null && answer.status >= 500) {
            tally.serverErrors += 1;
            tally.problem(`raw request answered ${answer.status}`);
          } else if (answer.status === null || answer.status >= 400) tally.rejected += 1;
        }
        expect(tally.serverErrors).toBe(0);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    const home = await send(origin, { method: 'GET', path: '/' });
    expect(home.status).toBe(200);
    report(context, tally.row('bad input', 'raw bytes (not HTTP)', FULL_FUZZ));
    expect(tally.tried).toBeGreaterThanOrEqual(CASES);
  });
});

/** How a function's body is attacked field by field (see FUNCTION_TEXT). */
interface TextBody {
  method: string;
  /** The schemas the function checks its body with: its text fields are read from them. */
  schemas: readonly unknown[];
  /** A body the function takes, holding `field` (a dotted path). */
  valid: (field: string) => Record<string, unknown>;
  as?: 'customer' | 'owner';
  /** The multi-line fields of docs/product/messages.md#validation: line breaks allowed. */
  multiLine?: readonly string[];
  /** Fields checked as a whole (a signed link, an id), never kept or shown as text. */
  opaque?: readonly string[];
}

const planFields = {
  fullName: 'Pat Customer',
  phone: '417-555-0100',
  address: '1 Main St',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  preferredDay: 'weekdays',
  specialInstructions: 'Dog in the yard',
};

/** A body of the owner's visit actions holding `field`: the action that has it. */
function visitAction(field: string): Record<string, unknown> {
  if (field === 'start') return { action: 'confirm', start: '09:00' };
  if (field === 'date' || field === 'window') return { action: 'reschedule', date: '2026-12-01', window: 'morning' };
  if (field === 'reason') return { action: 'cancel', refund: false, reason: 'Customer away' };
  if (field === 'techNotes') return { action: 'notes', techNotes: 'Attic hatch' };
  // The extras of a visit done (docs/product/extras.md#charging): the special-order part's name, the note for the customer.
  if (field === 'extrasNote' || field.startsWith('extras')) {
    return {
      action: 'done',
      note: 'All good',
      extras: [{ id: 'special-order', qty: 1, priceCents: 1500, name: 'Globe' }],
      extrasNote: 'Replaced the hallway globe',
    };
  }
  return { action: 'done', note: 'All good', checklist: ['Filter changed'], filterSizes: ['16x25x1'] };
}

/**
 * Every function the server mounts: how its body's one-line fields are attacked, or why it takes no
 * text in a body. The suite fails on a function missing here, so a new one must be placed.
 */
const FUNCTION_TEXT: Record<string, TextBody | string> = {
  '/api/contact': {
    method: 'POST',
    schemas: [contactLeadSchema],
    valid: () => ({ name: 'Pat Lee', email: 'pat@example.com', phone: '(417) 555-0142', service: 'other' }),
    multiLine: ['message'],
  },
  '/api/lead': {
    method: 'POST',
    schemas: [downloadLeadSchema],
    valid: () => ({
      firstName: 'Pat',
      email: 'pat@example.com',
      downloadType: 'Air Filter Guide',
      source: 'https://springfieldhome.example/blog/air-filter-replacement-guide',
      timestamp: new Date().toISOString(),
    }),
  },
  '/api/plan-request': {
    method: 'POST',
    schemas: [planRequestLeadSchema],
    valid: () => ({
      ...planFields,
      planType: 'lite',
      billingPeriod: 'monthly',
      email: 'pat@example.com',
      agreeTerms: true,
      source: 'https://springfieldhome.example/plans/lite',
    }),
    multiLine: ['specialInstructions'],
  },
  '/api/plan-details': {
    method: 'PUT',
    schemas: [planDetailsSchema],
    valid: () => planFields,
    as: 'customer',
    multiLine: ['specialInstructions'],
  },
  '/api/create-payment-checkout': {
    method: 'POST',
    schemas: [paymentCheckoutRequest(serviceAreaList(), '2026-11-27')],
    valid: () => ({ serviceType: 'dryer-vent-cleaning', visit: bookingVisit() }),
    as: 'customer',
    multiLine: ['visit.notes'],
  },
  '/api/create-subscription-checkout': {
    method: 'POST',
    schemas: [subscriptionCheckoutRequest],
    valid: () => ({ planType: 'full', billingPeriod: 'monthly', planRequestId: randomUUID() }),
    as: 'customer',
  },
  '/api/visit-change': {
    method: 'POST',
    schemas: [visitChangeReach, visitChangeRequest],
    valid: () => ({ t: 'x', action: 'reschedule', date: '2026-12-01', window: 'morning' }),
    opaque: ['t', 'id'],
    // The note left when asking for another time (docs/product/visits.md#proposed-times) is a textarea's.
    multiLine: ['note'],
  },
  '/api/owner/closed-days': {
    method: 'POST',
    schemas: [closedDayRequest],
    valid: () => ({ date: '2026-12-24', reason: 'Christmas Eve' }),
    as: 'owner',
  },
  '/api/owner/leads/:id': {
    method: 'POST',
    schemas: [leadChangeRequest],
    valid: () => ({ status: 'won', note: 'Called back' }),
    as: 'owner',
    multiLine: ['note'],
  },
  '/api/owner/visits/:id': {
    method: 'POST',
    schemas: [visitActionRequest],
    valid: visitAction,
    as: 'owner',
    multiLine: ['note', 'techNotes'],
  },
  '/api/pay':
    'its body is a signed link, checked as a whole, and a tip choice (a kind and a number): no text is kept or shown',
  '/api/owner/extras': 'reads no body (GET)',
  '/api/book-again': 'reads no body (GET, a signed link checked as a whole)',
  '/api/calendar': 'reads no body (GET, the token in its address is the whole authority)',
  '/api/owner/calendar-url': 'reads no body: the session says who, and POST makes a new link',
  '/api/owner/due': 'reads no body (GET: a number of days, checked whole)',
  '/api/account': 'reads no body (GET)',
  '/api/auth-form': 'reads no body: it sends the visitor back to /auth (tested above)',
  '/api/availability': 'reads no body (GET)',
  '/api/check-subscription': 'reads no body: the token says who',
  '/api/customer-portal': 'reads no body: the token says who',
  '/api/order': 'reads no body (GET, a session id checked as a whole)',
  '/api/owner/closed-days/:date': 'reads no body (DELETE of a day in the path, checked as YYYY-MM-DD)',
  '/api/owner/customers': 'reads no body (GET: a search, never stored)',
  '/api/owner/customers/:id': 'reads no body (GET)',
  '/api/owner/export/:file': 'reads no body (GET)',
  '/api/owner/leads': 'reads no body (GET)',
  '/api/owner/settings': 'its body holds no text: visitsPerWindow, a number (fuzzed above)',
  '/api/owner/visits': 'reads no body (GET)',
  '/api/owner/visits/:id/texts':
    "its one field, the owner's text, may hold line breaks as any text may (1-480 characters: owner-texts.test.ts)",
  '/api/sms-inbound':
    "the provider's signed posts only (403 otherwise: sms-inbound.test.ts); a customer's text is kept as sent",
  '/api/stripe-webhook': "signed events only; their absurd values are the payments suite's",
  '/api/unsubscribe': 'reads no body: the token in its address is the whole authority',
};

describe('one-line fields of every function (docs/product/messages.md#validation)', () => {
  test('line breaks and invisible characters in any one-line field are refused in words, naming the field', async (context) => {
    const routes = await loadFunctionRoutes(join(ROOT, 'functions'));
    expect(Object.keys(FUNCTION_TEXT).sort()).toEqual([...new Set(routes.map((route) => route.path))].sort());
    const poisons = Object.entries(NOT_ONE_LINE);
    // The full run sends every poison to every field; CI sends each field two, a different pair
    // for each field, so every poison is still sent (support/sample.ts).
    const perField = sampled(poisons.length, 2);
    /** Every case of the full run, by where it goes and what it sends. */
    const every: string[] = [];
    const cases: { where: string; probe: Case['probe']; field: string; target: string; poison: string }[] = [];
    let fieldIndex = 0;
    for (const [path, entry] of Object.entries(FUNCTION_TEXT)) {
      if (typeof entry === 'string') continue;
      const fields = entry.schemas.flatMap((schema) => textFields(schema));
      const exempt = [...(entry.multiLine ?? []), ...(entry.opaque ?? [])];
      // An exception that names no field of the schema is stale.
      for (const name of exempt) expect(fields, `${path}: ${name}`).toContain(name);
      const headers = {
        'content-type': 'application/json',
        ...(entry.as === 'customer' ? auth() : {}),
        ...(entry.as === 'owner' ? { authorization: `Bearer ${owner.accessToken}` } : {}),
      };
      for (const field of fields.filter((f) => !exempt.includes(f))) {
        const body = entry.valid(field);
        const current = valueAt(body, field);
        const sent = new Set(sampleOf(poisons, perField, fieldIndex * perField).map(([name]) => name));
        fieldIndex += 1;
        for (const [name, poison] of poisons) {
          const target = `${entry.method} ${path} ${field}`;
          const where = `${target} (${name})`;
          every.push(where);
          if (!sent.has(name)) continue;
          cases.push({
            where,
            field,
            target,
            poison: name,
            probe: {
              method: entry.method,
              path: path.replace(/:[^/]+/g, randomUUID()),
              headers,
              body: JSON.stringify(
                withValueAt(body, field, poisoned(typeof current === 'string' ? current : 'Some text', poison)),
              ),
            },
          });
        }
      }
    }
    // The fields of docs/product/messages.md#validation, at least: found in the schemas, not listed here.
    expect(every.length).toBeGreaterThan(300);
    expect(every).toEqual(
      expect.arrayContaining([
        'POST /api/contact name (CRLF)',
        'POST /api/lead firstName (zero-width space)',
        'POST /api/plan-request zip (byte-order mark)',
        'PUT /api/plan-details address (LF)',
        'POST /api/create-payment-checkout visit.street (CR)',
        'POST /api/owner/closed-days reason (LF)',
      ]),
    );
    const tally = new Tally();
    for (let i = 0; i < cases.length; i += BATCH) {
      const problems = (
        await Promise.all(
          cases.slice(i, i + BATCH).map(async ({ where, probe, field }) => {
            tally.tried += 1;
            const answer = await send(origin, probe);
            if (answer.status >= 500) tally.serverErrors += 1;
            const error = (safeJson(answer.text) as { error?: unknown } | null)?.error;
            const found: string[] = [];
            if (answer.status !== 400) found.push(`answered ${answer.status}, not 400`);
            if (typeof error !== 'string' || !error.includes(fieldName(field))) found.push('does not name the field');
            // Words a person reads: letters and spaces, no stack trace or internal path.
            if (typeof error === 'string' && !/[A-Za-z]{3,} [a-z]{2,}/.test(error)) found.push('not in words');
            found.push(...problemsWith(answer));
            if (found.length === 0) tally.rejected += 1;
            return found.map((p) => `${where}: ${p} (${answer.text.slice(0, 160)})`);
          }),
        )
      ).flat();
      for (const p of problems) tally.problem(p);
    }
    report(
      context,
      tally.row('bad input', 'one-line fields: line breaks, invisible characters', {
        ...sampling(`${every.length.toLocaleString('en-US')} cases, every poison in every field`),
        note: `${fieldIndex} fields, ${new Set(cases.map((c) => c.poison)).size} poisons`,
      }),
    );
    expect(tally.problems).toEqual([]);
    expect(tally.tried).toBe(cases.length);
    // Each field gets at least one poison and each poison is sent, in the sample too.
    expect(new Set(cases.map((c) => c.target)).size).toBe(fieldIndex);
    expect(new Set(cases.map((c) => c.poison)).size).toBe(poisons.length);
  });
});

/** An over-long body: well past every function's limit, within the server's drain cap (server/app.ts). */
const OVERSIZE_BYTES = 3_000_000;

/** Rows a signed-in call stores whatever its body (it never reads one): a new billing-portal session. */
const SIGNED_IN_STORES: Record<string, Record<string, number>> = {
  'POST /api/customer-portal': { 'emulator_stripe.objects': 1, 'emulator_stripe.idempotency_keys': 1 },
};

describe('oversize bodies', () => {
  test('a 3 MB body to every function: answered, and read away while the client still sends (never a reset)', async (context) => {
    // Every function the server mounts, as it mounts them: one added later is attacked too.
    const routes = await loadFunctionRoutes(join(ROOT, 'functions'));
    const paths = [...new Set(routes.map((route) => route.path.replace(/:[^/]+/g, randomUUID())))];
    expect(paths.length).toBeGreaterThan(15);
    // Each path by both methods, both framings, signed in and not: 8 ways. The full run sends all 8
    // to every path; CI sends each path one, a different one for each path, so every way is sent.
    const ways = ['POST', 'PUT'].flatMap((method) =>
      [false, true].flatMap((chunked) => [false, true].map((signedIn) => ({ method, chunked, signedIn }))),
    );
    const perPath = sampled(ways.length, 1);
    const uploads = paths.flatMap((path, index) =>
      sampleOf(ways, perPath, index * perPath).map(({ method, chunked, signedIn }) => ({
        method,
        path,
        headers: { 'content-type': 'application/json', ...(signedIn ? auth() : {}) },
        size: OVERSIZE_BYTES,
        chunked,
      })),
    );
    expect(new Set(uploads.map((u) => `${u.method} ${u.chunked} ${'authorization' in u.headers}`)).size).toBe(
      ways.length,
    );
    const tally = new Tally();
    const resets: string[] = [];
    for (let i = 0; i < uploads.length; i += BATCH) {
      await Promise.all(
        uploads.slice(i, i + BATCH).map(async (upload) => {
          tally.tried += 1;
          const signedIn = 'authorization' in upload.headers;
          const where = `${upload.method} ${upload.path} (${upload.chunked ? 'chunked' : 'Content-Length'}${signedIn ? ', signed in' : ''})`;
          const { status, reset } = await uploadPastAnswer(origin, upload);
          if (reset !== null || status === null) {
            resets.push(`${where}: ${reset ?? 'closed without an answer'}${status ? ` after a ${status}` : ''}`);
            return;
          }
          if (status >= 500) tally.serverErrors += 1;
          if (status >= 400) tally.rejected += 1;
          const stores = signedIn && status < 300 ? SIGNED_IN_STORES[`${upload.method} ${upload.path}`] : undefined;
          for (const [table, n] of Object.entries(stores ?? {}))
            expectedAdds.set(table, (expectedAdds.get(table) ?? 0) + n);
          // A function that never reads a body (a signed-in read, the no-JavaScript auth form) answers as usual.
          if (status >= 500 || (status < 400 && !(signedIn || upload.path === '/api/auth-form'))) {
            tally.problem(`${where}: answered ${status}`);
          }
        }),
      );
    }
    report(
      context,
      tally.row('bad input', 'a 3 MB body to every function', {
        ...sampling(`${(paths.length * ways.length).toLocaleString('en-US')} bodies, 8 to each function`),
        note: `${resets.length} reset connections`,
      }),
    );
    expect(resets).toEqual([]);
    expect(tally.problems).toEqual([]);
  });
});

describe('what the refused requests left behind', () => {
  test('every row from before is unchanged; new rows only from accepted requests', async (context) => {
    await stop();
    const after = await snapshot(dataDir);
    const { missing, added } = compare(before, after);
    const stray = [...added].filter(([table, n]) => n !== (expectedAdds.get(table) ?? 0));
    const lost = [...missing.values()].reduce((a, b) => a + b, 0);
    const strayRows = stray.reduce((a, [table, n]) => a + Math.abs(n - (expectedAdds.get(table) ?? 0)), 0);
    report(context, {
      area: 'bad input',
      check: 'rows changed or stored by refused requests (all tables)',
      tried: [...before.values()].reduce((a, rows) => a + rows.size, 0),
      rejected: 0,
      serverErrors: 0,
      lost: lost + strayRows,
      note: `${[...added.values()].reduce((a, b) => a + b, 0)} rows added, all by accepted requests`,
    });
    expect(Object.fromEntries(missing)).toEqual({});
    expect(Object.fromEntries(added)).toEqual(Object.fromEntries([...expectedAdds].filter(([, n]) => n > 0)));
    await restart();
  });
});
