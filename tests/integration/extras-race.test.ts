/**
 * Two payments of one pay link (docs/product/extras.md#paid): the first tab's checkout is paid
 * while its webhook is still on its way, so the second tab starts a checkout of its own (the first
 * can no longer be expired: it is complete) and pays it too. Both webhooks then land at once. One
 * payment pays the request; the other is refunded in full under its idempotency key, and its
 * refund recorded as the card provider reports it, whichever webhook wins and however often each
 * is delivered. The real functions, the Stripe emulator (its webhooks held) and the real SDK.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  callAs,
  createTokenIssuer,
  deliver,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  webhookHold,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name?: string; role?: string };

const OWNER: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
const CUSTOMER: User = { id: randomUUID(), email: 'race@example.com', name: 'Riley Race' };
const hold = webhookHold();

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  vi.stubEnv('VISIT_LINK_SECRET', 'visit-link-secret-of-the-extras-race');
  vi.stubEnv('OWNER_EMAIL', OWNER.email);
  issuer = await createTokenIssuer();
  stack = await startStack({
    dataDir: await tempDir('shm-extras-race-'),
    functions: true,
    jwk: issuer.jwk,
    webhookPath: hold.path,
    extraRoutes: [hold.route],
  });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  vi.unstubAllEnvs();
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User | null) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

/** Delivers every held event, each in the order the provider sent it. */
async function deliverHeld(): Promise<void> {
  for (const delivery of hold.take()) expect((await deliver(stack.origin, delivery)).status).toBe(200);
}

/** Pays a checkout and waits for its webhook deliveries to be held (a completed checkout sends 2: invoice, session). */
async function payAndHold(url: string): Promise<void> {
  expect((await payCheckout(url)).status).toBe(303);
  await hold.waitFor(2);
}

test('two checkouts of one link both paid: one payment kept, the other refunded in full, once', async () => {
  // A light-bulb visit booked, paid, confirmed and done with 3 bulbs.
  const booked = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    {
      serviceType: 'light-bulb-replacement',
      visit: {
        street: '9 Race Rd',
        city: 'Ozark',
        zip: '65721',
        phone: '(417) 555-0188',
        date: bookableWeekdays()[1]?.date,
        window: 'morning',
        notes: '',
      },
    },
    CUSTOMER,
  );
  await payAndHold(booked.body.url);
  await deliverHeld();
  const [visit] = await stack.db.query<{ id: string }>('select id from visits where user_id = $1', [CUSTOMER.id]);
  const id = visit?.id ?? '';
  expect((await call('POST', `/api/owner/visits/${id}`, { action: 'confirm', start: '09:30' }, OWNER)).status).toBe(
    200,
  );
  const done = await call<OwnerVisitAnswer>(
    'POST',
    `/api/owner/visits/${id}`,
    { action: 'done', extras: [{ id: 'bulb-led-a19', qty: 3 }] },
    OWNER,
  );
  const requestId = done.body.visit.payRequest?.id ?? '';
  const [mail] = await stack.db.query<{ payload: { text: string } }>(
    'select payload from mail_outbox where idempotency_key = $1',
    [`extras-pay:${requestId}`],
  );
  const t =
    new URL(/Pay \$[\d,.]+: (\S+)/.exec(mail?.payload.text ?? '')?.[1] ?? 'http://x/').searchParams.get('t') ?? '';

  // The first tab pays; its webhook is held. The second tab then starts and pays its own checkout.
  const first = await call<{ url: string }>('POST', '/api/pay', { t, tip: { kind: 'none' } });
  await payAndHold(first.body.url);
  const firstEvents = hold.take();
  const second = await call<{ url: string }>('POST', '/api/pay', { t, tip: { kind: 'percent', percent: 20 } });
  expect(second.status).toBe(200);
  await payAndHold(second.body.url);
  const secondEvents = hold.take();

  // Both completions land at once, each twice (the provider retries).
  const completed = (events: typeof firstEvents) => events.filter((e) => e.type === 'checkout.session.completed');
  const answers = await Promise.all(
    [...completed(firstEvents), ...completed(secondEvents), ...completed(firstEvents), ...completed(secondEvents)].map(
      (delivery) => deliver(stack.origin, delivery).then((res) => res.status),
    ),
  );
  expect(answers).toEqual([200, 200, 200, 200]);

  // One order pays the request; the other is refunded at once, and its charge.refunded recorded.
  await hold.waitFor(1);
  await deliverHeld();
  const orders = await waitFor(async () => {
    const rows = await stack.db.query<{ id: number; status: string; amount_cents: number; refunded_cents: number }>(
      `select id, status, amount_cents, refunded_cents from orders where pay_request_id = $1 order by id`,
      [requestId],
    );
    return rows.some((row) => row.status === 'refunded' && row.refunded_cents === row.amount_cents) ? rows : undefined;
  }, 'the second payment refunded');
  expect(orders.map((row) => row.status).sort()).toEqual(['paid', 'refunded']);
  const kept = orders.find((row) => row.status === 'paid');
  expect(kept?.refunded_cents).toBe(0);
  const [request] = await stack.db.query<{ status: string; order_id: number }>(
    'select status, order_id from pay_requests where id = $1',
    [requestId],
  );
  expect(request).toEqual({ status: 'paid', order_id: kept?.id });
  // Told once each: one receipt, one owner event; the refunded payer one refund e-mail.
  const told = await stack.db.query<{ idempotency_key: string }>(
    `select idempotency_key from mail_outbox where idempotency_key like 'extras-receipt:%' or idempotency_key like 'refund-issued:%'
     order by idempotency_key`,
  );
  expect(told.map((row) => row.idempotency_key.split(':')[0])).toEqual(['extras-receipt', 'refund-issued']);
  // A later run of the schedule asks for no other refund: the provider holds exactly one.
  const refunds = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from emulator_stripe.objects where object = 'refund'`,
  );
  expect(refunds[0]?.n).toBe(1);
});
