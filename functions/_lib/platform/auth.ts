/**
 * Verifies the caller's access token: `Authorization: Bearer <jwt>` checked against the auth
 * server's JWKS (cached), with its issuer and the `authenticated` audience, as Supabase advises.
 * Hosted projects sign with asymmetric keys (ES256, or RS256); a project still on the legacy
 * shared secret (HS256) publishes no key to check against, which the log explains. Every call on a
 * customer's data also asks the auth server whether the token's session is still alive (requireLiveSession), and
 * owner functions whether its account is the owner's (requireOwner).
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { supabaseUrl } from './config.ts';
import { HttpError } from './http-error.ts';
import { oneLineOrNull } from '../../../src/lib/validation.ts';

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
  /**
   * The full name given at sign-up (the token's `user_metadata.full_name`) as a one-line field takes
   * it, or null when there is none or it would be refused (a line break, hidden characters).
   */
  name: string | null;
}

/** How long fetched signing keys are trusted before they are read again (Supabase: 10 minutes). */
export const JWKS_CACHE_MS = 600_000;

const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(base: string): JWTVerifyGetKey {
  let set = keySets.get(base);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`), { cacheMaxAge: JWKS_CACHE_MS });
    keySets.set(base, set);
  }
  return set;
}

/** Whether verification failed because the keys could not be read (not because of the token). */
function keysUnavailable(error: unknown): boolean {
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    // The base class is what jose throws for a non-200 or non-JSON key set answer.
    (error instanceof errors.JOSEError && error.constructor === errors.JOSEError) ||
    // fetch() itself failed: refused, unreachable, DNS.
    error instanceof TypeError
  );
}

let legacySecretLogged = false;

/** The bearer token of a request, or a 401 HttpError when there is none. */
function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match?.[1]) throw new HttpError(401, 'Sign in to continue: missing bearer token');
  return match[1];
}

/** The user of a request, or a 401 HttpError when the token is missing, forged or expired. */
export async function requireUser(req: Request): Promise<AuthUser> {
  const token = bearerToken(req);
  const base = supabaseUrl();
  try {
    // Expiry is judged by real time, not the site's clock (clock.ts): the sign-in service issues
    // tokens and the browser refreshes them by real time, so an advanced clock must not age them.
    const { payload } = await jwtVerify(token, keySet(base), {
      issuer: `${base}/auth/v1`,
      audience: 'authenticated',
      algorithms: ['ES256', 'RS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload['email'] !== 'string') {
      throw new HttpError(401, 'Invalid token: missing user');
    }
    const metadata = payload['user_metadata'] as { full_name?: unknown } | undefined;
    // Typed at sign-up, but kept by the sign-in service unchecked: the one-line rule here, since it
    // goes into the owner's events and e-mails (docs/product/messages.md#validation).
    const name = oneLineOrNull(metadata?.full_name);
    return {
      id: payload.sub,
      email: payload['email'],
      sessionId: typeof payload['session_id'] === 'string' ? payload['session_id'] : '',
      name,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (keysUnavailable(error)) {
      console.error(`Could not read the signing keys of ${base}: ${(error as Error).message}`);
      throw new HttpError(503, 'Sign-in could not be checked right now. Please try again in a moment.');
    }
    if (error instanceof errors.JOSEAlgNotAllowed && !legacySecretLogged) {
      legacySecretLogged = true;
      console.error(
        `An access token from ${base} is signed with the legacy shared secret, which this site does not accept. ` +
          'Switch the Supabase project to asymmetric JWT signing keys (docs/deploy.md, step 1).',
      );
    }
    throw new HttpError(401, 'Invalid or expired token: sign in again');
  }
}

/** How long a billing action waits for the auth server to say whether a session is alive. */
export const SESSION_CHECK_TIMEOUT_MS = 5000;

/** What a billing action answers for a token whose session has ended (docs/product/accounts.md#session-checks). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const CHECK_UNAVAILABLE = 'Sign-in could not be checked right now. Please try again in a moment.';

/**
 * The key the auth server's gateway wants on every call: the project's anon (publishable) key in
 * production, which the configuration check requires; the browser's placeholder in the embedded
 * default, whose emulator only checks that one is sent.
 */
function anonKey(): string {
  return process.env['PUBLIC_SUPABASE_ANON_KEY'] || 'embedded-anon-key';
}

/** What the auth server's `GET /auth/v1/user` answers for a live session (GoTrue's user JSON, the fields read here). */
interface LiveUser {
  id?: unknown;
  app_metadata?: unknown;
  code?: unknown;
  error_code?: unknown;
}

/**
 * The auth server's `GET /auth/v1/user` with the request's token, for a user requireUser has let
 * through: the account as it stands now. The auth server refuses a token whose session has ended
 * (sign-out, sign-out everywhere, refresh-token reuse, a password reset) with a 401 or 403 and an
 * error code, though the token's signature and expiry still pass: that is a 401 here. An answer
 * without an error code (the gateway refusing the key), a failure or a timeout is a 503, logged: a
 * broken check must not read as a signed-out customer.
 */
async function liveUser(req: Request, user: AuthUser): Promise<LiveUser> {
  const base = supabaseUrl();
  let res: Response;
  try {
    res = await fetch(`${base}/auth/v1/user`, {
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${bearerToken(req)}`,
        'x-supabase-api-version': '2024-01-01',
      },
      signal: AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`Could not check a session with ${base}: ${(error as Error).message}`);
    throw new HttpError(503, CHECK_UNAVAILABLE);
  }
  const body = (await res.json().catch(() => null)) as LiveUser | null;
  if (res.ok && body?.id === user.id) return body;
  const code = typeof body?.code === 'string' ? body.code : body?.error_code;
  if ((res.status === 401 || res.status === 403) && typeof code === 'string') throw new HttpError(401, SESSION_ENDED);
  console.error(
    `The session check at ${base}/auth/v1/user answered ${res.status}${typeof code === 'string' ? ` (${code})` : ''}`,
  );
  throw new HttpError(503, CHECK_UNAVAILABLE);
}

/**
 * The user of a request whose session is still alive, for every call on a customer's data (docs/product/accounts.md#session-checks): requireUser, then the
 * auth server's `GET /auth/v1/user` with the same token (liveUser: 401 for an ended session, 503
 * when the check itself fails).
 */
export async function requireLiveSession(req: Request): Promise<AuthUser> {
  const user = await requireUser(req);
  await liveUser(req, user);
  return user;
}

/** What an owner function answers a signed-in customer (docs/product/operations.md#owner-role). */
export const OWNER_ONLY = 'This is for the business owner only.';

/** Whether an account's app metadata gives it the owner's role. */
function hasOwnerRole(appMetadata: unknown): boolean {
  return (
    typeof appMetadata === 'object' && appMetadata !== null && 'role' in appMetadata && appMetadata.role === 'owner'
  );
}

/**
 * The owner behind a request, for owner functions (docs/product/operations.md#owner-role): a live session as
 * requireLiveSession checks it (401 without one), whose account's `app_metadata.role` is `owner`
 * in the auth server's answer of this call (403 OWNER_ONLY otherwise). The role is read from that
 * live answer only: never from user_metadata, which users can edit, and never from the token
 * alone, whose claims stay as issued for an hour, so a role removed is refused at the next call.
 */
export async function requireOwner(req: Request): Promise<AuthUser> {
  const user = await requireUser(req);
  const live = await liveUser(req, user);
  if (!hasOwnerRole(live.app_metadata)) throw new HttpError(403, OWNER_ONLY);
  return user;
}
