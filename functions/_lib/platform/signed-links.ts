/**
 * Links signed for one purpose (docs/product/extras.md#the-pay-link, docs/product/due-again.md#book-again):
 * `<body>.<mac>`, the body base64url JSON naming the purpose, one record's id (a UUID) and the
 * expiry (seconds since the epoch), the mac HMAC-SHA256 of `<purpose>.<body>` under the secret. The
 * purpose is signed twice over, in the body and before it, so a token of one purpose never reads as
 * another's, nor as a visit link (visits/links.ts signs the body alone).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token says once its signature holds. */
export interface SignedClaims {
  id: string;
  /** Seconds since the epoch after which the link is expired. */
  expires: number;
}

/** What reading a token found. */
export type SignedLinkCheck = { ok: true; claims: SignedClaims } | { ok: false; problem: 'altered' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const mac = (purpose: string, secret: string, body: string) =>
  createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');

/** A token for `claims`, signed for `purpose`. */
export function signLink(purpose: string, claims: SignedClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify({ p: purpose, r: claims.id, e: claims.expires })).toString('base64url');
  return `${body}.${mac(purpose, secret, body)}`;
}

/** Reads a token of `purpose`: 'altered' unless its signature and shape hold, 'expired' past its expiry. */
export function readLink(purpose: string, token: string, secret: string, now: Date): SignedLinkCheck {
  const [body, given, extra] = token.split('.');
  if (!body || !given || extra !== undefined) return { ok: false, problem: 'altered' };
  const expected = Buffer.from(mac(purpose, secret, body));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return { ok: false, problem: 'altered' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'altered' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, problem: 'altered' };
  const { p, r, e } = raw as Record<string, unknown>;
  if (p !== purpose || typeof r !== 'string' || !UUID.test(r) || !Number.isInteger(e)) {
    return { ok: false, problem: 'altered' };
  }
  if (now.getTime() >= (e as number) * 1000) return { ok: false, problem: 'expired' };
  return { ok: true, claims: { id: r, expires: e as number } };
}
