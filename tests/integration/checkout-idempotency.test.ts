/**
 * A double click on a checkout button: two identical requests at once, through the functions and
 * the real stripe SDK against the emulator (which answers a key in use with 409 and replays a
 * finished one, as Stripe does), give one session and one pending order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHECKOUT_DEDUPE_WINDOW_MS } from '../../functions/_lib/platform/stripe.ts';
import {
  createTokenIssuer,
  removeTempDirs,
  startStack,
  tempDir,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';
import { bookingVisit } from '../support/visit.ts';

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-idempotency-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

/** Two identical POSTs sent together, as a double click sends them. */
async function doubleClick(path: string, user: { id: string; email: string }, body: unknown) {
  // Both clicks must fall in one window of the key; a window about to close is waited out.
  const left = CHECKOUT_DEDUPE_WINDOW_MS - (Date.now() % CHECKOUT_DEDUPE_WINDOW_MS);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left));
  const token = await issuer.sign(stack.origin, user);
  const send = () =>
    fetch(`${stack.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { url?: string } }));
  return Promise.all([send(), send()]);
}

const ordersOf = (userId: string) =>
  stack.db.query<{ checkout_session_id: string }>('select checkout_session_id from orders where user_id = $1', [
    userId,
  ]);

describe('checkout sessions are created once per click', { timeout: 60_000 }, () => {
  test('a double click on Book & Pay opens one session and records one order', async () => {
    const user = { id: randomUUID(), email: 'double.click@example.com' };
    const body = {
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      visit: bookingVisit(),
    };
    const [first, second] = await doubleClick('/api/create-payment-checkout', user, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.url).toMatch(/\/cs_test_[A-Za-z0-9]+$/);
    expect(second.body.url).toBe(first.body.url);
    expect(await ordersOf(user.id)).toHaveLength(1);

    // Another choice is another purchase, with its own session.
    const [other] = await doubleClick('/api/create-payment-checkout', user, {
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'standard' },
      visit: bookingVisit(),
    });
    expect(other.body.url).not.toBe(first.body.url);
    expect(await ordersOf(user.id)).toHaveLength(2);
  });

  test('a double click on Subscribe opens one subscription checkout', async () => {
    const user = { id: randomUUID(), email: 'double.subscribe@example.com' };
    const [first, second] = await doubleClick('/api/create-subscription-checkout', user, { planType: 'full' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.url).toBe(first.body.url);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  test('two plan checkouts created at the same instant (two tabs) leave exactly one open', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = { id: randomUUID(), email: `two.tabs.${round}@example.com` };
      const token = await issuer.sign(stack.origin, user);
      const send = (body: unknown) =>
        fetch(`${stack.origin}/api/create-subscription-checkout`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }).then(async (res) => ((await res.json()) as { url: string }).url);
      const urls = await Promise.all([
        send({ planType: 'lite', billingPeriod: 'monthly' }),
        send({ planType: 'full', billingPeriod: 'annual' }),
      ]);
      const statuses = await Promise.all(
        urls.map(async (url) => (await stack.stripe.checkout.sessions.retrieve(url.split('/').pop() ?? '')).status),
      );
      expect(
        statuses.filter((s) => s === 'open'),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });
});
