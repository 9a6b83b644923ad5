/**
 * The Book again links (docs/product/due-again.md#book-again): signed under their own purpose,
 * naming one visit, working until the end of the 60th day after the due day (Springfield time);
 * altered, foreign and expired tokens told apart.
 */
import { describe, expect, test } from 'vitest';
import {
  bookAgainExpiry,
  bookAgainLink,
  readBookAgainLink,
  signBookAgainLink,
} from '../../../../../functions/_lib/visits/book-again-links.ts';
import { signPayLink } from '../../../../../functions/_lib/payments/pay-links.ts';
import { linkExpiry, signVisitLink } from '../../../../../functions/_lib/visits/links.ts';

const SECRET = 'b'.repeat(32);
const VISIT = '6f0b7a36-4f4e-4d8a-9a55-0f3c2b1d9e01';
// Due again on Sunday, February 14, 2027: the link works through Friday, April 15, 2027 (CDT, UTC-5).
const DUE = '2027-02-14';
const claims = { visitId: VISIT, expires: bookAgainExpiry(DUE) };

describe('Book again links', () => {
  test('work until midnight at the end of the 60th day after the due day, Springfield time', () => {
    expect(new Date(bookAgainExpiry(DUE) * 1000).toISOString()).toBe('2027-04-16T05:00:00.000Z');
    const token = signBookAgainLink(claims, SECRET);
    expect(readBookAgainLink(token, SECRET, new Date('2027-04-16T04:59:59Z'))).toEqual({ ok: true, claims });
    expect(readBookAgainLink(token, SECRET, new Date('2027-04-16T05:00:00Z'))).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  test('an altered body or signature, another secret, or a token cut short reads as altered', () => {
    const token = signBookAgainLink(claims, SECRET);
    const [body = '', mac = ''] = token.split('.');
    const at = new Date('2027-02-07T16:00:00Z');
    const forged = Buffer.from(JSON.stringify({ p: 'book-again', v: VISIT, e: claims.expires + 86_400 })).toString(
      'base64url',
    );
    for (const bad of [`${forged}.${mac}`, `${body}.${mac.slice(1)}x`, body, `${token}.x`, '', 'not a token']) {
      expect(readBookAgainLink(bad, SECRET, at), bad).toEqual({ ok: false, problem: 'altered' });
    }
    expect(readBookAgainLink(token, 'c'.repeat(32), at)).toEqual({ ok: false, problem: 'altered' });
  });

  test('a visit link or a pay link signed with the same secret is no Book again link', () => {
    const at = new Date('2027-02-07T16:00:00Z');
    const visitToken = signVisitLink(
      { purpose: 'reschedule', visitId: VISIT, version: 1, expires: linkExpiry(DUE) },
      SECRET,
    );
    const payToken = signPayLink({ payRequestId: VISIT, expires: claims.expires }, SECRET);
    expect(readBookAgainLink(visitToken, SECRET, at)).toEqual({ ok: false, problem: 'altered' });
    expect(readBookAgainLink(payToken, SECRET, at)).toEqual({ ok: false, problem: 'altered' });
  });

  test("the link opens the service's page with the token; without a secret, the page alone", () => {
    const env = { SITE_URL: 'https://www.example.com', VISIT_LINK_SECRET: SECRET };
    const visit = { id: VISIT, service: 'air-filter-replacement', due_again: DUE };
    const url = new URL(bookAgainLink(visit, env));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.example.com/services/air-filter-replacement');
    const token = url.searchParams.get('again') ?? '';
    expect(readBookAgainLink(token, SECRET, new Date('2027-02-07T16:00:00Z'))).toEqual({ ok: true, claims });
    expect(bookAgainLink(visit, { SITE_URL: 'https://www.example.com' })).toBe(
      'https://www.example.com/services/air-filter-replacement',
    );
  });
});
