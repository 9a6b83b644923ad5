/**
 * The embedded stand-in of the text provider (docs/product/texts.md#texts-in-production-and-in-the-embedded-default),
 * over HTTP on a real server: `POST /2010-04-01/Accounts/<sid>/Messages.json` answers as the
 * provider does (201 with the message in snake_case, its 400s with `{ code, message, more_info,
 * status }`, 401 without the account's credentials); every text is kept across a restart and
 * listed at /_dev/sms.json and /_dev/sms; `POST /_dev/sms/reply` delivers a customer's text to
 * the webhook with the provider's parameters, signed over the URL it posts to, and answers with
 * what the webhook answered.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json, type Route } from '../../functions/_lib/platform/http.ts';
import { validTwilioSignature } from '../../functions/_lib/texts/signature.ts';
import { createSmsStandIn, type StandInText } from '../../server/embedded/sms/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'stand-in-test-auth-token-0123456789';
const SITE_NUMBER = '+14175550199';

/** What the webhook received: each delivery's URL, parameters and signature. */
const received: { url: string; params: URLSearchParams; signature: string | null }[] = [];
let hookStatus = 200;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routes: async ({ db, origin, clock }) => {
      const standIn = await createSmsStandIn({
        db,
        accountSid: ACCOUNT,
        authToken: TOKEN,
        siteNumber: SITE_NUMBER,
        webhookUrl: () => `${origin}/hook?site=1`,
        now: clock.now,
      });
      const hook: Route = {
        path: '/hook',
        match: 'exact',
        handler: async (req) => {
          const params = new URLSearchParams(await req.text());
          received.push({ url: req.url, params, signature: req.headers.get('x-twilio-signature') });
          if (hookStatus !== 200) return json({ error: 'refused' }, hookStatus);
          return new Response('<Response></Response>', { headers: { 'Content-Type': 'text/xml' } });
        },
      };
      return [...standIn.routes, hook];
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A call to Messages.json as the site's sender makes it. */
function send(fields: Record<string, string>, auth = basic(ACCOUNT, TOKEN), account = ACCOUNT) {
  return fetch(`${server.origin}/2010-04-01/Accounts/${account}/Messages.json`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

async function listed(number?: string): Promise<StandInText[]> {
  const res = await fetch(`${server.origin}/_dev/sms.json${number ? `?number=${encodeURIComponent(number)}` : ''}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: StandInText[] }).messages;
}

describe('Messages.json answers as the provider', () => {
  test('201 with the message: sid SM + 32 hex, queued, outbound-api, RFC 2822 dates, segments', async () => {
    const res = await send({
      To: '(417) 555-0142',
      From: SITE_NUMBER,
      Body: 'Springfield Home: Reminder: we come tomorrow, 9:30 AM.',
    });
    expect(res.status).toBe(201);
    const message = (await res.json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      account_sid: ACCOUNT,
      api_version: '2010-04-01',
      to: '+14175550142',
      from: SITE_NUMBER,
      body: 'Springfield Home: Reminder: we come tomorrow, 9:30 AM.',
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      error_code: null,
      error_message: null,
      price: null,
      messaging_service_sid: null,
    });
    expect(message['sid']).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message['date_created']).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(message['uri']).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages/${String(message['sid'])}.json`);
    const [first] = await listed('+14175550142');
    expect(first).toEqual({
      id: message['sid'],
      to: '+14175550142',
      from: SITE_NUMBER,
      body: 'Springfield Home: Reminder: we come tomorrow, 9:30 AM.',
      direction: 'outbound',
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
  });

  test('through a Messaging Service: accepted, and a long text counts its segments', async () => {
    const res = await send({ To: '+14175550143', MessagingServiceSid: `MG${'a'.repeat(32)}`, Body: 'x'.repeat(200) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'accepted', from: null, num_segments: '2' });
  });

  test('GET lists the texts sent, newest first, optionally To one number, as the sender checks after a crash', async () => {
    const res = await fetch(
      `${server.origin}/2010-04-01/Accounts/${ACCOUNT}/Messages.json?To=%2B14175550142&PageSize=50`,
      { headers: { Authorization: basic(ACCOUNT, TOKEN) } },
    );
    expect(res.status).toBe(200);
    const { messages, page_size } = (await res.json()) as { messages: Record<string, unknown>[]; page_size: number };
    expect(page_size).toBe(50);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message['to']).toBe('+14175550142');
    expect(messages[0]).toMatchObject({ status: 'delivered', direction: 'outbound-api', from: SITE_NUMBER });
    const refused = await fetch(`${server.origin}/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(refused.status).toBe(401);
  });

  test('401 without the account SID and Auth Token, or for another account', async () => {
    for (const res of [
      await send({ To: '+14175550142', From: SITE_NUMBER, Body: 'x' }, basic(ACCOUNT, 'wrong-token')),
      await send({ To: '+14175550142', From: SITE_NUMBER, Body: 'x' }, ''),
      await send({ To: '+14175550142', From: SITE_NUMBER, Body: 'x' }, basic(ACCOUNT, TOKEN), `AC${'f'.repeat(32)}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
      expect(await res.json()).toEqual({
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
  });

  test('400 in the provider shape for a missing To or Body, an invalid To or a From not ours; nothing kept', async () => {
    const before = (await listed()).length;
    const cases: [Record<string, string>, number][] = [
      [{ From: SITE_NUMBER, Body: 'x' }, 21604],
      [{ To: '555-0142', From: SITE_NUMBER, Body: 'x' }, 21211],
      [{ To: '+14175550142', From: SITE_NUMBER }, 21602],
      [{ To: '+14175550142', Body: 'x' }, 21603],
      [{ To: '+14175550142', From: '+14175550100', Body: 'x' }, 21606],
      [{ To: '+14175550142', From: SITE_NUMBER, Body: 'x'.repeat(1601) }, 21617],
    ];
    for (const [fields, code] of cases) {
      const res = await send(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const error = (await res.json()) as Record<string, unknown>;
      expect(error).toEqual({
        code,
        message: expect.any(String) as unknown,
        more_info: `https://www.twilio.com/docs/errors/${code}`,
        status: 400,
      });
    }
    expect(await listed()).toHaveLength(before);
  });

  test('another path of the API is 404 in the provider shape', async () => {
    const res = await fetch(`${server.origin}/2010-04-01/Accounts/${ACCOUNT}/Calls.json`, {
      method: 'POST',
      headers: { Authorization: basic(ACCOUNT, TOKEN) },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 20404, status: 404 });
  });
});

describe('/_dev/sms/reply delivers a customer text to the webhook, signed', () => {
  test("the provider's inbound parameters, signed over the exact URL posted to; the webhook's answer comes back", async () => {
    received.length = 0;
    const res = await fetch(`${server.origin}/_dev/sms/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: '(417) 555-0142', body: 'Y' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<Response></Response>');
    const [delivery] = received;
    expect(delivery?.url).toBe(`${server.origin}/hook?site=1`);
    const params = delivery?.params ?? new URLSearchParams();
    expect(Object.fromEntries(params)).toMatchObject({
      From: '+14175550142',
      To: SITE_NUMBER,
      Body: 'Y',
      AccountSid: ACCOUNT,
      NumMedia: '0',
      NumSegments: '1',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    });
    expect(params.get('MessageSid')).toMatch(/^SM[0-9a-f]{32}$/);
    expect(params.get('SmsSid')).toBe(params.get('MessageSid'));
    expect(validTwilioSignature(TOKEN, delivery?.signature, `${server.origin}/hook?site=1`, params)).toBe(true);
    expect(validTwilioSignature('another-token', delivery?.signature, `${server.origin}/hook?site=1`, params)).toBe(
      false,
    );
    const [kept] = await listed('+14175550142');
    expect(kept).toMatchObject({
      id: params.get('MessageSid'),
      from: '+14175550142',
      to: SITE_NUMBER,
      direction: 'inbound',
    });
  });

  test('a form post from the page goes back to the page, which says what the webhook answered', async () => {
    hookStatus = 403;
    try {
      const res = await fetch(`${server.origin}/_dev/sms/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ from: '+14175550144', body: 'Hello' }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/_dev/sms?delivered=403#thread-14175550144');
      const page = await fetch(`${server.origin}/_dev/sms?delivered=403`);
      const html = await page.text();
      expect(html).toContain("the site's webhook answered 403");
      expect(html).toContain('id="thread-14175550144"');
      expect(html).toContain('Reply as +14175550144');
    } finally {
      hookStatus = 200;
    }
  });

  test('400 naming the field for a bad number or no text; nothing delivered', async () => {
    received.length = 0;
    for (const [body, field] of [
      [{ from: '555-0142', body: 'Hi' }, 'from'],
      [{ body: 'Hi' }, 'from'],
      [{ from: '+14175550142', body: '' }, 'body'],
      [{ from: '+14175550142' }, 'body'],
    ] as const) {
      const res = await fetch(`${server.origin}/_dev/sms/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`^${field} `));
    }
    expect(received).toHaveLength(0);
  });
});

describe('the texts are kept and shown', () => {
  test('/_dev/sms shows a thread per number with a reply box; everything survives a restart', async () => {
    const before = await listed();
    const html = await (await fetch(`${server.origin}/_dev/sms`)).text();
    expect(html).toContain('<h2 id="thread-14175550142-title">+14175550142</h2>');
    expect(html).toContain('action="/_dev/sms/reply"');
    await server.restart();
    expect(await listed()).toEqual(before);
  });
});
