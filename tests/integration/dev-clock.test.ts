/**
 * The embedded default's one clock (docs/product/operations.md#embedded-default), on the real server process
 * over HTTP: `GET /_dev/clock` reads it, `POST /_dev/clock {advance}` moves it and runs at once
 * what became due at the payment emulator, so a plan renews without anyone waiting a month; the
 * customer's token, issued before the advance, still counts; a restart keeps the offset.
 */
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpointOptions } from '../../functions/_lib/platform/stripe.ts';
import {
  EMBEDDED_STRIPE_KEY,
  freePort,
  removeDir,
  startServer,
  tempDataDir,
  type ServerProcess,
} from '../support/server.ts';
import { mailsTo } from './harness.ts';
import { payCheckout, waitFor } from './support/stripe-stack.ts';

interface ClockReading {
  now: string;
  offsetSeconds: number;
}

let dataDir = '';
let port = 0;
let origin = '';
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await tempDataDir('shm-clock-');
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startServer({ dataDir, port, env: { AUTH_RATE_LIMITS: 'off' } });
});

afterAll(async () => {
  await server?.stop();
  await removeDir(dataDir);
});

async function readClock(): Promise<ClockReading> {
  const res = await fetch(`${origin}/_dev/clock`);
  expect(res.status).toBe(200);
  return (await res.json()) as ClockReading;
}

function postClock(body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(`${origin}/_dev/clock`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

async function advance(seconds: number): Promise<ClockReading> {
  const res = await postClock(JSON.stringify({ advance: seconds }));
  expect(res.status).toBe(200);
  return (await res.json()) as ClockReading;
}

/** How far the clock's `now` is ahead of real time, in seconds. */
const lead = (reading: ClockReading) => (new Date(reading.now).getTime() - Date.now()) / 1000;

describe('/_dev/clock', { timeout: 180_000 }, () => {
  test('reads real time at first; an advance moves it forward and it stays moved', async () => {
    const start = await readClock();
    expect(start.offsetSeconds).toBe(0);
    expect(Math.abs(lead(start))).toBeLessThan(5);

    const moved = await advance(3600);
    expect(moved.offsetSeconds).toBe(3600);
    expect(lead(moved)).toBeGreaterThan(3600 - 5);
    expect(lead(moved)).toBeLessThan(3600 + 5);
    const again = await readClock();
    expect(again.offsetSeconds).toBe(3600);
    expect(new Date(again.now).getTime()).toBeGreaterThanOrEqual(new Date(moved.now).getTime());
  });

  test('bad input is a 400 naming the field, and the clock does not move', async () => {
    const before = (await readClock()).offsetSeconds;
    for (const [body, message] of [
      ['{}', 'advance: required'],
      ['{"advance": 0}', 'advance: must be more than 0'],
      ['{"advance": -86400}', 'advance: must be more than 0'],
      ['{"advance": "86400"}', 'advance: must be a number of seconds'],
      ['{"advance": 31622401}', 'advance: must be at most 31622400 seconds (366 days)'],
      ['{"advance": 60, "to": "2030-01-01"}', 'to: unknown field'],
      ['{"advance": ', 'Request body must be valid JSON'],
      ['[60]', 'Request body must be a JSON object'],
    ] as const) {
      const res = await postClock(body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: string }).error, body).toContain(message);
    }
    const form = await postClock('advance=60', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    const put = await fetch(`${origin}/_dev/clock`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect((await readClock()).offsetSeconds).toBe(before);
  });

  test('a monthly plan renews as soon as the clock passes its period end, without waiting', async () => {
    const email = `clock.${Date.now()}@example.com`;
    const password = 'correct horse 42';
    const supabase = createClient(origin, 'embedded-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await supabase.auth.signUp({ email, password })).error).toBeNull();
    const link = (await mailsTo(origin, email))[0]?.links.find((l) => l.includes('/auth/v1/verify'));
    expect((await fetch(link ?? '', { redirect: 'manual' })).status).toBe(303);
    const signIn = await supabase.auth.signInWithPassword({ email, password });
    const token = signIn.data.session?.access_token ?? '';
    const call = (path: string, body: unknown = {}) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const subscription = async () =>
      (await (await call('/api/check-subscription')).json()) as { subscribed: boolean; subscription_end: string };

    const checkout = await call('/api/create-subscription-checkout', { planType: 'lite', billingPeriod: 'monthly' });
    expect(checkout.status).toBe(200);
    expect((await payCheckout(((await checkout.json()) as { url: string }).url)).status).toBe(303);
    const first = await waitFor(async () => {
      const status = await subscription();
      return status.subscribed ? status : undefined;
    }, 'the subscription webhooks');
    const firstEnd = new Date(first.subscription_end).getTime();

    // Just past the period's end, by the clock (which earlier tests moved an hour already).
    const clockNow = new Date((await readClock()).now).getTime();
    const moved = await advance(Math.ceil((firstEnd - clockNow) / 1000) + 60);
    expect(new Date(moved.now).getTime()).toBeGreaterThan(firstEnd);

    // The renewal was billed before the advance answered: no timer was waited for.
    const stripe = new Stripe(EMBEDDED_STRIPE_KEY, {
      ...endpointOptions(origin),
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: 0,
    });
    const [customer] = (await stripe.customers.list({ email })).data;
    const [plan] = (await stripe.subscriptions.list({ customer: customer?.id ?? '' })).data;
    const invoices = (await stripe.invoices.list({ subscription: plan?.id ?? '' })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    expect(plan?.items.data[0]?.current_period_start).toBe(firstEnd / 1000);

    // Its events reach the site: the owner hears of the renewal, and the plan runs a month longer.
    await waitFor(async () => {
      const { leads } = (await (await fetch(`${origin}/_dev/leads.json`)).json()) as {
        leads: { payload: Record<string, unknown> }[];
      };
      return leads.find((l) => l.payload['event'] === 'plan.renewed' && l.payload['invoiceId'] === invoices[0]?.id);
    }, 'the plan.renewed owner event');
    // The token from before the advance still counts: sessions keep real time.
    const renewed = await waitFor(async () => {
      const status = await subscription();
      return status.subscribed && new Date(status.subscription_end).getTime() > firstEnd ? status : undefined;
    }, 'the renewed period');
    const nextEnd = new Date(firstEnd);
    nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
    expect(Math.abs(new Date(renewed.subscription_end).getTime() - nextEnd.getTime())).toBeLessThan(4 * 86_400_000);
  });

  test('a restart keeps the offset: the clock never runs back behind what was recorded', async () => {
    const before = await readClock();
    expect(await server?.stop()).toBe(0);
    server = await startServer({ dataDir, port, env: { AUTH_RATE_LIMITS: 'off' } });
    const after = await readClock();
    expect(after.offsetSeconds).toBe(before.offsetSeconds);
    expect(new Date(after.now).getTime()).toBeGreaterThanOrEqual(new Date(before.now).getTime());
  });
});
