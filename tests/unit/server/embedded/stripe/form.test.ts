import { describe, expect, test } from 'vitest';
import { StripeError } from '../../../../../server/embedded/stripe/errors.ts';
import { asList, keySegments, parseForm } from '../../../../../server/embedded/stripe/form.ts';

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
