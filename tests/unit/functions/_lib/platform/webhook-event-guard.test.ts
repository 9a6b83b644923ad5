import { describe, expect, test } from 'vitest';
import { absurdValueIn, assertSaneEvent } from '../../../../../functions/_lib/platform/webhook-event-guard.ts';

const session = (over: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  created: 1_795_000_000,
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      amount_total: 5900,
      expires_at: 1_795_086_400,
      metadata: { plan: 'full' },
      ...over,
    },
  },
});

describe('absurdValueIn', () => {
  test('an event as the provider sends it passes, nulls and negative invoice credits included', () => {
    expect(absurdValueIn(session())).toBeNull();
    expect(absurdValueIn(session({ amount_total: 0, expires_at: null }))).toBeNull();
    expect(
      absurdValueIn({
        id: 'evt_2',
        created: 1_795_000_000,
        data: {
          object: { object: 'invoice', amount_remaining: 0, lines: { data: [{ amount: -500, period: { end: 1 } }] } },
        },
      }),
    ).toBeNull();
  });

  test.each([
    [{ ...session(), created: 1.5 }, 'created: must be a whole unix time from 1970 to 9999'],
    [{ ...session(), created: 1e20 }, 'created: must be a whole unix time from 1970 to 9999'],
    [{ ...session(), created: -1 }, 'created: must be a whole unix time from 1970 to 9999'],
    [session({ expires_at: 253_402_300_800 }), 'data.object.expires_at: must be a whole unix time from 1970 to 9999'],
    [session({ amount_total: -500 }), 'data.object.amount_total: must not be negative'],
    [session({ amount_total: 59.5 }), 'data.object.amount_total: must be a whole amount in cents'],
    [session({ amount_total: 1e12 }), 'data.object.amount_total: must be a whole amount in cents'],
    [session({ id: 'cs_\u0000' }), 'data.object.id: must not contain NUL characters or unpaired surrogates'],
    [
      session({ metadata: { plan: '\ud800' } }),
      'data.object.metadata.plan: must not contain NUL characters or unpaired surrogates',
    ],
    [
      { id: 'evt_3', created: 1, data: { object: { items: { data: [{ current_period_end: 2.5 }] } } } },
      'data.object.items.data.0.current_period_end: must be a whole unix time from 1970 to 9999',
    ],
  ])('%j -> %s', (event, problem) => {
    expect(absurdValueIn(event)).toBe(problem);
  });

  test('assertSaneEvent answers 400 naming the event and the field', () => {
    expect(() => assertSaneEvent(session({ amount_total: -1 }))).toThrow(
      expect.objectContaining({ status: 400, message: 'Event evt_1: data.object.amount_total: must not be negative' }),
    );
  });
});
