/**
 * The owner's leads, customers and exports (docs/product/desk.md#owner-api) against the real server
 * with the functions, the Stripe emulator and the real SDK: a lead set to contacted with a note; a
 * customer found by the last four digits of the phone, with their visits and orders; each export a
 * CSV with a row per record and a name beginning with `=` neutralised; bad input a 400 naming the
 * field; a customer refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  OwnerCustomerAnswer,
  OwnerCustomersAnswer,
  OwnerLead,
  OwnerLeadsAnswer,
} from '../../src/features/owner/records-api.ts';
import { bookableDays } from '../../src/features/visits/windows.ts';
import { holidayOn } from '../../src/features/visits/closed-days.server.ts';
import { businessToday } from '../../src/lib/dates.ts';
import {
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  type Stack,
  type TokenIssuer,
  callAs,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name?: string; role?: string };

const saved = { ...process.env };
let issuer: TokenIssuer;
let stack: Stack;
const owner: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
const customer: User = { id: randomUUID(), email: 'rae@example.com', name: 'Rae Quinn' };

beforeAll(async () => {
  process.env['LEAD_RATE_LIMIT'] = '0';
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-owner-records-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  process.env = saved;
});

const call = <T = Record<string, unknown>>(method: string, path: string, user: User | null, body?: unknown) =>
  callAs<T>(stack, issuer, method, path, user, body);

async function csv(path: string): Promise<{ status: number; type: string | null; rows: string[] }> {
  const res = await fetch(`${stack.origin}${path}`, {
    headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, owner)}` },
  });
  const body = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), rows: body.split('\r\n').filter(Boolean) };
}

describe('the owner’s leads, customers and exports', { timeout: 120_000 }, () => {
  let leadId = '';

  beforeAll(async () => {
    const day = bookableDays(businessToday()).find((d) => d.windows.includes('morning') && !holidayOn(d.date))!.date;
    const started = await call<{ url: string }>('POST', '/api/create-payment-checkout', customer, {
      serviceType: 'dryer-vent-cleaning',
      visit: {
        street: '7 Oak Ave',
        city: 'Ozark',
        zip: '65721',
        phone: '(417) 555-0187',
        date: day,
        window: 'morning',
        notes: '',
      },
    });
    expect(started.status).toBe(200);
    expect((await payCheckout(started.body.url)).status).toBe(303);
    await waitFor(async () => {
      const rows = await stack.db.query('select 1 from visits where user_id = $1', [customer.id]);
      return rows.length > 0 ? true : undefined;
    }, 'the visit');
    const res = await fetch(`${stack.origin}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '=HYPERLINK("http://x")', email: 'rae@example.com', phone: '(417) 555-0187' }),
    });
    expect(res.status).toBe(202);
    leadId = ((await res.json()) as { id: string }).id;
  });

  test('a lead is listed new, set to contacted with a note, and listed by that status', async () => {
    const listed = await call<OwnerLeadsAnswer>('GET', '/api/owner/leads', owner);
    expect(listed.status).toBe(200);
    expect(listed.body.leads.find((l) => l.id === leadId)).toMatchObject({
      kind: 'contact',
      status: 'new',
      note: '',
      email: 'rae@example.com',
      relay: 'unconfigured',
    });
    const changed = await call<{ lead: OwnerLead }>('POST', `/api/owner/leads/${leadId}`, owner, {
      status: 'contacted',
      note: 'Called, wants a quote',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.lead).toMatchObject({ status: 'contacted', note: 'Called, wants a quote' });
    const contacted = await call<OwnerLeadsAnswer>('GET', '/api/owner/leads?status=contacted', owner);
    expect(contacted.body.leads.map((l) => l.id)).toEqual([leadId]);
    expect((await call<OwnerLeadsAnswer>('GET', '/api/owner/leads?status=won', owner)).body.leads).toEqual([]);
  });

  test.each([
    [{ status: 'maybe' }, 'status'],
    [{ note: 5 }, 'note'],
    [{}, 'status'],
  ])('a change %j is a 400 naming %s', async (body, field) => {
    const res = await call<{ error: string }>('POST', `/api/owner/leads/${leadId}`, owner, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^${field}`));
  });

  test('unknown leads and customers are 404; a bad status filter a 400; a customer is refused', async () => {
    expect((await call('POST', `/api/owner/leads/${randomUUID()}`, owner, { status: 'won' })).status).toBe(404);
    expect((await call('GET', `/api/owner/customers/${randomUUID()}`, owner)).status).toBe(404);
    const bad = await call<{ error: string }>('GET', '/api/owner/leads?status=old', owner);
    expect([bad.status, bad.body.error]).toEqual([400, 'status must be one of: new, contacted, won, lost']);
    expect((await call('GET', '/api/owner/leads', customer)).status).toBe(403);
    expect((await call('GET', '/api/owner/customers?q=0187', null)).status).toBe(401);
  });

  test('a customer is found by the last four digits of the phone, by name and by ZIP, with visits, orders and leads', async () => {
    for (const q of ['0187', 'rae q', '65721', 'RAE@EXAMPLE']) {
      const found = await call<OwnerCustomersAnswer>('GET', `/api/owner/customers?q=${encodeURIComponent(q)}`, owner);
      expect(
        found.body.customers.map((c) => c.id),
        q,
      ).toEqual([customer.id]);
    }
    expect((await call<OwnerCustomersAnswer>('GET', '/api/owner/customers?q=9999', owner)).body.customers).toEqual([]);
    const record = await call<OwnerCustomerAnswer>('GET', `/api/owner/customers/${customer.id}`, owner);
    expect(record.status).toBe(200);
    expect(record.body.customer).toMatchObject({ email: 'rae@example.com', phone: '(417) 555-0187', zip: '65721' });
    expect(record.body.visits).toHaveLength(1);
    expect(record.body.visits[0]).toMatchObject({
      status: 'requested',
      service: 'Dryer Vent Cleaning',
      address: '7 Oak Ave, Ozark 65721',
    });
    expect(record.body.orders).toHaveLength(1);
    expect(record.body.orders[0]).toMatchObject({ kind: 'service', item: 'dryer-vent-cleaning', status: 'paid' });
    expect(record.body.leads.map((l) => l.id)).toEqual([leadId]);
  });

  test('each export is a CSV with a row per record; a name beginning with = is neutralised', async () => {
    const leads = await csv('/api/owner/export/leads.csv');
    expect(leads.status).toBe(200);
    expect(leads.type).toBe('text/csv; charset=utf-8');
    expect(leads.rows[0]).toBe('"id","created_at","kind","status","note","name","email","phone","fields"');
    expect(leads.rows).toHaveLength(2);
    expect(leads.rows[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const visits = await csv(`/api/owner/export/visits.csv?from=${businessToday()}`);
    expect(visits.rows).toHaveLength(2);
    expect(visits.rows[1]).toContain('"(417) 555-0187"');
    expect((await csv('/api/owner/export/orders.csv')).rows).toHaveLength(2);
    expect((await csv('/api/owner/export/customers.csv')).rows).toHaveLength(2);
    expect((await csv('/api/owner/export/visits.csv?from=2026-13-01')).status).toBe(400);
    expect((await csv('/api/owner/export/secrets.csv')).status).toBe(404);
  });
});
