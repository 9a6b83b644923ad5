import { describe, expect, test } from 'vitest';
import { TIP_MAX_CENTS } from '@/features/extras/extras';
import {
  ALTERED_TEXT,
  CANCELLED_TEXT,
  EXPIRED_TEXT,
  paidLine,
  payLabel,
  pickOf,
  tipDollarsToCents,
  tipOf,
  tipOptions,
} from '@/features/extras/pay-view';
import { SITE } from '@/site';

const TIP_MESSAGE = 'Please enter a tip from $0 to $100';

describe('the words of /pay (docs/product/extras.md#the-pay-link)', () => {
  test('a link altered, expired or withdrawn gives the phone number', () => {
    expect(ALTERED_TEXT).toBe(
      `This link is not complete or was changed. Please open it again from your e-mail, or call ${SITE.phone.display}.`,
    );
    expect(EXPIRED_TEXT).toBe(`This pay link has expired. Please call ${SITE.phone.display} to pay.`);
    expect(CANCELLED_TEXT).toBe(
      `This pay request was withdrawn. Nothing is owed on it. Questions? Call ${SITE.phone.display}.`,
    );
  });

  test('paid: the day in Springfield, what the card paid (extras and tip), the tip and the order', () => {
    // 03:30 UTC on December 2 is still December 1 in Springfield.
    const line = paidLine({
      paidAt: '2026-12-02T03:30:00.000Z',
      amountCents: 2400,
      tipCents: 360,
      orderNumber: 'ORD-A1B2C3D4',
    });
    expect(line).toBe('Paid on Tuesday, December 1, 2026: $27.60 (tip $3.60). Order ORD-A1B2C3D4. Thank you!');
  });

  test('paid without a tip says so in cents', () => {
    const line = paidLine({ paidAt: '2026-12-01T18:00:00Z', amountCents: 800, tipCents: 0, orderNumber: 'ORD-X' });
    expect(line).toBe('Paid on Tuesday, December 1, 2026: $8.00 (tip $0.00). Order ORD-X. Thank you!');
  });
});

describe('Add a tip? (docs/product/extras.md#tips)', () => {
  test('no tip, the three percentages of the extras with their amounts, and another amount', () => {
    expect(tipOptions(2400).map((option) => option.label)).toEqual([
      'No tip',
      '10% ($2.40)',
      '15% ($3.60)',
      '20% ($4.80)',
      'Other amount',
    ]);
  });

  test('a percentage is rounded to the cent, as the server rounds it', () => {
    expect(tipOptions(1999).map((option) => option.label)).toEqual([
      'No tip',
      '10% ($2.00)',
      '15% ($3.00)',
      '20% ($4.00)',
      'Other amount',
    ]);
  });

  test('the radio values read back as the pick', () => {
    for (const option of tipOptions(2400)) expect(pickOf(String(option.pick))).toBe(option.pick);
    expect(pickOf('12')).toBe('none');
  });

  test.each([
    ['5', 500],
    ['5.5', 550],
    ['5.50', 550],
    ['$12.25', 1225],
    [' 7 ', 700],
    ['.75', 75],
    ['3.', 300],
    ['0', 0],
    ['100', 10_000],
    ['100.01', 10_001],
  ])('dollars %j are %i cents', (text, cents) => {
    expect(tipDollarsToCents(text)).toBe(cents);
  });

  test.each(['', ' ', '.', '$', 'abc', '5.555', '-5', '1e2', '1,000', '5 dollars'])('%j is not an amount', (text) => {
    expect(tipDollarsToCents(text)).toBeNaN();
  });

  test('the choice sent is the one the server takes, with its cents', () => {
    expect(tipOf(2400, 'none', '42')).toEqual({ ok: true, choice: { kind: 'none' }, cents: 0 });
    expect(tipOf(2400, 15, '')).toEqual({ ok: true, choice: { kind: 'percent', percent: 15 }, cents: 360 });
    expect(tipOf(2400, 'other', '6.5')).toEqual({ ok: true, choice: { kind: 'amount', cents: 650 }, cents: 650 });
    expect(tipOf(2400, 'other', '100.00')).toEqual({
      ok: true,
      choice: { kind: 'amount', cents: TIP_MAX_CENTS },
      cents: TIP_MAX_CENTS,
    });
  });

  test.each(['100.01', '250', '', 'five', '2.505'])('another amount of %j is refused in the doc words', (text) => {
    expect(tipOf(2400, 'other', text)).toEqual({ ok: false, error: TIP_MESSAGE });
  });

  test('the pay button shows the total with the tip; a tip not yet valid counts as none', () => {
    expect(payLabel(2400, 'none', '')).toBe('Pay $24.00');
    expect(payLabel(2400, 20, '')).toBe('Pay $28.80');
    expect(payLabel(2400, 'other', '10')).toBe('Pay $34.00');
    expect(payLabel(2400, 'other', '101')).toBe('Pay $24.00');
  });
});
