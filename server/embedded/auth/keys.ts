/**
 * The emulator's keys: an ES256 (P-256) key pair that signs access tokens and is published as a
 * JWKS, the key refresh tokens are derived with, and the project's service key (a long-lived JWT
 * with role `service_role`, signed with the same key, as hosted Supabase issues one per project),
 * which the admin API asks for. All are made on first start and kept in `emulator_auth.secrets`,
 * so tokens and the service key stay valid across restarts.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { newRefreshKey } from './tokens.ts';

/** The public signing key as GoTrue publishes it (conf/jwk.go adds use, key_ops, kid and alg). */
export interface PublicJwk extends JWK {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: ['verify'];
}

/** The keys in use. */
export interface KeyRing {
  publicJwk: PublicJwk;
  sign(claims: JWTPayload): Promise<string>;
  /** Verifies signature and expiry against the emulator's clock; throws jose's errors. */
  verify(token: string, nowMs: number): Promise<JWTPayload>;
  refreshKey: Buffer;
  /** The service key: `role: service_role`, no user, no session (admin.ts accepts it). */
  serviceRoleKey: string;
}

/** How long the service key is valid: ten years, like the keys of a hosted project. */
export const SERVICE_ROLE_KEY_SECONDS = 10 * 365 * 24 * 3600;

interface StoredSigningKey {
  kid: string;
  privateJwk: JWK;
}

async function newSigningKey(): Promise<StoredSigningKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid: randomUUID(), privateJwk: await exportJWK(privateKey) };
}

/** Reads a secret, creating it with `make` the first time (a concurrent first start keeps one). */
async function secret<T>(db: Db, name: string, make: () => T | Promise<T>): Promise<T> {
  const read = async () =>
    (await db.query<{ value: T }>('select value from emulator_auth.secrets where name = $1', [name]))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db.query('insert into emulator_auth.secrets (name, value) values ($1, $2::jsonb) on conflict do nothing', [
    name,
    JSON.stringify(await make()),
  ]);
  const created = await read();
  if (created === undefined) throw new Error(`emulator_auth.secrets: ${name} could not be stored`);
  return created;
}

/** Loads the emulator's keys from the database, making them on first start (`now`: the emulator's clock, in ms). */
export async function loadKeyRing(db: Db, now: () => number = Date.now): Promise<KeyRing> {
  const stored = await secret(db, 'signing_key', newSigningKey);
  const refresh = await secret(db, 'refresh_token_key', () => ({ key: newRefreshKey().toString('base64') }));
  const { kty, crv, x, y } = stored.privateJwk;
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y) throw new Error('emulator_auth.secrets: signing_key is not P-256');
  const publicJwk: PublicJwk = {
    kty: 'EC',
    crv: 'P-256',
    x,
    y,
    kid: stored.kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
  };
  const privateKey = await importJWK(stored.privateJwk, 'ES256');
  const publicKey = await importJWK({ kty, crv, x, y }, 'ES256');
  const sign = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' }).sign(privateKey);
  const service = await secret(db, 'service_role_key', async () => {
    const iat = Math.floor(now() / 1000);
    // The claims of a hosted project's service_role key: no subject, no audience, no session.
    return { token: await sign({ iss: 'supabase', role: 'service_role', iat, exp: iat + SERVICE_ROLE_KEY_SECONDS }) };
  });
  return {
    publicJwk,
    refreshKey: Buffer.from(refresh.key, 'base64'),
    serviceRoleKey: service.token,
    sign,
    async verify(token, nowMs) {
      const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], currentDate: new Date(nowMs) });
      return payload;
    },
  };
}
