/**
 * A second live plan that can never be settled (docs/product/plans.md#one-live-plan-per-customer): a
 * signed event naming a subscription the card provider does not have is enough. Its delivery is
 * answered, the settlement is kept for retry with backoff and told to the owner, and every later
 * delivery about anything else is applied as usual.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { settleDuePlans } from '../../functions/_lib/payments/one-plan.ts';
import {
  createTokenIssuer,
  removeTempDirs,
  startStack,
  tempDir,
  WEBHOOK_SECRET,
  type Stack,
} from './support/stripe-stack.ts';

let stack: Stack;
const carol = { id: randomUUID(), email: 'carol@example.com' };
const dave = { id: randomUUID(), email: 'dave@example.com' };
const DAY = 86_400;

beforeAll(async () => {
  const issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-settlement-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

async function postEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_set${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${stack.origin}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

function liveSubscription(id: string, user: { id: string }) {
  return {
    id,
    object: 'subscription',
    customer: `cus_set${user.id.slice(0, 8)}`,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { user_id: user.id, plan: 'lite' },
    items: {
      object: 'list',
      data: [
        { id: `si_${id}`, current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY, price: { id: 'price_x' } },
      ],
    },
  };
}

describe('an unsettleable second plan', { timeout: 60_000 }, () => {
  test('is kept for retry and told to the owner; later deliveries about anything else answer 200', async () => {
    expect((await postEvent('customer.subscription.created', liveSubscription('sub_setKept0001', carol))).status).toBe(
      200,
    );
    // The card provider has no such subscription: it can be neither cancelled nor refunded.
    const poisoned = await postEvent('customer.subscription.created', liveSubscription('sub_setMissing0001', carol));
    expect(poisoned.status).toBe(200);
    const [row] = await stack.db.query<{
      refund_state: string;
      settle_attempts: number;
      settle_error: string | null;
      retry_later: boolean;
    }>(
      `select refund_state, settle_attempts, settle_error, settle_next_at > now() as retry_later
       from subscriptions where id = 'sub_setMissing0001'`,
    );
    expect(row).toMatchObject({ refund_state: 'pending', settle_attempts: 1, retry_later: true });
    expect(row?.settle_error).toMatch(/sub_setMissing0001/);
    const told = await stack.db.query<{ payload: Record<string, unknown> }>(
      `select payload from leads where idempotency_key = 'plan-refund-failed:sub_setMissing0001'`,
    );
    expect(told.map((t) => t.payload)).toEqual([
      expect.objectContaining({ event: 'plan.refund_failed', subscriptionId: 'sub_setMissing0001' }),
    ]);

    // Another customer's plan, and a checkout that expired: both applied, both answered 200.
    expect((await postEvent('customer.subscription.created', liveSubscription('sub_setOther0001', dave))).status).toBe(
      200,
    );
    const expired = await postEvent('checkout.session.expired', {
      id: `cs_test_set${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'expired',
      payment_status: 'unpaid',
      metadata: {},
    });
    expect(expired.status).toBe(200);
    expect(await stack.db.query(`select status from subscriptions where id = 'sub_setOther0001'`)).toEqual([
      { status: 'active' },
    ]);
    // The owner hears of it once, however many deliveries come after.
    expect(
      await stack.db.query(`select count(*)::int as n from leads where idempotency_key like 'plan-refund-failed:%'`),
    ).toEqual([{ n: 1 }]);
  });

  test('the retry tries it again only once it is due, and backs off further', async () => {
    const stripe = () => stack.stripe;
    expect(await settleDuePlans(stack.db, stripe)).toEqual([]);
    await stack.db.query(
      `update subscriptions set settle_next_at = now() - interval '1 second' where id = 'sub_setMissing0001'`,
    );
    const [outcome] = await settleDuePlans(stack.db, stripe);
    expect(outcome).toMatchObject({ failed: { subscriptionId: 'sub_setMissing0001', attempts: 2 } });
    const [row] = await stack.db.query<{ settle_attempts: number; wait: number }>(
      `select settle_attempts, extract(epoch from settle_next_at - now())::float8 as wait
       from subscriptions where id = 'sub_setMissing0001'`,
    );
    // The second wait is 2 minutes, less up to half of it for jitter.
    expect(row?.settle_attempts).toBe(2);
    expect(row?.wait).toBeGreaterThan(55);
    expect(await settleDuePlans(stack.db, stripe)).toEqual([]);
  });
});
