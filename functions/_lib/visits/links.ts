/**
 * The visits' e-mail links (docs/product/visits.md#changing-a-visit): a token signed with
 * VISIT_LINK_SECRET (HMAC-SHA256) binding what it is for (reschedule or cancel), the visit, the
 * visit's version (its calendar sequence, which every change raises) and its expiry (the end of the
 * visit's day in Springfield). Every e-mail about a visit takes both links from visitLinks, so one
 * change makes every earlier link refused as used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LINK_PURPOSES, type LinkProblem, type LinkPurpose } from '../../../src/features/visits/changes.ts';
import { addDays, businessTimeToUtc } from '../../../src/lib/dates.ts';
import { publicOrigin } from '../platform/config.ts';

/** The shortest secret the configuration check accepts. */
export const VISIT_LINK_SECRET_MIN = 32;

/** What a token says once its signature holds. */
export interface VisitLinkClaims {
  purpose: LinkPurpose;
  visitId: string;
  version: number;
  /** Seconds since the epoch after which the link is expired. */
  expires: number;
}

/** The secret, or null while none is set (the e-mails then say to call). */
export function visitLinkSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = env['VISIT_LINK_SECRET'] ?? '';
  return secret.length >= VISIT_LINK_SECRET_MIN ? secret : null;
}

/** When a link for a visit on `day` stops working: midnight at the end of that day, Springfield time. */
export function linkExpiry(day: string): number {
  return Math.floor(businessTimeToUtc(addDays(day, 1), '00:00').getTime() / 1000);
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A signed token for `claims`. */
export function signVisitLink(claims: VisitLinkClaims, secret: string): string {
  const body = Buffer.from(
    JSON.stringify({ p: claims.purpose, v: claims.visitId, n: claims.version, e: claims.expires }),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** What reading a token found. */
export type VisitLinkCheck = { ok: true; claims: VisitLinkClaims } | { ok: false; problem: LinkProblem };

/**
 * Reads a token: 'altered' unless its signature and shape hold, 'expired' past its expiry, 'used'
 * when the visit's version is no longer the one it was made for.
 */
export function readVisitLink(
  token: string,
  secret: string,
  now: Date,
  currentVersion: ((visitId: string) => number | null) | null = null,
): VisitLinkCheck {
  const claims = verifiedClaims(token, secret);
  if (!claims) return { ok: false, problem: 'altered' };
  if (now.getTime() >= claims.expires * 1000) return { ok: false, problem: 'expired' };
  if (currentVersion && currentVersion(claims.visitId) !== claims.version) return { ok: false, problem: 'used' };
  return { ok: true, claims };
}

/** The claims of a token whose signature holds, or null. */
export function verifiedClaims(token: string, secret: string): VisitLinkClaims | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { p, v, n, e } = raw as Record<string, unknown>;
  if (!LINK_PURPOSES.includes(p as LinkPurpose) || typeof v !== 'string') return null;
  if (!Number.isInteger(n) || !Number.isInteger(e)) return null;
  return { purpose: p as LinkPurpose, visitId: v, version: n as number, expires: e as number };
}

/** Both links of a visit as it is now. */
export interface VisitLinks {
  reschedule: string;
  cancel: string;
}

/** The visit's reschedule and cancel links, for every e-mail about it; null without a secret. */
export function visitLinks(
  visit: { id: string; day: string; calendar_sequence: number },
  env: NodeJS.ProcessEnv = process.env,
): VisitLinks | null {
  const secret = visitLinkSecret(env);
  if (!secret) return null;
  const base = { visitId: visit.id, version: visit.calendar_sequence, expires: linkExpiry(visit.day) };
  const link = (purpose: LinkPurpose) => `${publicOrigin(env)}/visit?t=${signVisitLink({ ...base, purpose }, secret)}`;
  return { reschedule: link('reschedule'), cancel: link('cancel') };
}

/**
 * A proposal's confirm and another-time links (docs/product/visits.md#proposed-times), for the
 * visit as it is once proposed: a newer proposal (or any other change) raises the version, so these
 * stop working; null without a secret.
 */
export function proposalLinks(
  visit: { id: string; day: string; calendar_sequence: number },
  env: NodeJS.ProcessEnv = process.env,
): { confirm: string; another: string } | null {
  const secret = visitLinkSecret(env);
  if (!secret) return null;
  const base = { visitId: visit.id, version: visit.calendar_sequence, expires: linkExpiry(visit.day) };
  const link = (purpose: LinkPurpose) => `${publicOrigin(env)}/visit?t=${signVisitLink({ ...base, purpose }, secret)}`;
  return { confirm: link('confirm'), another: link('another') };
}
