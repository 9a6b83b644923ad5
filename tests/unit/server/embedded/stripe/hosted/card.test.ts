import { describe, expect, test } from 'vitest';
import { checkCard, parseExpiry } from '../../../../../../server/embedded/stripe/hosted/card.ts';

describe('test cards', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const good = { number: '4242 4242 4242 4242', expiry: '12 / 31', cvc: '123', name: 'Pat' };

  test('the success card passes', () => {
    expect(checkCard(good, now, false)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    });
  });

  test.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s is declined: %s', (number, message) => {
    expect(checkCard({ ...good, number }, now, false)).toEqual({ ok: false, errors: {}, declined: message });
  });

  test.each([
    [{ number: '4242 4242' }, 'number', 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'number', 'Your card number is invalid.'],
    [{ expiry: '10 / 26' }, 'expiry', "Your card's expiration date is in the past."],
    [{ expiry: '13 / 30' }, 'expiry', "Your card's expiration date is incomplete."],
    [{ cvc: '12' }, 'cvc', "Your card's security code is incomplete."],
    [{ name: '  ' }, 'name', 'Enter the name on the card.'],
  ])('%o -> %s', (change, field, message) => {
    const result = checkCard({ ...good, ...change }, now, false);
    expect(result).toMatchObject({ ok: false, errors: { [field]: message } });
  });

  test('e-mail is checked only when the session has none', () => {
    expect(checkCard({ ...good, email: 'nope' }, now, true)).toMatchObject({
      errors: { email: 'Your email address is invalid.' },
    });
    expect(checkCard({ ...good, email: 'nope' }, now, false).ok).toBe(true);
  });

  test('expiry formats', () => {
    expect(parseExpiry('0731')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('7/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('00/31')).toBeNull();
  });
});
