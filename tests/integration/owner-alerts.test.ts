/**
 * The owner's alerts by e-mail (docs/product/emails.md#owner-alerts), with the real stripe SDK against the
 * emulator: a paid booking, a plan started, a contact message and a plan request each queue exactly
 * one alert to every address of OWNER_EMAIL, with the phone and address, however often the webhook
 * or the form is sent again. Webhook deliveries are held and forwarded twice by the test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setUpEmbeddedPlanPrices } from '../../functions/_lib/plans/prices.ts';
import { bookableDays } from '../../src/features/visits/windows.ts';
import { holidayOn } from '../../src/features/visits/closed-days.server.ts';
import { businessToday } from '../../src/lib/dates.ts';
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

const OWNERS = 'owner@example.com, partner@example.com';
const saved = { ...process.env };
let issuer: TokenIssuer;
let stack: Stack;
const hold = webhookHold();

beforeAll(async () => {
  process.env['OWNER_EMAIL'] = 'owner@example.com,partner@example.com';
  process.env['LEAD_RATE_LIMIT'] = '0';
  issuer = await createTokenIssuer();
  stack = await startStack({
    dataDir: await tempDir('shm-owner-alerts-'),
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
  process.env = saved;
});

interface Alert {
  key: string;
  to: string;
  subject: string;
  text: string;
}

async function alerts(like: string): Promise<Alert[]> {
  const rows = await stack.db.query<{
    idempotency_key: string;
    payload: { to: string; subject: string; text: string };
  }>(`select idempotency_key, payload from mail_outbox where kind = 'owner-alert' and idempotency_key like $1`, [like]);
  return rows.map((r) => ({
    key: r.idempotency_key,
    to: r.payload.to,
    subject: r.payload.subject,
    text: r.payload.text,
  }));
}

/** Forwards every held delivery twice (a retry the card provider makes), until none is left. */
async function flushTwice(): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await waitFor(async () => {
      const pending = await stack.db.query(`select 1 from emulator_stripe.events where delivery_state = 'pending'`);
      return pending.length === 0 ? true : undefined;
    }, 'the emulator to hand over its events');
    const batch: HeldDelivery[] = hold.take();
    if (batch.length === 0) return;
    for (const delivery of [...batch, ...batch]) {
      const res = await deliver(stack.origin, delivery);
      expect(res.status, delivery.type).toBe(200);
    }
  }
  throw new Error('webhook deliveries did not settle');
}

async function call(path: string, user: { id: string; email: string }, body: unknown) {
  const res = await fetch(`${stack.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await issuer.sign(stack.origin, user)}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { url?: string; error?: string };
}

async function postTwice(path: string, body: unknown): Promise<string> {
  const key = randomUUID();
  const ids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await fetch(`${stack.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    ids.push(((await res.json()) as { id: string }).id);
  }
  expect(ids[0]).toBe(ids[1]);
  return ids[0]!;
}

describe('owner alerts', { timeout: 120_000 }, () => {
  test('a paid booking, its webhook sent twice: one alert to every owner address, with phone and address', async () => {
    const user = { id: randomUUID(), email: `alert-${randomUUID().slice(0, 8)}@example.com` };
    const day = bookableDays(businessToday()).find((d) => d.windows.includes('morning') && !holidayOn(d.date))!.date;
    const started = await call('/api/create-payment-checkout', user, {
      serviceType: 'dryer-vent-cleaning',
      visit: {
        street: '12 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '(417) 555-0142',
        date: day,
        window: 'morning',
        notes: '',
      },
    });
    const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.url ?? '')?.[1] ?? '';
    expect((await payCheckout(started.url ?? '')).status).toBe(303);
    await flushTwice();
    const sent = await alerts(`owner-alert:booking-paid:${session}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(OWNERS);
    expect(sent[0]?.subject).toMatch(/^New booking: Dryer Vent Cleaning, .+ \(ORD-[A-Z0-9]+\)$/);
    expect(sent[0]?.text).toContain('Phone: (417) 555-0142');
    expect(sent[0]?.text).toContain('Address: 12 Elm St, Nixa');
    expect(sent[0]?.text).toContain('/owner');
  });

  test('a plan started: one alert', async () => {
    const user = { id: randomUUID(), email: `plan-alert-${randomUUID().slice(0, 8)}@example.com` };
    const started = await call('/api/create-subscription-checkout', user, {
      planType: 'lite',
      billingPeriod: 'monthly',
    });
    expect((await payCheckout(started.url ?? '')).status).toBe(303);
    await flushTwice();
    const [row] = await stack.db.query<{ id: string }>('select id from subscriptions where user_id = $1', [user.id]);
    const sent = await alerts(`owner-alert:plan-started:${row?.id ?? 'none'}`);
    expect(sent.map((a) => a.subject)).toEqual([`Plan started: Autopilot Lite plan for ${user.email}`]);
  });

  test('a contact message and a plan request, each sent twice with its key: one alert each', async () => {
    const contactId = await postTwice('/api/contact', {
      name: 'Ada Lane',
      email: 'ada@example.com',
      phone: '(417) 555-0101',
      message: 'Dryer smells hot',
    });
    const contact = await alerts(`owner-alert:lead:${contactId}`);
    expect(contact.map((a) => a.subject)).toEqual(['Contact message from Ada Lane']);
    expect(contact[0]?.text).toContain('Message: Dryer smells hot');

    const requestId = await postTwice('/api/plan-request', {
      planType: 'full',
      billingPeriod: 'annual',
      fullName: 'Dana Reed',
      email: 'dana@example.com',
      phone: '(417) 555-0100',
      address: '1200 E Battlefield Rd',
      city: 'Springfield',
      state: 'MO',
      zip: '65804',
      preferredDay: 'evenings',
      specialInstructions: '',
      agreeTerms: true,
      source: 'http://127.0.0.1/autopilot-full',
    });
    const request = await alerts(`owner-alert:lead:${requestId}`);
    expect(request).toHaveLength(1);
    expect(request[0]?.subject).toBe('Plan request from Dana Reed: Autopilot Full (annual)');
    expect(request[0]?.text).toContain('Address: 1200 E Battlefield Rd, Springfield, MO 65804');
  });

  test('without OWNER_EMAIL nothing is queued', async () => {
    delete process.env['OWNER_EMAIL'];
    try {
      const id = await postTwice('/api/contact', { name: 'Cy', email: 'cy@example.com', phone: '(417) 555-0109' });
      expect(await alerts(`owner-alert:lead:${id}`)).toEqual([]);
    } finally {
      process.env['OWNER_EMAIL'] = 'owner@example.com,partner@example.com';
    }
  });
});
