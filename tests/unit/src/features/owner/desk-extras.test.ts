/** A visit's pay request in the desk's words (docs/product/extras.md#pay-requests). */
import { describe, expect, test } from 'vitest';
import type { PayRequest } from '@/features/extras/extras';
import {
  canCharge,
  canRefund,
  extraLineLabel,
  paidCents,
  payRequestBrief,
  payRequestLabel,
  refundedLabel,
} from '@/features/owner/desk-extras';
import { visit } from './visit-fixture';

/** An unpaid pay request for two bulbs, made on the evening of Monday, December 7 in Springfield. */
function payRequest(over: Partial<PayRequest> = {}): PayRequest {
  return {
    id: 'pr-1',
    orderNumber: 'ORD-EXTRA001',
    status: 'unpaid',
    items: [{ id: 'bulb-led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 2, amountCents: 1600 }],
    amountCents: 1600,
    tipCents: 0,
    note: null,
    // 8 PM in Springfield, already December 8 in UTC: the day sent is Springfield's.
    createdAt: '2026-12-08T02:00:00.000Z',
    paidAt: null,
    refundedCents: 0,
    ...over,
  };
}

describe("a pay request's state", () => {
  test("'Unpaid: <total> (sent <day>)', the day in Springfield", () => {
    expect(payRequestLabel(payRequest())).toBe('Unpaid: $16.00 (sent Mon, Dec 7)');
  });

  test("'Paid <amount> (tip <tip>)': the amount is the extras and the tip", () => {
    const paid = payRequest({ status: 'paid', tipCents: 240, paidAt: '2026-12-09T15:00:00.000Z' });
    expect(paidCents(paid)).toBe(1840);
    expect(payRequestLabel(paid)).toBe('Paid $18.40 (tip $2.40)');
    expect(payRequestLabel({ ...paid, tipCents: 0 })).toBe('Paid $16.00 (tip $0.00)');
  });

  test("'Cancelled', and 'Refunded <amount>' once any was refunded", () => {
    expect(payRequestLabel(payRequest({ status: 'cancelled' }))).toBe('Cancelled');
    expect(refundedLabel(payRequest({ status: 'paid' }))).toBeNull();
    expect(refundedLabel(payRequest({ status: 'paid', tipCents: 240, refundedCents: 1840 }))).toBe('Refunded $18.40');
  });

  test('on the card, one line after "Extras"; nothing without a pay request', () => {
    expect(payRequestBrief(null)).toBeNull();
    expect(payRequestBrief(payRequest())).toBe('Extras unpaid: $16.00 (sent Mon, Dec 7)');
    expect(payRequestBrief(payRequest({ status: 'paid', tipCents: 240 }))).toBe('Extras paid $18.40 (tip $2.40)');
    expect(payRequestBrief(payRequest({ status: 'paid', tipCents: 240, refundedCents: 1840 }))).toBe(
      'Extras refunded $18.40',
    );
    expect(payRequestBrief(payRequest({ status: 'cancelled' }))).toBe('Extras cancelled');
  });

  test('each line as quantity × name, and its amount', () => {
    expect(extraLineLabel({ qty: 2, name: 'LED bulb, standard (A19)', amountCents: 1600 })).toBe(
      '2 × LED bulb, standard (A19): $16.00',
    );
  });
});

describe('what the desk offers (docs/product/extras.md#charging)', () => {
  test("'Charge extras' on a visit done without an unpaid pay request", () => {
    expect(canCharge(visit('a', { status: 'done' }))).toBe(true);
    expect(canCharge(visit('a', { status: 'done', payRequest: payRequest() }))).toBe(false);
    expect(canCharge(visit('a', { status: 'done', payRequest: payRequest({ status: 'paid' }) }))).toBe(true);
    expect(canCharge(visit('a', { status: 'done', payRequest: payRequest({ status: 'cancelled' }) }))).toBe(true);
    for (const status of ['requested', 'confirmed', 'no-show', 'cancelled'] as const) {
      expect(canCharge(visit('a', { status }))).toBe(false);
    }
  });

  test("'Refund extras' on a paid pay request until all its payment is refunded", () => {
    expect(canRefund(null)).toBe(false);
    expect(canRefund(payRequest())).toBe(false);
    expect(canRefund(payRequest({ status: 'cancelled' }))).toBe(false);
    expect(canRefund(payRequest({ status: 'paid', tipCents: 240 }))).toBe(true);
    expect(canRefund(payRequest({ status: 'paid', tipCents: 240, refundedCents: 1600 }))).toBe(true);
    expect(canRefund(payRequest({ status: 'paid', tipCents: 240, refundedCents: 1840 }))).toBe(false);
  });
});
