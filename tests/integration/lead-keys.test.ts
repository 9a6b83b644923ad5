/**
 * A visitor's Idempotency-Key lives apart from the server's event keys (docs/product/leads.md#leads): a
 * contact message sent with `Idempotency-Key: booking-paid:<session id>` before the booking is paid
 * does not stop the paid booking's owner event, and the same key sent after payment answers as it
 * would for a session never paid, so a key tells nothing about what another party did.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderNumber } from '../../src/features/account/order-number.ts';
import {
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';
import { bookingVisit } from '../support/visit.ts';

let issuer: TokenIssuer;
let stack: Stack;
const saved = { ...process.env };
const contact = { name: 'Mallory', email: 'mallory@example.com', phone: '(417) 555-0100', service: 'other' };

beforeAll(async () => {
  process.env['LEAD_RATE_LIMIT'] = '0';
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-lead-keys-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  process.env = saved;
});

/** A paid booking of a new customer; answers its checkout session's id. */
async function checkout(): Promise<{ id: string; url: string }> {
  const user = { id: randomUUID(), email: `keys.${randomUUID().slice(0, 8)}@example.com` };
  const res = await fetch(`${stack.origin}/api/create-payment-checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, user)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ serviceType: 'dryer-vent-cleaning', options: {}, visit: bookingVisit() }),
  });
  const { url } = (await res.json()) as { url: string };
  return { id: /\/(cs_test_[A-Za-z0-9]+)$/.exec(url)?.[1] ?? '', url };
}

async function pay(session: { id: string; url: string }): Promise<void> {
  expect((await payCheckout(session.url)).status).toBe(303);
  await waitFor(async () => {
    const [order] = await stack.db.query<{ status: string }>(
      'select status from orders where checkout_session_id = $1',
      [session.id],
    );
    return order?.status === 'paid' ? true : undefined;
  }, 'the booking to be paid');
}

const sendContact = (key: string) =>
  fetch(`${stack.origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(contact),
  });

const ownerEvents = (session: string) =>
  stack.db.query<{ event: string }>(
    `select payload->>'event' as event from leads where kind = 'order' and payload->>'orderNumber' = $1`,
    [orderNumber(session)],
  );

describe("a visitor's key and the server's event keys", { timeout: 60_000 }, () => {
  test("a contact message sent with a booking's event key first does not suppress its owner event", async () => {
    const session = await checkout();
    expect((await sendContact(`booking-paid:${session.id}`)).status).toBe(202);
    await pay(session);
    expect(await ownerEvents(session.id)).toEqual([{ event: 'booking.paid' }]);
  });

  test('the same key answers alike for a paid session and for one never paid', async () => {
    const paid = await checkout();
    await pay(paid);
    const unpaid = await checkout();
    const afterPayment = await sendContact(`booking-paid:${paid.id}`);
    const neverPaid = await sendContact(`booking-paid:${unpaid.id}`);
    expect([afterPayment.status, neverPaid.status]).toEqual([202, 202]);
  });
});
