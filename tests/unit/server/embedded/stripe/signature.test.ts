import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { signatureHeader } from '../../../../../server/embedded/stripe/signature.ts';
import { retryDelayMs } from '../../../../../server/embedded/stripe/webhooks.ts';

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
