import { describe, expect, test } from 'vitest';
import {
  linkExpiry,
  readVisitLink,
  signVisitLink,
  verifiedClaims,
  visitLinks,
  type VisitLinkClaims,
} from '../../../../../functions/_lib/visits/links.ts';

const SECRET = 'a'.repeat(32);
const VISIT = '6f0b7a36-4f4e-4d8a-9a55-0f3c2b1d9e01';
const OTHER = '0c9e1f52-7d7a-4b9f-8f0e-5d6a2c3b4e10';
// A visit on Tuesday, December 1, 2026: its links work until midnight that day, Springfield time (CST, UTC-6).
const DAY = '2026-12-01';
const claims: VisitLinkClaims = { purpose: 'reschedule', visitId: VISIT, version: 2, expires: linkExpiry(DAY) };
const before = new Date('2026-11-28T15:00:00Z');
const versionOf = (versions: Record<string, number>) => (id: string) => versions[id] ?? null;

describe('visit links (docs/product/visits.md#changing-a-visit)', () => {
  test("expire at midnight at the end of the visit's day, Springfield time", () => {
    expect(new Date(linkExpiry(DAY) * 1000).toISOString()).toBe('2026-12-02T06:00:00.000Z');
    // In daylight time: midnight is 05:00 UTC.
    expect(new Date(linkExpiry('2026-06-02') * 1000).toISOString()).toBe('2026-06-03T05:00:00.000Z');
  });

  test('a valid link reads back its purpose, visit and version', () => {
    const token = signVisitLink(claims, SECRET);
    expect(readVisitLink(token, SECRET, before, versionOf({ [VISIT]: 2 }))).toEqual({ ok: true, claims });
  });

  test('an altered link is refused: a changed payload, a changed signature, another secret, a cut link', () => {
    const token = signVisitLink(claims, SECRET);
    const [body = '', mac = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'cancel', v: VISIT, n: 2, e: claims.expires })).toString(
      'base64url',
    );
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `${forged}.${mac}`,
      `${body}.${flipped}`,
      signVisitLink(claims, 'b'.repeat(32)),
      token.slice(0, -3),
      body,
      `${token}.x`,
      '',
    ]) {
      expect(readVisitLink(altered, SECRET, before)).toEqual({ ok: false, problem: 'altered' });
    }
  });

  test('a signed token of another shape is refused as altered', () => {
    const sign = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const mac = signVisitLink(claims, SECRET).split('.')[1];
      return `${body}.${mac}`;
    };
    expect(verifiedClaims(sign({ p: 'delete', v: VISIT, n: 1, e: 1 }), SECRET)).toBeNull();
  });

  test("expired from midnight at the end of the visit's day, to the second", () => {
    const token = signVisitLink(claims, SECRET);
    const midnight = new Date(claims.expires * 1000);
    expect(readVisitLink(token, SECRET, new Date(midnight.getTime() - 1000)).ok).toBe(true);
    expect(readVisitLink(token, SECRET, midnight)).toEqual({ ok: false, problem: 'expired' });
  });

  test('used: the visit has changed since the link was made (its version moved on)', () => {
    const token = signVisitLink(claims, SECRET);
    expect(readVisitLink(token, SECRET, before, versionOf({ [VISIT]: 3 }))).toEqual({ ok: false, problem: 'used' });
  });

  test('a link names its purpose and its visit only: the other purpose and another visit are not in it', () => {
    const token = signVisitLink(claims, SECRET);
    const read = readVisitLink(token, SECRET, before, versionOf({ [VISIT]: 2, [OTHER]: 2 }));
    expect(read.ok && read.claims.purpose).toBe('reschedule');
    expect(read.ok && read.claims.visitId).toBe(VISIT);
    const cancel = signVisitLink({ ...claims, purpose: 'cancel' }, SECRET);
    expect(cancel).not.toBe(token);
    expect(verifiedClaims(cancel, SECRET)?.purpose).toBe('cancel');
  });

  test("visitLinks makes both links of the visit's current version on the site's address, none without a secret", () => {
    const env = { VISIT_LINK_SECRET: SECRET, SITE_URL: 'https://www.example.com' };
    const links = visitLinks({ id: VISIT, day: DAY, calendar_sequence: 4 }, env);
    expect(links?.reschedule).toMatch(/^https:\/\/www\.example\.com\/visit\?t=[\w-]+\.[\w-]+$/);
    const token = (url: string) => new URL(url).searchParams.get('t') ?? '';
    expect(verifiedClaims(token(links?.reschedule ?? ''), SECRET)).toEqual({ ...claims, version: 4 });
    expect(verifiedClaims(token(links?.cancel ?? ''), SECRET)).toEqual({ ...claims, purpose: 'cancel', version: 4 });
    expect(
      visitLinks({ id: VISIT, day: DAY, calendar_sequence: 4 }, { SITE_URL: 'https://www.example.com' }),
    ).toBeNull();
    expect(visitLinks({ id: VISIT, day: DAY, calendar_sequence: 4 }, { VISIT_LINK_SECRET: 'short' })).toBeNull();
  });
});
