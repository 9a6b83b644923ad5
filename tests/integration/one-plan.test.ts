/**
 * One live plan per customer (docs/product/plans.md#one-live-plan-per-customer), as a property: for any
 * interleaving of subscription checkouts created, paid and expired by one customer, with the card
 * provider's webhook deliveries held, reordered and duplicated, the customer never has more than
 * one live plan in our records, and once every delivery has landed the provider bills at most one
 * plan, every other paid one cancelled and refunded in full.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setUpEmbeddedPlanPrices } from '../../functions/_lib/plans/prices.ts';
import {
  createTokenIssuer,
  deliver,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  webhookHold,
  type HeldDelivery,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

let issuer: TokenIssuer;
let stack: Stack;
const hold = webhookHold();

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({
    dataDir: await tempDir('shm-one-plan-'),
    functions: true,
    jwk: issuer.jwk,
    webhookPath: hold.path,
    extraRoutes: [hold.route],
  });
  await setUpEmbeddedPlanPrices(stack.stripe, process.env);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

type Step =
  | { kind: 'create'; plan: 'lite' | 'full'; period: 'monthly' | 'quarterly' | 'annual' }
  | { kind: 'pay'; pick: number }
  | { kind: 'expire'; pick: number }
  | { kind: 'deliver'; pick: number; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      plan: fc.constantFrom('lite' as const, 'full' as const),
      period: fc.constantFrom('monthly' as const, 'quarterly' as const, 'annual' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), twice: fc.boolean() }) },
);

/** What the emulator has handed to the hold so far, once it has nothing left to hand over. */
async function collect(queue: HeldDelivery[]): Promise<void> {
  await waitFor(async () => {
    const pending = await stack.db.query(`select 1 from emulator_stripe.events where delivery_state = 'pending'`);
    return pending.length === 0 ? true : undefined;
  }, 'the emulator to hand over its events');
  queue.push(...hold.take());
}

async function send(delivery: HeldDelivery): Promise<void> {
  const res = await deliver(stack.origin, delivery);
  expect(res.status, `${delivery.type}: ${await res.clone().text()}`).toBe(200);
}

/** Live plans of the user in our records that count as their plan (a duplicate being refunded does not). */
async function livePlans(userId: string): Promise<number> {
  const [row] = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from subscriptions where user_id = $1 and duplicate_of is null
       and status in ('active', 'trialing') and (current_period_end is null or current_period_end > now())`,
    [userId],
  );
  return row?.n ?? 0;
}

describe('one live plan per customer, whatever the interleaving', () => {
  test(
    'creates, pays, expiries and held, reordered, duplicated deliveries leave at most one live plan',
    {
      timeout: 600_000,
    },
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), fc.nat(), async (steps, seed) => {
          runs += 1;
          const user = { id: randomUUID(), email: `race.${randomUUID().slice(0, 8)}@example.com` };
          const token = await issuer.sign(stack.origin, user);
          const urls: string[] = [];
          const queue: HeldDelivery[] = [];
          for (const s of steps) {
            if (s.kind === 'create') {
              const res = await fetch(`${stack.origin}/api/create-subscription-checkout`, {
                method: 'POST',
                headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
                body: JSON.stringify({ planType: s.plan, billingPeriod: s.period }),
              });
              const body = (await res.json()) as { url?: string; error?: string };
              expect([200, 409], JSON.stringify(body)).toContain(res.status);
              if (body.url) urls.push(body.url);
            } else if (s.kind === 'pay' && urls.length > 0) {
              // An expired or already paid checkout refuses the card; nothing to assert about it.
              await payCheckout(urls[s.pick % urls.length] ?? '').catch(() => undefined);
            } else if (s.kind === 'expire' && urls.length > 0) {
              const id = new URL(urls[s.pick % urls.length] ?? '').pathname.split('/').pop() ?? '';
              await stack.stripe.checkout.sessions.expire(id).catch(() => undefined);
            } else if (s.kind === 'deliver') {
              await collect(queue);
              if (queue.length === 0) continue;
              const [delivery] = queue.splice(s.pick % queue.length, 1);
              if (!delivery) continue;
              await send(delivery);
              if (s.twice) await send(delivery);
            }
            expect(await livePlans(user.id)).toBeLessThanOrEqual(1);
          }
          // The provider's retries: everything still held lands, in a shuffled order, until nothing is left.
          let state = seed;
          for (let round = 0; round < 20; round += 1) {
            await collect(queue);
            if (queue.length === 0) break;
            while (queue.length > 0) {
              state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
              const [delivery] = queue.splice(state % queue.length, 1);
              if (delivery) await send(delivery);
              expect(await livePlans(user.id)).toBeLessThanOrEqual(1);
            }
          }
          expect(queue).toEqual([]);

          // The provider bills at most one plan; every other one paid for is cancelled and refunded in full.
          const [customer] = await stack.db.query<{ stripe_customer_id: string }>(
            'select stripe_customer_id from customers where user_id = $1',
            [user.id],
          );
          if (!customer) return;
          const subscriptions = (
            await stack.stripe.subscriptions.list({ customer: customer.stripe_customer_id, status: 'all', limit: 100 })
          ).data;
          const active = subscriptions.filter((s) => s.status === 'active');
          expect(active.length).toBeLessThanOrEqual(1);
          expect(await livePlans(user.id)).toBe(active.length);
          const rows = await stack.db.query<{ id: string; refund_state: string | null; refunded_cents: number | null }>(
            'select id, refund_state, refunded_cents from subscriptions where user_id = $1',
            [user.id],
          );
          expect(rows.map((r) => r.id).sort()).toEqual(subscriptions.map((s) => s.id).sort());
          for (const subscription of subscriptions.filter((s) => s.status === 'canceled')) {
            const row = rows.find((r) => r.id === subscription.id);
            expect(row?.refund_state).toBe('done');
            expect(row?.refunded_cents).toBe(subscription.items.data[0]?.price.unit_amount);
          }
          const orders = await stack.db.query<{ status: string }>('select status from orders where user_id = $1', [
            user.id,
          ]);
          expect(orders.filter((o) => o.status === 'paid')).toHaveLength(active.length);
          expect(orders.filter((o) => o.status === 'refunded')).toHaveLength(subscriptions.length - active.length);
          // Only the plan kept has visits still to do: a refunded one's are cancelled (docs/product/visits.md#plan-visits).
          const toDo = await stack.db.query<{ subscription_id: string }>(
            `select subscription_id from visits
             where user_id = $1 and plan_visit_no is not null and status in ('requested', 'confirmed')`,
            [user.id],
          );
          expect(new Set(toDo.map((v) => v.subscription_id))).toEqual(new Set(active.map((s) => s.id)));
        }),
        { numRuns: 30 },
      );
      expect(runs).toBe(30);
    },
  );
});
