/**
 * The texts outbox (docs/product/texts.md#texts-in-production-and-in-the-embedded-default) against
 * a tiny local server that answers like the provider's Messages.json: a visit's text goes only with
 * consent and never to a number that opted out (docs/product/texts.md#consent), once per key; a
 * stale one is dropped; a night text waits for 8 AM on the site's clock and then goes in the order
 * made (docs/product/texts.md#quiet-hours); the provider's 21610 records the opt-out
 * (docs/product/texts.md#stop-help-and-start); a failure is retried; an attempt whose answer was
 * lost is not sent twice; an opt-out that lands while a text is in flight stops the next.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { drainOutbox, type OutboxOptions } from '../../functions/_lib/platform/outbox.ts';
import { queueReplyText, queueVisitText, type VisitTextKind } from '../../functions/_lib/texts/queue.ts';
import { textQueue } from '../../functions/_lib/texts/sender.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'texts-outbox-token';
const FROM = '+14175550100';

/** What the stand-in provider received, and how it answers. */
interface Provider {
  url: string;
  /** Every POST, answered or not. */
  posts: { to: string; body: string; from: string; auth: string }[];
  /** Messages it accepted (listed by GET, newest first). */
  messages: { sid: string; to: string; body: string; date_created: string }[];
  /** 'ok'; 'fail' answers 500; 'accept-then-hang' keeps the message and never answers; 'hold' waits for release(). */
  mode: 'ok' | 'fail' | 'accept-then-hang' | 'hold';
  /** Numbers that opted out at the provider (answered 21610). */
  unsubscribed: Set<string>;
  release(): void;
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  const open: ServerResponse[] = [];
  let releases: (() => void)[] = [];
  const provider: Provider = {
    url: '',
    posts: [],
    messages: [],
    mode: 'ok',
    unsubscribed: new Set(),
    release() {
      for (const release of releases) release();
      releases = [];
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const accept = (to: string, body: string) => {
    const message = { sid: `SM${randomUUID().replace(/-/g, '')}`, to, body, date_created: new Date().toUTCString() };
    provider.messages.unshift(message);
    return message;
  };
  const answer = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== `/2010-04-01/Accounts/${SID}/Messages.json`) return answer(res, 404, { code: 20404 });
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        return answer(res, 200, { messages: provider.messages.filter((m) => !to || m.to === to) });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const post = {
        to: form.get('To') ?? '',
        body: form.get('Body') ?? '',
        from: form.get('From') ?? '',
        auth: req.headers.authorization ?? '',
      };
      provider.posts.push(post);
      if (provider.unsubscribed.has(post.to)) {
        return answer(res, 400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
      }
      if (provider.mode === 'fail') return answer(res, 500, { code: 20500, message: 'Internal Server Error' });
      if (provider.mode === 'accept-then-hang') {
        accept(post.to, post.body);
        open.push(res);
        return;
      }
      const reply = () => answer(res, 201, { ...accept(post.to, post.body), status: 'queued' });
      if (provider.mode === 'hold') releases.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}

const ENV: NodeJS.ProcessEnv = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: FROM,
};
const SAVED: Record<string, string | undefined> = {};

let dir: string;
let db: Db;
let provider: Provider;
/** The site's clock, as the tests set it. */
let clock = 0;
const at = (iso: string) => {
  clock = Date.parse(iso);
};

/** 10 AM in Springfield on Tue, Dec 8, 2026 (CST). */
const MORNING = '2026-12-08T16:00:00Z';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shm-texts-'));
  db = await openTestDb(dir);
  provider = await startProvider();
  ENV['TWILIO_API_URL'] = provider.url;
  // queue.ts reads the process's configuration, as the functions do.
  for (const [name, value] of Object.entries(ENV)) {
    SAVED[name] = process.env[name];
    process.env[name] = value;
  }
  installClock(() => clock);
});

afterAll(async () => {
  installClock(Date.now);
  for (const [name, value] of Object.entries(SAVED)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await provider?.close();
  await db?.close();
  await dropTestDb(dir);
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  at(MORNING);
  provider.mode = 'ok';
  provider.posts = [];
});

afterEach(() => provider.release());

/** Sends what is due now on the site's clock (the scheduled drain's loop), until nothing is. */
async function drain(options: Partial<OutboxOptions> = {}): Promise<void> {
  await drainOutbox({ db, queue: textQueue(ENV, db), log: () => undefined, ...options }, 60_000);
}

let phones = 0;
/** A fresh number, (417) 555-01xx style, and its E.164 form. */
function newPhone(): { typed: string; e164: string } {
  phones += 1;
  const last = String(1000 + phones).slice(-4);
  return { typed: `(417) 555-${last}`, e164: `+1417555${last}` };
}

/** A plan visit of a new customer at `typed`; with `consent`, the plan's consent for that number. */
async function planVisit(phone: { typed: string; e164: string }, consent = true): Promise<string> {
  const user = randomUUID();
  const [row] = await db.query<{ id: string }>(
    `insert into visits (subscription_id, user_id, customer_name, customer_email, phone, street, city, zip,
       service, day, time_window, plan_visit_no, due_date)
     values ($1, $2, 'Pat', 'pat@example.com', $3, '1 Elm St', 'Nixa', '65714', 'lite', '2026-12-10', 'morning', 1, '2026-12-10')
     returning id`,
    [`sub_${user}`, user, phone.typed],
  );
  if (consent) {
    await db.query(
      `insert into text_consents (phone, email, user_id, plan_user_id, wording, page)
       values ($1, 'pat@example.com', $2, $2, 'Text me about my plan''s visits.', '/plans/lite')`,
      [phone.e164, user],
    );
  }
  return row!.id;
}

function visitText(key: string, kind: VisitTextKind, visitId: string, text: string) {
  return db.transaction((tx) => queueVisitText(tx, key, kind, visitId, text));
}

async function outboxRow(key: string) {
  const [row] = await db.query<{
    delivery_state: string;
    outcome: string | null;
    attempts: number;
    provider_sid: string | null;
    last_error: string | null;
  }>('select delivery_state, outcome, attempts, provider_sid, last_error from text_outbox where idempotency_key = $1', [
    key,
  ]);
  return row;
}

describe('the texts outbox', { timeout: 120_000 }, () => {
  test('a visit text with consent is sent once, even queued twice; the first names the business', async () => {
    const phone = newPhone();
    const visit = await planVisit(phone);
    expect(await visitText('t1:booking', 'booking-received', visit, 'We got your booking.')).toBe('queued');
    expect(await visitText('t1:booking', 'booking-received', visit, 'We got your booking.')).toBe('repeat');
    await drain();
    expect(provider.posts).toEqual([
      {
        to: phone.e164,
        body: 'Springfield Home Maintenance: We got your booking. Reply STOP to stop, HELP for help.',
        from: FROM,
        auth: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
      },
    ]);
    const row = await outboxRow('t1:booking');
    expect(row).toMatchObject({ delivery_state: 'delivered', outcome: 'sent', attempts: 1 });
    const [message] = await db.query<{ direction: string; kind: string; visit_id: string; body: string }>(
      'select direction, kind, visit_id, body from text_messages where provider_sid = $1',
      [row!.provider_sid],
    );
    expect(message).toEqual({
      direction: 'outbound',
      kind: 'booking-received',
      visit_id: visit,
      body: 'Springfield Home Maintenance: We got your booking. Reply STOP to stop, HELP for help.',
    });
    // The next text to that number says only what it is about.
    expect(await visitText('t1:confirmed', 'visit-confirmed', visit, 'Confirmed.')).toBe('queued');
    await drain();
    await drain();
    expect(provider.posts.map((p) => p.body)).toEqual([
      'Springfield Home Maintenance: We got your booking. Reply STOP to stop, HELP for help.',
      'Springfield Home: Confirmed.',
    ]);
  });

  test('no consent, no text; a number that opted out gets none, queued or not', async () => {
    const without = await planVisit(newPhone(), false);
    expect(await visitText('t2:none', 'visit-confirmed', without, 'Confirmed.')).toBe('no consent');
    const stopped = newPhone();
    const visit = await planVisit(stopped);
    // Opted out since it was queued: delivered unsent; the opt-out's own confirmation still goes.
    expect(await visitText('t2:before', 'visit-confirmed', visit, 'Confirmed.')).toBe('queued');
    await db.query(`insert into text_opt_outs (phone, word) values ($1, 'STOP')`, [stopped.e164]);
    expect(await visitText('t2:after', 'visit-moved', visit, 'Moved.')).toBe('opted out');
    expect(await db.transaction((tx) => queueReplyText(tx, 't2:owner', 'owner-reply', stopped.e164, 'Hi'))).toBe(
      'opted out',
    );
    const confirmation =
      'Springfield Home Maintenance: you will get no more texts from us. Reply START to get them again.';
    expect(
      await db.transaction((tx) => queueReplyText(tx, 't2:stop', 'keyword-reply', stopped.e164, confirmation)),
    ).toBe('queued');
    await drain();
    expect(provider.posts.map((p) => p.body)).toEqual([confirmation]);
    expect(await outboxRow('t2:before')).toMatchObject({ delivery_state: 'delivered', outcome: 'opted out' });
    expect(
      await db.query('select 1 from text_outbox where idempotency_key in ($1, $2, $3)', [
        't2:none',
        't2:after',
        't2:owner',
      ]),
    ).toEqual([]);
  });

  test('a text whose visit changed since it was made is stale and dropped', async () => {
    const visit = await planVisit(newPhone());
    expect(await visitText('t3:proposed', 'visit-proposed', visit, 'We propose 9:30 AM.')).toBe('queued');
    await db.query('update visits set calendar_sequence = calendar_sequence + 1 where id = $1', [visit]);
    await drain();
    expect(provider.posts).toEqual([]);
    expect(await outboxRow('t3:proposed')).toMatchObject({ delivery_state: 'delivered', outcome: 'stale' });
  });

  test('a text made at night waits for 8 AM, then the texts go in the order made; On my way goes at once', async () => {
    const phone = newPhone();
    const visit = await planVisit(phone);
    const other = newPhone();
    const otherVisit = await planVisit(other);
    at('2026-12-09T04:00:00Z'); // 10 PM in Springfield
    await visitText('t4:a', 'visit-confirmed', visit, 'First.');
    await db.transaction((tx) => queueReplyText(tx, 't4:b', 'owner-reply', phone.e164, 'Second.', visit));
    at('2026-12-09T10:00:00Z'); // 4 AM
    await visitText('t4:c', 'visit-reminder', visit, 'Third.');
    await visitText('t4:omw', 'on-my-way', otherVisit, 'On my way.');
    await drain();
    expect(provider.posts.map((p) => p.body)).toEqual([
      'Springfield Home Maintenance: On my way. Reply STOP to stop, HELP for help.',
    ]);
    at('2026-12-09T13:59:59Z'); // 7:59:59 AM
    await drain();
    expect(provider.posts).toHaveLength(1);
    at('2026-12-09T14:00:00Z'); // 8 AM
    await drain();
    expect(provider.posts.slice(1).map((p) => [p.to, p.body])).toEqual([
      [phone.e164, 'Springfield Home Maintenance: First. Reply STOP to stop, HELP for help.'],
      [phone.e164, 'Springfield Home: Second.'],
      [phone.e164, 'Springfield Home: Third.'],
    ]);
  });

  test("the provider's 21610 records the opt-out; the text is not retried", async () => {
    const phone = newPhone();
    const visit = await planVisit(phone);
    provider.unsubscribed.add(phone.e164);
    await visitText('t5:a', 'visit-confirmed', visit, 'Confirmed.');
    await drain();
    expect(provider.posts).toHaveLength(1);
    expect(await outboxRow('t5:a')).toMatchObject({ delivery_state: 'delivered', outcome: 'opted out', attempts: 1 });
    expect(await db.query('select word from text_opt_outs where phone = $1', [phone.e164])).toEqual([
      { word: '21610' },
    ]);
    expect(await visitText('t5:b', 'visit-moved', visit, 'Moved.')).toBe('opted out');
  });

  test('a failure is retried with backoff, then sent once', async () => {
    const visit = await planVisit(newPhone());
    provider.mode = 'fail';
    await visitText('t6:a', 'visit-confirmed', visit, 'Confirmed.');
    await drain();
    expect(provider.posts).toHaveLength(1);
    expect(await outboxRow('t6:a')).toMatchObject({ delivery_state: 'pending', attempts: 1 });
    expect((await outboxRow('t6:a'))?.last_error).toContain('500');
    provider.mode = 'ok';
    at('2026-12-08T16:05:00Z'); // past the first backoff (at most 2 s)
    await drain();
    expect(provider.posts).toHaveLength(2);
    expect(await outboxRow('t6:a')).toMatchObject({ delivery_state: 'delivered', outcome: 'sent', attempts: 2 });
    const sent = await db.query('select 1 from text_messages where kind = $1 and provider_sid = $2', [
      'visit-confirmed',
      (await outboxRow('t6:a'))?.provider_sid,
    ]);
    expect(sent).toHaveLength(1);
  });

  test('an attempt whose answer was lost is not sent again: the provider is asked first', async () => {
    const phone = newPhone();
    const visit = await planVisit(phone);
    provider.mode = 'accept-then-hang';
    await visitText('t7:a', 'visit-confirmed', visit, 'Confirmed.');
    await drain({ timeoutMs: 500 });
    expect(provider.posts).toHaveLength(1);
    expect(await outboxRow('t7:a')).toMatchObject({ delivery_state: 'pending', attempts: 1 });
    provider.mode = 'ok';
    at('2026-12-08T17:00:00Z'); // past the lease and the backoff
    await drain();
    expect(provider.posts).toHaveLength(1);
    const row = await outboxRow('t7:a');
    expect(row).toMatchObject({ delivery_state: 'delivered', outcome: 'sent' });
    expect(row?.provider_sid).toBe(provider.messages.find((m) => m.to === phone.e164)?.sid);
  });

  test('an opt-out that lands while a text is in flight stops the texts after it', async () => {
    const phone = newPhone();
    const visit = await planVisit(phone);
    await visitText('t8:a', 'visit-confirmed', visit, 'Confirmed.');
    await visitText('t8:b', 'visit-reminder', visit, 'Reminder.');
    provider.mode = 'hold';
    const draining = drain();
    while (provider.posts.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await db.query(`insert into text_opt_outs (phone, word) values ($1, 'STOP')`, [phone.e164]);
    provider.release();
    await draining;
    expect(provider.posts.map((p) => p.body)).toEqual([
      'Springfield Home Maintenance: Confirmed. Reply STOP to stop, HELP for help.',
    ]);
    expect(await outboxRow('t8:a')).toMatchObject({ outcome: 'sent' });
    expect(await outboxRow('t8:b')).toMatchObject({ delivery_state: 'delivered', outcome: 'opted out' });
  });
});
