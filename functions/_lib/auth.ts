/**
 * Verifies the caller's access token: `Authorization: Bearer <jwt>` checked against the auth
 * server's JWKS (cached), with its issuer and the `authenticated` audience, as Supabase advises.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { supabaseUrl } from './config.ts';
import { HttpError } from './http.ts';

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
}

const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(base: string): JWTVerifyGetKey {
  let set = keySets.get(base);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`), { cacheMaxAge: 600_000 });
    keySets.set(base, set);
  }
  return set;
}

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
    throw new HttpError(401, 'Invalid or expired token: sign in again');
  }
}
