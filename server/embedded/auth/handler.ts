/**
 * The HTTP face of the Auth emulator: GoTrue's routes under /auth/v1 with the headers supabase-js
 * relies on (CORS with preflight, `X-Supabase-Api-Version` echoed, GoTrue's error shapes), per-IP
 * rate limits, Kong's `apikey` requirement on all but the open routes, and the service key on the
 * admin routes (/admin/...).
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { supabaseUrl } from '../../../functions/_lib/platform/config.ts';
import {
  HttpError,
  readJsonObject,
  type FunctionContext,
  type Handler,
} from '../../../functions/_lib/platform/http.ts';
import type { Mailer } from '../mail.ts';
import { migrateEmulatorSchema } from '../schema.ts';
import { API_VERSION, AuthError, errorBody, usesApiVersion } from './errors.ts';
import { loadKeyRing } from './keys.ts';
import {
  createIntervalLimiter,
  createRateLimiter,
  EMULATOR_EMAILS_PER_HOUR,
  SUPABASE_RATE_RULES,
  type RateLimiter,
  type RateRule,
} from './rate-limit.ts';
import { AUD } from './sessions.ts';
import { createAuthService, type AuthService, type Caller } from './service.ts';

/**
 * Where mailed links point and return by default: SITE_URL when set, else the emulator's own
 * address (SUPABASE_URL, this server over loopback), as GoTrue builds them from its configured
 * API_EXTERNAL_URL and SITE_URL. Never the request's Host, which any client can write.
 */
function configuredOrigin(): string {
  return (process.env['SITE_URL'] || supabaseUrl()).replace(/\/+$/, '');
}

/** How the emulator is set up. */
export interface AuthEmulatorOptions {
  db: Db;
  mailer: Mailer;
  /** `iss` of access tokens, read per token: `<SUPABASE_URL>/auth/v1`. */
  issuer: () => string;
  /** Clock in ms (default Date.now); tests pass one they can move. */
  now?: () => number;
  /** Path the emulator is mounted at. */
  basePath?: string;
  /** Per-IP limits (Supabase's by default); false turns them off. */
  rateLimits?: false | Partial<Record<keyof typeof SUPABASE_RATE_RULES, RateRule>>;
  /** E-mails the whole project may send per hour (GoTrue's RATE_LIMIT_EMAIL_SENT; default EMULATOR_EMAILS_PER_HOUR). */
  emailsPerHour?: number;
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  // GoTrue exposes the admin list's pagination headers too.
  'Access-Control-Expose-Headers': 'X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code',
};

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
  'Access-Control-Max-Age': '86400',
};

/** What GoTrue's /settings reports for this setup: e-mail sign-up with confirmation. */
const SETTINGS = {
  external: { anonymous_users: false, email: true, phone: false },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
  anonymous_users_enabled: false,
};

/** A route's handler; `params` holds the path's `{name}` parts. */
type Route = (
  req: Request,
  url: URL,
  caller: Caller,
  params: Readonly<Record<string, string>>,
) => Response | Promise<Response>;

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function respond(reply: Reply, versioned: boolean): Response {
  const headers = new Headers({ ...CORS_HEADERS, 'Cache-Control': 'no-store', ...reply.headers });
  if (versioned) headers.set('X-Supabase-Api-Version', API_VERSION);
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
}

function failure(error: AuthError, versioned: boolean): Response {
  return respond(
    { status: error.status, body: errorBody(error, versioned), headers: { 'X-Sb-Error-Code': error.code } },
    versioned,
  );
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(req);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 413) throw new AuthError(413, 'request_too_large', error.message);
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
  }
}

/** A string field of a JSON body ('' when absent); 400 naming the field when it is not a string. */
function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: "${field}" must be a string`);
  }
  return value;
}

/** A string field of a JSON body, undefined when absent or null (Go's nil pointer). */
function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  return body[field] === undefined || body[field] === null ? undefined : text(body, field);
}

/** An object field of a JSON body, undefined when absent or null; 400 naming the field when it is not an object. */
function optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: "${field}" must be an object`);
  }
  return value as Record<string, unknown>;
}

/** A boolean field of a JSON body (false when absent or null); 400 naming the field when it is not a boolean. */
function flag(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: "${field}" must be a boolean`);
  }
  return value;
}

/** The fields of an admin update GoTrue would act on that the emulator does not (set and not empty). */
const UNSUPPORTED_ADMIN_FIELDS = ['email', 'phone', 'password', 'password_hash', 'role'] as const;

/** Whether each field of an admin creation that the emulator does not emulate is set (GoTrue would act on it). */
const UNSUPPORTED_CREATE_FIELDS: Readonly<Record<string, (body: Record<string, unknown>) => boolean>> = {
  phone: (body) => text(body, 'phone') !== '',
  phone_confirm: (body) => flag(body, 'phone_confirm'),
  role: (body) => text(body, 'role') !== '',
  // Every user here is of the one audience; naming it is no change.
  aud: (body) => ![AUD, ''].includes(text(body, 'aud')),
  ban_duration: (body) => text(body, 'ban_duration') !== '',
  id: (body) => text(body, 'id') !== '',
  password_hash: (body) => text(body, 'password_hash') !== '',
};

/** An object field of a JSON body ({} when absent); 400 naming the field when it is not an object. */
function object(body: Record<string, unknown>, field: string): Record<string, unknown> {
  return optionalObject(body, field) ?? {};
}

function routes(service: AuthService, jwks: unknown, basePath: string): Record<string, Route> {
  /**
   * The path GoTrue sees behind the gateway, which strips /auth/v1: the admin list's `Link` header
   * names it (`/admin/users?page=2&per_page=50`), as the hosted project's does.
   */
  const gatewayPath = (url: URL) => url.pathname.slice(basePath.length);
  return {
    'GET /.well-known/jwks.json': () =>
      new Response(JSON.stringify(jwks), {
        headers: { ...CORS_HEADERS, 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=600' },
      }),
    'GET /settings': () => respond({ status: 200, body: SETTINGS }, false),
    'POST /signup': async (req, url) => {
      const body = await jsonBody(req);
      const user = await service.signup(
        {
          email: text(body, 'email'),
          password: text(body, 'password'),
          data: object(body, 'data'),
          redirectTo: url.searchParams.get('redirect_to'),
        },
        configuredOrigin(),
      );
      return respond({ status: 200, body: user }, false);
    },
    'POST /token': async (req, url, caller) => {
      const grant = url.searchParams.get('grant_type');
      const body = await jsonBody(req);
      if (grant === 'password') {
        const tokens = await service.passwordGrant(
          { email: text(body, 'email'), password: text(body, 'password') },
          caller,
        );
        return respond({ status: 200, body: tokens }, false);
      }
      if (grant === 'refresh_token') {
        const refreshToken = text(body, 'refresh_token');
        if (refreshToken === '') {
          // An OAuth-style error in GoTrue, without an error code.
          return respond(
            { status: 400, body: { error: 'invalid_request', error_description: 'refresh_token required' } },
            false,
          );
        }
        return respond({ status: 200, body: await service.refreshGrant(refreshToken) }, false);
      }
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    },
    'POST /logout': async (req, url) => {
      await service.logout(req.headers.get('authorization'), url.searchParams.get('scope'));
      return respond({ status: 204 }, false);
    },
    'GET /user': async (req) =>
      respond({ status: 200, body: await service.currentUser(req.headers.get('authorization')) }, false),
    'GET /verify': async (_req, url, caller) => {
      const location = await service.verifyLink(
        {
          token: url.searchParams.get('token') ?? '',
          type: url.searchParams.get('type') ?? '',
          redirectTo: url.searchParams.get('redirect_to'),
        },
        caller,
        configuredOrigin(),
      );
      return respond({ status: 303, headers: { Location: location } }, false);
    },
    'POST /verify': async (req, _url, caller) => {
      const body = await jsonBody(req);
      const tokens = await service.verifyCode(
        {
          type: text(body, 'type'),
          token: text(body, 'token'),
          tokenHash: text(body, 'token_hash'),
          email: text(body, 'email'),
          phone: text(body, 'phone'),
          redirectTo: text(body, 'redirect_to'),
        },
        caller,
      );
      return respond({ status: 200, body: tokens }, false);
    },
    'POST /otp': async (req, url) => {
      const body = await jsonBody(req);
      const answer = await service.otp(
        {
          email: text(body, 'email'),
          phone: text(body, 'phone'),
          // GoTrue's OtpParams starts with CreateUser true: only an explicit false turns it off.
          createUser: body['create_user'] === undefined || body['create_user'] === null || flag(body, 'create_user'),
          data: object(body, 'data'),
          channel: text(body, 'channel'),
          codeChallenge: text(body, 'code_challenge'),
          codeChallengeMethod: text(body, 'code_challenge_method'),
          redirectTo: url.searchParams.get('redirect_to'),
        },
        configuredOrigin(),
      );
      return respond({ status: 200, body: answer }, false);
    },
    'POST /recover': async (req, url) => {
      const body = await jsonBody(req);
      const answer = await service.recover(
        {
          email: text(body, 'email'),
          codeChallenge: text(body, 'code_challenge'),
          codeChallengeMethod: text(body, 'code_challenge_method'),
          redirectTo: url.searchParams.get('redirect_to'),
        },
        configuredOrigin(),
      );
      return respond({ status: 200, body: answer }, false);
    },
    'POST /resend': async (req, url) => {
      const body = await jsonBody(req);
      const answer = await service.resend(
        {
          type: text(body, 'type'),
          email: text(body, 'email'),
          phone: text(body, 'phone'),
          codeChallenge: text(body, 'code_challenge'),
          codeChallengeMethod: text(body, 'code_challenge_method'),
          redirectTo: url.searchParams.get('redirect_to'),
        },
        configuredOrigin(),
      );
      return respond({ status: 200, body: answer }, false);
    },
    'PUT /user': async (req) => {
      const body = await jsonBody(req);
      const user = await service.updateUser(req.headers.get('authorization'), {
        email: optionalText(body, 'email'),
        password: optionalText(body, 'password'),
        nonce: optionalText(body, 'nonce'),
        phone: optionalText(body, 'phone'),
        data: optionalObject(body, 'data'),
        appMetadata: optionalObject(body, 'app_metadata'),
      });
      return respond({ status: 200, body: user }, false);
    },
    'GET /reauthenticate': async (req) =>
      respond({ status: 200, body: await service.reauthenticate(req.headers.get('authorization')) }, false),
    'GET /admin/users': async (_req, url) => {
      const page = await service.admin.listUsers(gatewayPath(url), url.searchParams);
      return respond({ status: 200, body: page.body, headers: page.headers }, false);
    },
    'POST /admin/users': async (req) => {
      const body = await jsonBody(req);
      const user = await service.admin.createUser({
        email: text(body, 'email'),
        password: optionalText(body, 'password'),
        emailConfirm: flag(body, 'email_confirm'),
        userMetadata: optionalObject(body, 'user_metadata'),
        appMetadata: optionalObject(body, 'app_metadata'),
        unsupported: Object.entries(UNSUPPORTED_CREATE_FIELDS)
          .filter(([, isSet]) => isSet(body))
          .map(([field]) => field),
      });
      return respond({ status: 200, body: user }, false);
    },
    'GET /admin/users/{user_id}': async (_req, _url, _caller, params) =>
      respond({ status: 200, body: await service.admin.getUser(params['user_id'] ?? '') }, false),
    'PUT /admin/users/{user_id}': async (req, _url, _caller, params) => {
      // GoTrue finds the user before it reads the body.
      const user = await service.admin.loadUser(params['user_id'] ?? '');
      const body = await jsonBody(req);
      const updated = await service.admin.updateUser(user, {
        appMetadata: optionalObject(body, 'app_metadata'),
        userMetadata: optionalObject(body, 'user_metadata'),
        emailConfirm: flag(body, 'email_confirm'),
        banDuration: text(body, 'ban_duration'),
        unsupported: UNSUPPORTED_ADMIN_FIELDS.filter((field) =>
          field === 'password' ? optionalText(body, field) !== undefined : text(body, field) !== '',
        ),
      });
      return respond({ status: 200, body: updated }, false);
    },
  };
}

/** A route of the table matched against a request: its key, its handler and the path's parameters. */
interface Match {
  key: string;
  route: Route;
  params: Record<string, string>;
}

/** The route for `method path`: an exact key, or a key with `{name}` parts standing for one path segment each. */
function matchRoute(table: Readonly<Record<string, Route>>, method: string, path: string): Match | null {
  const exact = table[`${method} ${path}`];
  if (exact) return { key: `${method} ${path}`, route: exact, params: {} };
  for (const [key, route] of Object.entries(table)) {
    const [keyMethod, pattern] = key.split(' ');
    if (keyMethod !== method || !pattern?.includes('{')) continue;
    const params = matchPattern(pattern, path);
    if (params) return { key, route, params };
  }
  return null;
}

/** The `{name}` parts of `path` when it has the pattern's shape, else null. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i] ?? '';
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) {
      if (value === '') return null;
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Routes Kong lets through without an `apikey` (the mailed link, the public keys). */
const OPEN_ROUTES = new Set(['GET /verify', 'POST /verify', 'GET /.well-known/jwks.json']);
/** Which limiter guards which route (api.go: each route its own bucket). */
const LIMITED: Readonly<Record<string, keyof typeof SUPABASE_RATE_RULES>> = {
  'POST /token': 'token',
  'POST /signup': 'signup',
  'POST /otp': 'otp',
  'GET /verify': 'verify',
  'POST /verify': 'verify',
  'POST /recover': 'recover',
  'POST /resend': 'resend',
  'PUT /user': 'user',
};
/** Limited routes GoTrue authenticates before it counts the request (requireAuthentication comes first). */
const AUTHENTICATED_FIRST = new Set(['PUT /user']);

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** The Auth emulator: its handler, and the project's service key its admin routes accept. */
export interface AuthEmulator {
  handler: Handler;
  /** A long-lived JWT with role `service_role` (keys.ts); a secret, never served over HTTP. */
  serviceRoleKey: string;
}

/**
 * Creates the Auth emulator, with a handler to mount at `basePath`: applies its schema's
 * migrations and loads (or, on first start, makes) its keys and its service key.
 */
export async function createAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  await migrateEmulatorSchema(options.db, 'emulator_auth', MIGRATIONS);
  const now = options.now ?? Date.now;
  const basePath = options.basePath ?? '/auth/v1';
  const keys = await loadKeyRing(options.db, now);
  const emailsSent = createIntervalLimiter(
    { limit: options.emailsPerHour ?? EMULATOR_EMAILS_PER_HOUR, windowMs: 60 * 60_000 },
    now,
  );
  const service = createAuthService({
    db: options.db,
    keys,
    mailer: options.mailer,
    now,
    issuer: options.issuer,
    emailsSent,
  });
  const table = routes(service, { keys: [keys.publicJwk] }, basePath);
  const limiters = new Map<string, RateLimiter>();
  if (options.rateLimits !== false) {
    for (const [name, rule] of Object.entries({ ...SUPABASE_RATE_RULES, ...options.rateLimits })) {
      limiters.set(name, createRateLimiter(rule, now));
    }
  }

  const handler = async (req: Request, context: FunctionContext): Promise<Response> => {
    const url = new URL(req.url);
    const versioned = usesApiVersion(req.headers.get('x-supabase-api-version'));
    const path = url.pathname.slice(basePath.length) || '/';
    let key = `${req.method} ${path}`;
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
    try {
      const match = matchRoute(table, req.method, path);
      if (!match) {
        const known = ['GET', 'POST', 'PUT', 'DELETE'].some((method) => matchRoute(table, method, path));
        throw known
          ? new AuthError(405, 'method_not_allowed', `Method ${req.method} not allowed`)
          : new AuthError(404, 'not_found', 'Not found');
      }
      key = match.key;
      if (!OPEN_ROUTES.has(key) && !req.headers.get('apikey') && !url.searchParams.get('apikey')) {
        // Kong's answer, not GoTrue's: no error code.
        return respond(
          {
            status: 401,
            body: {
              message: 'No API key found in request',
              hint: 'No `apikey` request header or url param was found.',
            },
          },
          versioned,
        );
      }
      const rule = LIMITED[key];
      const limiter = rule && limiters.get(rule);
      if (limiter && AUTHENTICATED_FIRST.has(key)) await service.authenticate(req.headers.get('authorization'));
      if (limiter && !limiter.take(context.ip ?? '')) {
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
      }
      // Every admin route is for the service key only (GoTrue's requireAdminCredentials).
      if (path.startsWith('/admin/')) await service.admin.requireAdmin(req.headers.get('authorization'));
      const caller = { userAgent: req.headers.get('user-agent'), ip: context.ip ?? null };
      const response = await match.route(req, url, caller, match.params);
      if (versioned) response.headers.set('X-Supabase-Api-Version', API_VERSION);
      return response;
    } catch (error) {
      if (error instanceof AuthError) return failure(error, versioned);
      console.error(`auth emulator: ${key} failed:`, error);
      return failure(
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        versioned,
      );
    }
  };
  return { handler, serviceRoleKey: keys.serviceRoleKey };
}
