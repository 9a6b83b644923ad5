import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { addInterval } from '../../../../../server/embedded/stripe/billing.ts';
import { StripeError } from '../../../../../server/embedded/stripe/errors.ts';
import { asList, keySegments, parseForm } from '../../../../../server/embedded/stripe/form.ts';
import { checkCard, parseExpiry } from '../../../../../server/embedded/stripe/hosted/card.ts';
import { escapeHtml } from '../../../../../server/embedded/dev-page.ts';
import { formatMoney } from '../../../../../server/embedded/stripe/hosted/html.ts';
import { newId } from '../../../../../server/embedded/stripe/ids.ts';
import { metadata, optionalBoolean, optionalInteger, rejectUnknown } from '../../../../../server/embedded/stripe/params.ts';
import { parseLineItems } from '../../../../../server/embedded/stripe/prices.ts';
import { signatureHeader } from '../../../../../server/embedded/stripe/signature.ts';
import { retryDelayMs } from '../../../../../server/embedded/stripe/webhooks.ts';

describe('form decoding (qs indexed brackets, as stripe-node encodes)', () => {
  test('nested hashes and indexed lists', () => {
    const body =
      'mode=payment&line_items[0][price_data][unit_amount]=2500&line_items[0][quantity]=1' +
      '&line_items[1][quantity]=2&metadata[user_id]=u%201&expand[]=a&expand[]=b';
    const params = parseForm(body);
    expect(params).toEqual({
      mode: 'payment',
      line_items: { '0': { price_data: { unit_amount: '2500' }, quantity: '1' }, '1': { quantity: '2' } },
      metadata: { user_id: 'u 1' },
      expand: { '0': 'a', '1': 'b' },
    });
    expect(asList(params['line_items'])).toHaveLength(2);
    expect(asList(params['metadata'])).toBeNull();
  });

  test('percent-encoded brackets decode the same', () => {
    expect(parseForm('metadata%5Bplan%5D=lite')).toEqual({ metadata: { plan: 'lite' } });
  });

  test.each([
    ['a=1&a[b]=2', 'a[b]'],
    ['a[b]=2&a=1', 'a'],
    ['a[b=1', 'a[b'],
    ['__proto__[x]=1', '__proto__[x]'],
    ['a[constructor]=1', 'a[constructor]'],
  ])('%s is a 400 naming %s', (body, param) => {
    expect(() => parseForm(body)).toThrow(StripeError);
    try {
      parseForm(body);
    } catch (error) {
      expect(error).toMatchObject({ status: 400, param });
    }
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  test('keySegments', () => {
    expect(keySegments('a[b][0][c]')).toEqual(['a', 'b', '0', 'c']);
    expect(keySegments('expand[]')).toEqual(['expand', '']);
  });
});

describe('parameter readers use Stripe messages and bracketed names', () => {
  test.each([
    [() => optionalInteger('abc', 'line_items[0][quantity]'), 'Invalid integer: abc', 'line_items[0][quantity]'],
    [() => optionalBoolean('yes', 'cancel_at_period_end'), 'Invalid boolean: yes', 'cancel_at_period_end'],
    [() => rejectUnknown({ colour: 'red' }, ['mode']), 'Received unknown parameter: colour', 'colour'],
    [
      () => metadata({ ['k'.repeat(41)]: 'v' }, 'metadata'),
      'Metadata keys can have a maximum length of 40 characters.',
      `metadata[${'k'.repeat(41)}]`,
    ],
  ])('%#', (run, message, param) => {
    expect(run).toThrow(expect.objectContaining({ message, param }));
  });

  test('line items: price_data priced, recurring only in subscription mode', () => {
    const monthly = {
      '0': {
        quantity: '1',
        price_data: {
          currency: 'USD',
          unit_amount: '3900',
          product_data: { name: 'Lite' },
          recurring: { interval: 'month' },
        },
      },
    };
    const [item] = parseLineItems(monthly, 'subscription', 0);
    expect(item).toMatchObject({
      quantity: 1,
      amount: 3900,
      productName: 'Lite',
      price: { currency: 'usd', type: 'recurring', recurring: { interval: 'month', interval_count: 1 } },
    });
    expect(() => parseLineItems(monthly, 'payment', 0)).toThrow(/recurring price/);
  });
});

describe('ids', () => {
  test.each([
    ['cs_test', /^cs_test_[A-Za-z0-9]{58}$/],
    ['cus', /^cus_[A-Za-z0-9]{14}$/],
    ['sub', /^sub_[A-Za-z0-9]{24}$/],
    ['evt', /^evt_[A-Za-z0-9]{24}$/],
    ['bps', /^bps_[A-Za-z0-9]{24}$/],
    ['in', /^in_[A-Za-z0-9]{24}$/],
    ['pi', /^pi_[A-Za-z0-9]{24}$/],
  ] as const)('%s', (prefix, shape) => {
    expect(newId(prefix)).toMatch(shape);
    expect(newId(prefix)).not.toBe(newId(prefix));
  });
});

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

describe('billing periods', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  test.each([
    ['2026-11-22T10:00:00Z', 'month', 1, '2026-12-22T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 'month', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 'month', 1, '2028-02-29T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'month', 3, '2027-02-22T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'year', 1, '2027-11-22T00:00:00Z'],
    ['2026-11-22T00:00:00Z', 'week', 2, '2026-12-06T00:00:00Z'],
  ] as const)('%s + %d %s', (start, interval, count, end) => {
    expect(addInterval(at(start), interval, count)).toBe(at(end));
  });
});

describe('webhook signing and retries', () => {
  test('the signature is the one the SDK verifies', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const header = signatureHeader(payload, 'whsec_test', Math.floor(Date.now() / 1000));
    const event = await Stripe.webhooks.constructEventAsync(payload, header, 'whsec_test');
    expect(event.id).toBe('evt_1');
    expect(header).toBe(
      await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: 'whsec_test',
        timestamp: Number(header.slice(2, header.indexOf(','))),
      }),
    );
  });

  test('backoff doubles and is capped', () => {
    const policy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('hosted page helpers', () => {
  test('escapes markup and formats money', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(formatMoney(3900, 'usd')).toBe('$39.00');
  });
});
