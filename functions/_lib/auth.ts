/**
 * Verifies the caller's access token: `Authorization: Bearer <jwt>` checked against the auth
 * server's JWKS (cached), with its issuer and the `authenticated` audience, as Supabase advises.
 * Hosted projects sign with asymmetric keys (ES256, or RS256); a project still on the legacy
 * shared secret (HS256) publishes no key to check against, which the log explains.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { supabaseUrl } from './config.ts';
import { HttpError } from './http.ts';

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
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

/** The user of a request, or a 401 HttpError when the token is missing, forged or expired. */
export async function requireUser(req: Request): Promise<AuthUser> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'Sign in to continue: missing bearer token');
  const base = supabaseUrl();
  try {
    const { payload } = await jwtVerify(match[1], keySet(base), {
      issuer: `${base}/auth/v1`,
      audience: 'authenticated',
      algorithms: ['ES256', 'RS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload['email'] !== 'string') {
      throw new HttpError(401, 'Invalid token: missing user');
    }
    return { id: payload.sub, email: payload['email'], sessionId: String(payload['session_id'] ?? '') };
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
