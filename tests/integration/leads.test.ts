import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { leadsQueue } from '../../functions/_lib/leads/leads-queue.ts';
import { startOutbox } from '../../functions/_lib/platform/outbox.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { startWebhookSink, waitFor, type WebhookSink } from './support/webhook-sink.ts';

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
  last_error: string | null;
}

const planRequest = {
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
  specialInstructions: 'Side gate',
  agreeTerms: true,
  source: 'http://127.0.0.1/autopilot-full',
};

const saved = { ...process.env };
let server: TestServer;

const post = (path: string, body: unknown) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const leads = () => server.db().query<LeadRow>('select * from public.leads order by created_at');

afterAll(() => {
  process.env = saved;
});

describe('storing leads', () => {
  beforeAll(async () => {
    delete process.env['CONTACT_WEBHOOK_URL'];
    delete process.env['LEAD_WEBHOOK_URL'];
    process.env['LEAD_RATE_LIMIT'] = '0';
    server = await startTestServer({ embedded: true, functions: true });
  });

  afterEach(async () => {
    await server.db().query('delete from public.leads');
    process.env['LEAD_RATE_LIMIT'] = '0';
  });

  afterAll(async () => {
    await server.stop();
  });

  test('a contact lead is stored with the payload of docs/product/leads.md#contact-form and answered 202 {id}', async () => {
    const res = await post('/api/contact', { ...contact, name: '  Dana Reed  ' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const [row] = await leads();
    expect(row).toMatchObject({ id, kind: 'contact', delivery_state: 'unconfigured', attempts: 0 });
    expect(row?.payload).toEqual({
      ...contact,
      message: '',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
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
    expect(payload).toEqual({ ...download, timestamp: expect.any(String) as unknown });
    expect(Date.parse(String(payload['timestamp']))).toBeGreaterThanOrEqual(before - 1000);
  });

  test('the guide e-mail to the address typed carries none of the text typed (docs/product/leads.md#guide-downloads)', async () => {
    // One line: a line break in a name is refused on its own ('Please keep this on one line').
    const bait = 'Dana, your account is locked: verify at http://evil.example/login. Call 555-0000';
    const res = await post('/api/lead', {
      ...download,
      downloadType: 'Air Filter Replacement Checklist',
      firstName: bait,
      email: 'victim@example.com',
    });
    expect(res.status).toBe(202);
    const [mail] = await server
      .db()
      .query<{ payload: Record<string, unknown> }>(
        `select payload from mail_outbox where kind = 'guide' and payload->>'to' = 'victim@example.com'`,
      );
    expect(mail?.payload['text']).toMatch(/^Hello,\n/);
    for (const part of ['subject', 'text', 'layout']) {
      expect(JSON.stringify(mail?.payload[part]), part).not.toMatch(/evil\.example|locked|555-0000/);
    }
  });

  test('a plan request is stored with the plan, the billing choice and the quoted price', async () => {
    const res = await post('/api/plan-request', { ...planRequest, fullName: ' Dana Reed ', preferredDay: '' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const [row] = await leads();
    expect(row).toMatchObject({ id, kind: 'plan-request', delivery_state: 'unconfigured' });
    expect(row?.payload).toEqual({
      ...planRequest,
      preferredDay: '',
      planName: 'Autopilot Full',
      quotedPrice: '$630 per year, paid in advance',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
  });

  test('a plain form post (no JavaScript) stores the contact lead and lands on the received page', async () => {
    const form = new URLSearchParams({ ...contact, message: 'Furnace filter & vents' });
    const res = await fetch(`${server.origin}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact-received');
    const [row] = await leads();
    expect(row?.payload).toMatchObject({ ...contact, message: 'Furnace filter & vents', source: 'Contact Form' });
  });

  test('a plain form post the server refuses answers a page naming the problem, nothing stored', async () => {
    const res = await fetch(`${server.origin}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...contact, email: 'dana@<b>example' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('email: Please enter a valid email address');
    expect(page).toContain('Back button');
    expect(await leads()).toEqual([]);
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
    ['/api/plan-request', { ...planRequest, agreeTerms: false }, 400, 'agreeTerms: Please agree to the Service'],
    ['/api/plan-request', { ...planRequest, planType: 'gold' }, 400, 'planType: '],
    ['/api/plan-request', { ...planRequest, billingPeriod: 'weekly' }, 400, 'billingPeriod: '],
    ['/api/plan-request', { ...planRequest, zip: '' }, 400, 'zip: Please enter your ZIP code'],
    ['/api/plan-request', { ...planRequest, source: 'data:text/html,x' }, 400, 'source: '],
    ['/api/lead', { ...download, downloadType: 'x'.repeat(20_000) }, 413, 'Request body must be at most'],
  ])('%s case %#: refused, nothing stored', async (path, body, status, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toContain(message);
    expect(await leads()).toEqual([]);
  });

  test('one submission sent twice with its Idempotency-Key is stored once and answered alike; another with it, 422', async () => {
    const keyed = (body: unknown, key: string) =>
      fetch(`${server.origin}/api/lead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
    const first = await keyed(download, 'download-1');
    const repeat = await keyed(download, 'download-1');
    expect([first.status, repeat.status]).toEqual([202, 202]);
    expect(await repeat.json()).toEqual(await first.json());
    const other = await keyed({ ...download, email: 'someone@example.com' }, 'download-1');
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      error: 'Idempotency-Key: this key was already used for a different submission',
    });
    const malformed = await keyed(download, 'has spaces');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/^Idempotency-Key: /);
    // Without a key (a form posted without JavaScript) every post is its own lead.
    expect((await post('/api/lead', download)).status).toBe(202);
    expect(await leads()).toHaveLength(2);
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

describe('the local lead list', () => {
  beforeAll(async () => {
    delete process.env['CONTACT_WEBHOOK_URL'];
    delete process.env['LEAD_WEBHOOK_URL'];
    process.env['LEAD_RATE_LIMIT'] = '0';
    server = await startTestServer({ embedded: true, functions: true });
  });

  afterAll(async () => {
    await server.stop();
  });

  test('/_dev/leads lists stored leads with their delivery state; /_dev/leads.json has the same', async () => {
    expect((await post('/api/contact', { ...contact, name: '<b>Dana</b>' })).status).toBe(202);
    expect((await post('/api/lead', download)).status).toBe(202);

    const page = await fetch(`${server.origin}/_dev/leads`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('&#60;b&#62;Dana&#60;/b&#62;');
    expect(html).not.toContain('<b>Dana</b>');
    expect(html.match(/<td>unconfigured/g)).toHaveLength(2);

    const { leads: listed } = (await (await fetch(`${server.origin}/_dev/leads.json`)).json()) as {
      leads: {
        kind: string;
        delivery_state: string;
        attempts: number;
        created_at: string;
        payload: { email: string };
      }[];
    };
    expect(listed.map((l) => l.kind)).toEqual(['download', 'contact']);
    expect(listed[0]).toMatchObject({
      delivery_state: 'unconfigured',
      attempts: 0,
      payload: { email: download.email },
    });
    expect(listed[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('relaying leads through the outbox', () => {
  let sink: WebhookSink;
  const byId = async (id: string) =>
    (await server.db().query<LeadRow>('select * from public.leads where id = $1', [id]))[0];
  const store = async (path: string, body: unknown) => {
    const res = await post(path, body);
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };
  const delivered = async (ids: string[]) =>
    Number(
      (
        await server
          .db()
          .query<{ n: number }>(
            `select count(*)::int as n from public.leads where delivery_state = 'delivered' and id = any($1::uuid[])`,
            [ids],
          )
      )[0]?.n,
    ) === ids.length;

  beforeAll(async () => {
    sink = await startWebhookSink();
    process.env['CONTACT_WEBHOOK_URL'] = `${sink.origin}/contact`;
    process.env['LEAD_WEBHOOK_URL'] = `${sink.origin}/lead`;
    process.env['LEAD_RATE_LIMIT'] = '0';
    server = await startTestServer({
      embedded: false,
      functions: true,
      // A timeout short enough for the hang case, long enough that a busy test machine's slow 200 is
      // not taken for a failure (which would resend a lead the sink already accepted).
      worker: ({ db }) =>
        startOutbox({
          db,
          queue: leadsQueue(),
          backoff: { baseMs: 10, maxMs: 150 },
          timeoutMs: 2000,
          idlePollMs: 1000,
          log: () => {},
        }),
    });
  });

  afterEach(() => {
    sink.setMode('ok');
  });

  afterAll(async () => {
    await server.stop();
    await sink.down();
  });

  test('each lead reaches its webhook exactly once with the fields of docs/product/leads.md#lead-relay', async () => {
    const contactId = await store('/api/contact', { ...contact, message: 'Tuesday works' });
    const downloadId = await store('/api/lead', download);
    await waitFor(() => delivered([contactId, downloadId]), 'both leads delivered');

    // A later lead wakes the worker again; the delivered ones must not be sent twice.
    const laterId = await store('/api/lead', { ...download, email: 'later@example.com' });
    await waitFor(() => delivered([laterId]), 'the later lead delivered');

    const received = sink.accepted();
    expect(received.filter((r) => r.idempotencyKey === contactId)).toHaveLength(1);
    expect(received.filter((r) => r.idempotencyKey === downloadId)).toHaveLength(1);
    const fromContact = received.find((r) => r.idempotencyKey === contactId);
    expect(fromContact?.path).toBe('/contact');
    expect(Object.keys(fromContact?.body ?? {}).sort()).toEqual(
      ['email', 'message', 'name', 'phone', 'service', 'source', 'timestamp', 'triggered_from'].sort(),
    );
    expect(fromContact?.body).toMatchObject({ ...contact, message: 'Tuesday works', source: 'Contact Form' });
    const fromDownload = received.find((r) => r.idempotencyKey === downloadId);
    expect(fromDownload?.path).toBe('/lead');
    expect(Object.keys(fromDownload?.body ?? {}).sort()).toEqual(
      ['downloadType', 'email', 'firstName', 'source', 'timestamp'].sort(),
    );
    expect(await byId(contactId)).toMatchObject({ delivery_state: 'delivered', attempts: 1, last_error: null });
  });

  test('a lead sent with an Idempotency-Key is relayed with that key after visitor: (docs/product/leads.md#lead-relay)', async () => {
    const key = '6f1c1a8e-0d7e-4f4e-9a59-3f0c2b1f7d10';
    const send = () =>
      fetch(`${server.origin}/api/plan-request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(planRequest),
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([202, 202]);
    const { id } = (await first.json()) as { id: string };
    expect(await again.json()).toEqual({ id });
    await waitFor(() => delivered([id]), 'the keyed lead delivered');
    // After `visitor:`, so it never meets an owner event's key (docs/product/leads.md#leads).
    expect(sink.accepted().filter((r) => r.idempotencyKey === `visitor:${key}`)).toHaveLength(1);
    expect(await byId(id)).toMatchObject({ idempotency_key: `visitor:${key}` });
  });

  test('while the tool is down (refused, 500, hanging) leads stay queued, then arrive once, even across a restart', async () => {
    await sink.down();
    const id = await store('/api/contact', contact);
    await waitFor(async () => (await byId(id))?.last_error?.includes('ECONNREFUSED') ?? false, 'a refused attempt');

    sink.setMode('fail');
    await sink.up();
    await waitFor(async () => (await byId(id))?.last_error === 'HTTP 500', 'a 500 attempt');

    sink.setMode('hang');
    await waitFor(async () => (await byId(id))?.last_error === 'Timed out', 'a timed-out attempt');

    sink.setMode('fail');
    await server.restart();
    const queued = await byId(id);
    expect(queued).toMatchObject({ delivery_state: 'pending' });
    expect(queued?.attempts).toBeGreaterThanOrEqual(3);

    sink.setMode('ok');
    await waitFor(() => delivered([id]), 'the lead delivered after the restart');
    expect(sink.accepted().filter((r) => r.idempotencyKey === id)).toHaveLength(1);
  });

  test('500 leads against a tool failing half the time: none lost, none duplicated', async () => {
    sink.setMode('flaky');
    const emails = Array.from({ length: 500 }, (_, i) => `lead-${i}@example.com`);
    const ids: string[] = [];
    for (let i = 0; i < emails.length; i += 25) {
      const batch = emails
        .slice(i, i + 25)
        .map((email, j) =>
          (i + j) % 2 === 0 ? store('/api/lead', { ...download, email }) : store('/api/contact', { ...contact, email }),
        );
      ids.push(...(await Promise.all(batch)));
    }
    await waitFor(() => delivered(ids), 'all 500 leads delivered', 90_000);

    const accepted = sink.accepted().filter((r) => ids.includes(r.idempotencyKey ?? ''));
    expect(accepted).toHaveLength(500);
    expect(new Set(accepted.map((r) => r.idempotencyKey)).size).toBe(500);
    expect(new Set(accepted.map((r) => r.body['email']))).toEqual(new Set(emails));
    // Half failed, so there were retries: the test really exercised them.
    expect(sink.requests.length).toBeGreaterThan(600);
  });
});
