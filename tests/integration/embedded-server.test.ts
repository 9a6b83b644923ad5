/**
 * The whole embedded default as `npm start` runs it: the real server process, driven by the real
 * supabase-js client and plain HTTP, from sign-up to a paid subscription, across a restart.
 */
import { readFile, stat } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPGlite } from '../../functions/_lib/platform/db.ts';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server.ts';
import { mailsTo } from './harness.ts';
import { payCheckout, waitFor } from './support/stripe-stack.ts';
import { bookingVisit } from '../support/visit.ts';

describe('embedded default, end to end', () => {
  let dataDir = '';
  let port = 0;
  let origin = '';
  let server: ServerProcess | undefined;
  const email = `pat.${Date.now()}@example.com`;
  const password = 'correct horse 42';

  beforeAll(async () => {
    dataDir = await tempDataDir('shm-embedded-');
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServer({ dataDir, port });
  });

  afterAll(async () => {
    await server?.stop();
    await removeDir(dataDir);
  });

  const client = () =>
    createClient(origin, 'embedded-anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
  const call = (path: string, token: string, body: unknown = {}) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('function answers go gzip-encoded to a client that accepts gzip, as they leave Netlify', async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${origin}/api/availability`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        }).on('error', reject);
      });
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('Accept-Encoding');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(zipped.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect((JSON.parse(plain.body.toString('utf8')) as { days: unknown[] }).days.length).toBeGreaterThan(10);
  });

  test('sign up, confirm by mail, subscribe to Autopilot Full, pay, and be subscribed across a restart', async () => {
    const supabase = client();
    const signUp = await supabase.auth.signUp({
      email,
      password,
      options: { data: { full_name: 'Pat Customer' }, emailRedirectTo: `${origin}/` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();

    const [mail] = await mailsTo(origin, email);
    const link = mail?.links.find((l) => l.includes('/auth/v1/verify'));
    expect(link).toBeDefined();
    const verified = await fetch(link ?? '', { redirect: 'manual' });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toMatch(new RegExp(`^${origin}/#access_token=`));

    const signIn = await supabase.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const token = signIn.data.session?.access_token ?? '';

    const before: unknown = await (await call('/api/check-subscription', token)).json();
    expect(before).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });

    const checkout = await call('/api/create-subscription-checkout', token, { planType: 'full' });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const paid = await payCheckout(url);
    expect(paid.status).toBe(303);
    const successUrl = new URL(paid.headers.get('location') ?? '');
    expect(successUrl.pathname).toBe('/payment-success');
    expect(successUrl.searchParams.get('session_id')).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);

    const status = await waitFor(async () => {
      const body = (await (await call('/api/check-subscription', token)).json()) as {
        subscribed: boolean;
        subscription_tier: string;
        subscription_end: string;
      };
      return body.subscribed ? body : undefined;
    }, 'the subscription webhook');
    expect(status.subscription_tier).toBe('full');
    expect(new Date(status.subscription_end).getTime()).toBeGreaterThan(Date.now());

    // A one-time booking: premium filters cost $30.00, computed on the server.
    const booking = await call('/api/create-payment-checkout', token, {
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      visit: bookingVisit(),
    });
    expect(booking.status).toBe(200);
    const bookingPaid = await payCheckout(((await booking.json()) as { url: string }).url);
    expect(bookingPaid.status).toBe(303);
    const bookingSession = new URL(bookingPaid.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
    // Its webhook (which first reads the receipt from the card provider) is handled before the restart.
    await waitFor(async () => {
      const order = await fetch(`${origin}/api/order?session_id=${encodeURIComponent(bookingSession)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await order.json()) as { status?: string }).status === 'paid' ? true : undefined;
    }, 'the booking webhook');

    // Restart: the same data dir keeps the user, the session's subscription and the orders.
    expect(await server?.stop()).toBe(0);
    server = await startServer({ dataDir, port });
    const again = await client().auth.signInWithPassword({ email, password });
    expect(again.error).toBeNull();
    const afterRestart: unknown = await (
      await call('/api/check-subscription', again.data.session?.access_token ?? '')
    ).json();
    expect(afterRestart).toMatchObject({ subscribed: true, subscription_tier: 'full' });

    // The auth emulator's service key, for `npm run owner`: in the data dir, for this user only,
    // never over HTTP, and the admin API accepts it.
    const keyFile = join(dataDir, 'service-role.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const serviceKey = (await readFile(keyFile, 'utf8')).trim();
    for (const path of ['/service-role.key', '/.data/service-role.key', '/server.lock']) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    }
    const admin = createClient(origin, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data } = await admin.auth.admin.listUsers();
    expect(data.users.map((user) => user.email)).toEqual([email]);

    expect(await server.stop()).toBe(0);
    const db = await openPGlite(dataDir);
    const orders = await db.query<{
      kind: string;
      item: string;
      amount_cents: number;
      status: string;
      order_number: string;
      checkout_session_id: string;
    }>('select kind, item, amount_cents, status, order_number, checkout_session_id from orders order by id');
    await db.close();
    expect(orders.map((o) => [o.kind, o.item, o.amount_cents, o.status])).toEqual([
      ['subscription', 'full', 5900, 'paid'],
      ['service', 'air-filter-replacement', 3000, 'paid'],
    ]);
    const booked = orders.find((o) => o.checkout_session_id === bookingSession);
    expect(booked?.order_number).toBe(`ORD-${bookingSession.split('_').pop()?.slice(-8).toUpperCase()}`);
  });
});
