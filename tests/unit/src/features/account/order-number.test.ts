import { describe, expect, test } from 'vitest';
import { orderNumber } from '@/features/account/order-number';

describe('orderNumber (docs/product/checkout.md#order-number)', () => {
  test.each([
    ['cs_test_a1QFLXZqOWxmolFgTrTbRywllLMKKCXtFVqWqlmjYNvd5A3sF4UztRNdAA', 'ORD-UZTRNDAA'],
    ['cs_live_b1xyzABCDefgh', 'ORD-ABCDEFGH'],
    ['cs_test_abc', 'ORD-ABC'],
    ['noUnderscores12345678', 'ORD-12345678'],
    ['cs_test_', 'ORD-CS_TEST_'],
    ['  cs_test_paddedId99  ', 'ORD-DDEDID99'],
  ])('%s -> %s', (sessionId, expected) => {
    expect(orderNumber(sessionId)).toBe(expected);
  });

  test('no session id, no order number', () => {
    expect(orderNumber('')).toBeNull();
    expect(orderNumber('   ')).toBeNull();
  });
});
