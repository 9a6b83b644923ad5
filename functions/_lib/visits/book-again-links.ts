/**
 * The Book again links (docs/product/due-again.md#book-again): a token signed with
 * VISIT_LINK_SECRET (HMAC-SHA256) over its own purpose, `book-again`, so no visit or pay link reads
 * as one and no Book again link changes a visit or pays anything; it names one visit done and works
 * until the end of the 60th day after the day that visit's service is due again (Springfield time).
 * The link opens the service's page, which reads the visit through `GET /api/book-again?t=`.
 */
import { BOOK_AGAIN_PARAM } from '../../../src/features/booking/book-again.ts';
import { BOOK_AGAIN_LINK_DAYS } from '../../../src/features/visits/due-again.ts';
import { addDays } from '../../../src/lib/dates.ts';
import { publicOrigin } from '../platform/config.ts';
import { readLink, signLink } from '../platform/signed-links.ts';
import { linkExpiry, visitLinkSecret } from './links.ts';

/** What a Book again token says once its signature holds. */
export interface BookAgainClaims {
  visitId: string;
  /** Seconds since the epoch after which the link is expired. */
  expires: number;
}

/** The purpose signed into every Book again token, apart from the visit links' and the pay links'. */
const PURPOSE = 'book-again';

/** A signed token for `claims`. */
export function signBookAgainLink(claims: BookAgainClaims, secret: string): string {
  return signLink(PURPOSE, { id: claims.visitId, expires: claims.expires }, secret);
}

/** What reading a Book again token found. */
export type BookAgainLinkCheck = { ok: true; claims: BookAgainClaims } | { ok: false; problem: 'altered' | 'expired' };

/** Reads a token: 'altered' unless its signature and shape hold, 'expired' past its expiry. */
export function readBookAgainLink(token: string, secret: string, now: Date): BookAgainLinkCheck {
  const check = readLink(PURPOSE, token, secret, now);
  return check.ok ? { ok: true, claims: { visitId: check.claims.id, expires: check.claims.expires } } : check;
}

/** When the Book again link of a visit due again on `dueDay` stops working: the end of its 60th day after. */
export function bookAgainExpiry(dueDay: string): number {
  return linkExpiry(addDays(dueDay, BOOK_AGAIN_LINK_DAYS));
}

/**
 * The Book again link of a visit done, due again on `due_again`: `<site>/services/<service>?again=<token>#booking`;
 * without a secret (never in production, which requires one), the service's page itself.
 */
export function bookAgainLink(
  visit: { id: string; service: string; due_again: string },
  env: NodeJS.ProcessEnv = process.env,
): string {
  const page = `${publicOrigin(env)}/services/${visit.service}`;
  const secret = visitLinkSecret(env);
  if (!secret) return page;
  const token = signBookAgainLink({ visitId: visit.id, expires: bookAgainExpiry(visit.due_again) }, secret);
  // At the booking card: it starts (and fills itself) once in view, so the page opens there.
  return `${page}?${BOOK_AGAIN_PARAM}=${token}#booking`;
}
