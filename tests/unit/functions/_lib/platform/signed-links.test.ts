import { describe, expect, test } from 'vitest';
import { readLink, signLink } from '../../../../../functions/_lib/platform/signed-links.ts';
import { readPayLink, signPayLink } from '../../../../../functions/_lib/payments/pay-links.ts';
import { readBookAgainLink } from '../../../../../functions/_lib/visits/book-again-links.ts';
import { signVisitLink } from '../../../../../functions/_lib/visits/links.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const ID = '0b7f3c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f';
const NOW = new Date('2026-12-07T15:00:00Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3600;

describe('links signed for one purpose (docs/product/extras.md#the-pay-link)', () => {
  test('read back for their purpose, with their id and expiry', () => {
    const token = signLink('pay', { id: ID, expires: LATER }, SECRET);
    expect(readLink('pay', token, SECRET, NOW)).toEqual({ ok: true, claims: { id: ID, expires: LATER } });
    expect(readPayLink(signPayLink({ payRequestId: ID, expires: LATER }, SECRET), SECRET, NOW)).toEqual({
      ok: true,
      claims: { payRequestId: ID, expires: LATER },
    });
  });

  test("a token never reads as another purpose's, nor a visit link as either", () => {
    const pay = signPayLink({ payRequestId: ID, expires: LATER }, SECRET);
    expect(readBookAgainLink(pay, SECRET, NOW)).toEqual({ ok: false, problem: 'altered' });
    const visit = signVisitLink({ purpose: 'cancel', visitId: ID, version: 1, expires: LATER }, SECRET);
    expect(readPayLink(visit, SECRET, NOW)).toEqual({ ok: false, problem: 'altered' });
    expect(readBookAgainLink(visit, SECRET, NOW)).toEqual({ ok: false, problem: 'altered' });
  });

  test('altered (another secret, a changed body, a piece added or missing) and expired', () => {
    const token = signLink('pay', { id: ID, expires: LATER }, SECRET);
    const [body, mac] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ p: 'pay', r: ID, e: LATER + 1 })).toString('base64url');
    for (const bad of [
      signLink('pay', { id: ID, expires: LATER }, `${SECRET}!`),
      `${other}.${mac}`,
      `${token}.x`,
      body,
      '',
    ]) {
      expect(readLink('pay', bad, SECRET, NOW)).toEqual({ ok: false, problem: 'altered' });
    }
    expect(readLink('pay', token, SECRET, new Date(LATER * 1000))).toEqual({ ok: false, problem: 'expired' });
    // An id that is no UUID is refused whole, even signed.
    expect(readLink('pay', signLink('pay', { id: 'x', expires: LATER }, SECRET), SECRET, NOW)).toEqual({
      ok: false,
      problem: 'altered',
    });
  });
});
