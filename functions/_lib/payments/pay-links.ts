/**
 * The pay links of extras (docs/product/extras.md#the-pay-link): a token signed with
 * VISIT_LINK_SECRET (HMAC-SHA256) over its own purpose, `pay`, so no visit link opens /pay and no
 * pay link changes a visit; it names one pay request and works for 90 days. Whether the request is
 * still to be paid is the request's own state, read when the link is opened.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { publicOrigin } from '../platform/config.ts';
import { visitLinkSecret } from '../visits/links.ts';

/** How long a pay link works, in days. */
export const PAY_LINK_DAYS = 90;

/** What a pay token says once its signature holds. */
export interface PayLinkClaims {
  payRequestId: string;
  /** Seconds since the epoch after which the link is expired. */
  expires: number;
}

/** The purpose signed into every pay token, apart from the visit links' bodies. */
const PURPOSE = 'pay';

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest('base64url');

/** A signed token for `claims`. */
export function signPayLink(claims: PayLinkClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify({ p: PURPOSE, r: claims.payRequestId, e: claims.expires })).toString(
    'base64url',
  );
  return `${body}.${sign(secret, body)}`;
}

/** What reading a pay token found. */
export type PayLinkCheck = { ok: true; claims: PayLinkClaims } | { ok: false; problem: 'altered' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a token: 'altered' unless its signature and shape hold, 'expired' past its expiry. */
export function readPayLink(token: string, secret: string, now: Date): PayLinkCheck {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return { ok: false, problem: 'altered' };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'altered' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'altered' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, problem: 'altered' };
  const { p, r, e } = raw as Record<string, unknown>;
  if (p !== PURPOSE || typeof r !== 'string' || !UUID.test(r) || !Number.isInteger(e)) {
    return { ok: false, problem: 'altered' };
  }
  if (now.getTime() >= (e as number) * 1000) return { ok: false, problem: 'expired' };
  return { ok: true, claims: { payRequestId: r, expires: e as number } };
}

/** The pay link of a request made at `createdAt`, or null without a secret (the e-mail then says to call). */
export function payLink(request: { id: string; createdAt: Date }, env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = visitLinkSecret(env);
  if (!secret) return null;
  const expires = Math.floor(request.createdAt.getTime() / 1000) + PAY_LINK_DAYS * 86_400;
  return `${publicOrigin(env)}/pay?t=${signPayLink({ payRequestId: request.id, expires }, secret)}`;
}
