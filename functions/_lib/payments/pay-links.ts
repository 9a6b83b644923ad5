/**
 * The pay links of extras (docs/product/extras.md#the-pay-link): a token signed with
 * VISIT_LINK_SECRET (HMAC-SHA256) over its own purpose, `pay`, so no visit link opens /pay and no
 * pay link changes a visit; it names one pay request and works for 90 days. Whether the request is
 * still to be paid is the request's own state, read when the link is opened.
 */
import { publicOrigin } from '../platform/config.ts';
import { readLink, signLink } from '../platform/signed-links.ts';
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

/** A signed token for `claims`. */
export function signPayLink(claims: PayLinkClaims, secret: string): string {
  return signLink(PURPOSE, { id: claims.payRequestId, expires: claims.expires }, secret);
}

/** What reading a pay token found. */
export type PayLinkCheck = { ok: true; claims: PayLinkClaims } | { ok: false; problem: 'altered' | 'expired' };

/** Reads a token: 'altered' unless its signature and shape hold, 'expired' past its expiry. */
export function readPayLink(token: string, secret: string, now: Date): PayLinkCheck {
  const check = readLink(PURPOSE, token, secret, now);
  return check.ok ? { ok: true, claims: { payRequestId: check.claims.id, expires: check.claims.expires } } : check;
}

/** The pay link of a request made at `createdAt`, or null without a secret (the e-mail then says to call). */
export function payLink(request: { id: string; createdAt: Date }, env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = visitLinkSecret(env);
  if (!secret) return null;
  const expires = Math.floor(request.createdAt.getTime() / 1000) + PAY_LINK_DAYS * 86_400;
  return `${publicOrigin(env)}/pay?t=${signPayLink({ payRequestId: request.id, expires }, secret)}`;
}
