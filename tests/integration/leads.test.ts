import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const contact = { name: 'Dana Reed', email: 'dana@example.com', phone: '(417) 555-0100', service: 'other' };
const download = {
  firstName: 'Dana',
  email: 'dana@example.com',
  downloadType: 'air-filter-checklist',
  timestamp: '2020-01-01T00:00:00.000Z',
  source: 'http://127.0.0.1/blog/air-filter-replacement-guide',
};

interface LeadRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  delivery_state: string;
  attempts: number;
}

const saved = { ...process.env };
let server: TestServer;

const post = (path: string, body: unknown) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const leads = () => server.db().query<LeadRow>('select * from public.leads order by created_at');

beforeAll(async () => {
  delete process.env['CONTACT_WEBHOOK_URL'];
  delete process.env['LEAD_WEBHOOK_URL'];
  process.env['LEAD_RATE_LIMIT'] = '0';
  server = await startTestServer({ embedded: false, functions: true });
});

afterEach(async () => {
  await server.db().query('delete from public.leads');
  process.env['LEAD_RATE_LIMIT'] = '0';
});

afterAll(async () => {
  await server.stop();
  process.env = saved;
});

describe('storing leads', () => {
  test('a contact lead is stored with the SPEC §7 payload and answered 202 {id}', async () => {
    const res = await post('/api/contact', { ...contact, name: '  Dana Reed  ' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const [row] = await leads();
    expect(row).toMatchObject({ id, kind: 'contact', delivery_state: 'unconfigured', attempts: 0 });
    expect(row?.payload).toEqual({
      ...contact,
      message: '',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      source: 'Contact Form',
      triggered_from: server.origin,
    });
  });

  test('a download lead keeps the page address and gets the server time', async () => {
    const before = Date.now();
    const res = await post('/api/lead', download);
    expect(res.status).toBe(202);
    const [row] = await leads();
    expect(row).toMatchObject({ kind: 'download', delivery_state: 'unconfigured' });
    const payload = row?.payload ?? {};
    expect(payload).toEqual({ ...download, timestamp: expect.any(String) });
    expect(Date.parse(String(payload['timestamp']))).toBeGreaterThanOrEqual(before - 1000);
  });

  test('with a webhook configured the lead waits in the outbox', async () => {
    process.env['LEAD_WEBHOOK_URL'] = 'http://127.0.0.1:9/never';
    try {
      expect((await post('/api/lead', download)).status).toBe(202);
      expect((await post('/api/contact', contact)).status).toBe(202);
    } finally {
      delete process.env['LEAD_WEBHOOK_URL'];
    }
    const states = Object.fromEntries((await leads()).map((r) => [r.kind, r.delivery_state]));
    expect(states).toEqual({ download: 'pending', contact: 'unconfigured' });
  });

  test.each([
    ['/api/contact', { ...contact, email: 'not-an-email' }, 400, 'email: Please enter a valid email address'],
    ['/api/contact', { ...contact, phone: ' ' }, 400, 'phone: Please enter your phone number'],
    ['/api/contact', { ...contact, service: 'roofing' }, 400, 'service: Please choose a service from the list'],
    ['/api/lead', { ...download, firstName: '' }, 400, 'firstName: Please enter your first name'],
    ['/api/lead', { ...download, source: 'javascript:alert(1)' }, 400, 'source: '],
    ['/api/lead', '{"firstName":', 400, 'Request body must be valid JSON'],
    ['/api/lead', { ...download, downloadType: 'x'.repeat(20_000) }, 413, 'Request body must be at most'],
  ])('%s %# -> %d, nothing stored', async (path, body, status, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toContain(message);
    expect(await leads()).toEqual([]);
  });

  test('only POST is allowed', async () => {
    const res = await fetch(`${server.origin}/api/contact`);
    expect(res.status).toBe(405);
  });

  test('more than the per-minute limit from one address answers 429', async () => {
    process.env['LEAD_RATE_LIMIT'] = '3';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/lead', download)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // The limit is per endpoint: the contact form is still open.
    expect((await post('/api/contact', contact)).status).toBe(202);
    const res = await post('/api/lead', download);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { error: string }).error).toMatch(/Too many requests/);
    expect(await leads()).toHaveLength(4);
  });
});
