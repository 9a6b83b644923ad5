/**
 * Review requests, unsubscribing and receipts (docs/product/emails.md#review-requests,
 * docs/product/emails.md#unsubscribing, docs/product/emails.md#receipts) with the functions, the Stripe emulator
 * and the real SDK, e-mail over real SMTP into the local mailbox, time moved by the functions'
 * clock: a one-off checkout makes a paid invoice with a hosted page, which the booking e-mail links;
 * the day after "done", from 10 AM Springfield time, the visit schedule sends one review request with
 * REVIEW_URL and the one-click headers, and never a second; one POST to the header's link
 * unsubscribes, and the next visit done sends none; a marketing e-mail queued before the unsubscribe
 * is dropped when sent; none at all while REVIEW_URL is unset.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { mailQueue, queueMail } from '../../functions/_lib/platform/mail.ts';
import { startOutbox, type Outbox } from '../../functions/_lib/platform/outbox.ts';
import { runVisitSchedule } from '../../functions/_lib/jobs.ts';
import { openMailbox, type Mailbox } from '../../server/embedded/mailbox/index.ts';
import { startLocalSmtp, type LocalSmtp } from '../../server/embedded/mailbox/smtp.ts';
import { guideMail } from '../../src/features/mail/messages.ts';
import { REVIEW_REQUEST_SUBJECT } from '../../src/features/mail/review-request.ts';
import { addDays, businessTimeToUtc, businessToday } from '../../src/lib/dates.ts';
import { bookingVisit } from '../support/visit.ts';
import { mailsTo, type TestMail } from './harness.ts';
import {
  createTokenIssuer,
  idOf,
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

const REVIEW_URL = 'https://g.page/r/springfield-home-test/review';
const saved = { ...process.env };
let issuer: TokenIssuer;
let stack: Stack;
let mailbox: Mailbox;
let smtp: LocalSmtp;
let outbox: Outbox;
let clockMs = Date.now();
const owner: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };

beforeAll(async () => {
  process.env['LEAD_RATE_LIMIT'] = '0';
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-review-requests-'), functions: true, jwk: issuer.jwk });
  // Links in e-mails point at this server (the unsubscribe link is POSTed to below).
  process.env['SITE_URL'] = stack.origin;
  process.env['REVIEW_URL'] = REVIEW_URL;
  mailbox = await openMailbox(stack.db);
  smtp = await startLocalSmtp((mail) => mailbox.receive(mail), 0);
  process.env['SMTP_URL'] = smtp.url;
  stack.routes.push({ path: '/_dev/mail.json', match: 'exact', handler: mailbox.handler });
  outbox = startOutbox({ db: stack.db, queue: mailQueue(process.env, stack.db) });
  installClock(() => clockMs);
}, 180_000);

afterAll(async () => {
  installClock(Date.now);
  await outbox?.stop();
  await smtp?.stop();
  await stack?.close();
  await removeTempDirs();
  process.env = saved;
});

const call = <T = Record<string, unknown>>(method: string, path: string, user: User | null, body?: unknown) =>
  callAs<T>(stack, issuer, method, path, user, body);

/** Books and pays a dryer vent cleaning for `customer`; its checkout session's id and visit's id. */
async function bookAndPay(customer: User): Promise<{ sessionId: string; visitId: string }> {
  // Booked today: the clock back to real time (a booking's day is checked against the clock's today).
  clockMs = Date.now();
  const before = await stack.db.query<{ id: string }>('select id from visits where user_id = $1', [customer.id]);
  const started = await call<{ url: string }>('POST', '/api/create-payment-checkout', customer, {
    serviceType: 'dryer-vent-cleaning',
    visit: bookingVisit(),
  });
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const visitId = await waitFor(async () => {
    const rows = await stack.db.query<{ id: string }>('select id from visits where user_id = $1', [customer.id]);
    return rows.find((r) => !before.some((b) => b.id === r.id))?.id;
  }, 'the visit');
  const sessionId = decodeURIComponent(new URL(started.body.url).pathname.split('/').pop() ?? '');
  return { sessionId, visitId };
}

/** Marks a visit done on the owner's desk at the clock's time. */
async function markDone(visitId: string): Promise<void> {
  const done = await call('POST', `/api/owner/visits/${visitId}`, owner, { action: 'done' });
  expect(done.status).toBe(200);
}

/** Sets the clock to `time` Springfield time on `day`, then runs the visit schedule (what a move of the clock does). */
async function runScheduleAt(day: string, time: string): Promise<void> {
  clockMs = businessTimeToUtc(day, time).getTime();
  await runVisitSchedule(stack.db);
}

async function reviewRequestsTo(email: string): Promise<number> {
  const rows = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from mail_outbox where kind = 'review-request' and payload ->> 'to' = $1`,
    [email],
  );
  return rows[0]?.n ?? 0;
}

const reviewMails = (mails: TestMail[]) => mails.filter((m) => m.subject === REVIEW_REQUEST_SUBJECT);

describe('receipts, review requests and unsubscribing', { timeout: 180_000 }, () => {
  const rae: User = { id: randomUUID(), email: 'rae@example.com', name: 'Rae Quinn' };

  test('a one-off checkout makes a paid invoice with a hosted page, linked from the booking e-mail', async () => {
    const { sessionId } = await bookAndPay(rae);
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.invoice_creation?.enabled).toBe(true);
    const invoice = await stack.stripe.invoices.retrieve(idOf(session.invoice));
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'manual',
      customer: idOf(session.customer),
      amount_paid: session.amount_total,
      total: session.amount_total,
      parent: null,
    });
    expect(invoice.hosted_invoice_url).toMatch(new RegExp(`^${stack.origin}/_stripe/invoice/in_`));
    const listed = await stack.stripe.invoices.list({ customer: idOf(session.customer) });
    expect(listed.data.map((i) => i.id)).toContain(invoice.id);
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Receipt</h1>');
    expect(html).toContain(String(invoice.number));

    const booking = await waitFor(async () => {
      const mails = await mailsTo(stack.origin, rae.email);
      return mails.find((m) => m.subject.startsWith('Booking confirmed'));
    }, 'the booking e-mail');
    expect(booking.text).toContain(`Receipt: ${invoice.hosted_invoice_url}`);
    // Its invoice.paid event, as Stripe sends one, is taken by the site's webhook (a one-off changes nothing there).
    await waitFor(async () => {
      const rows = await stack.db.query(`select 1 from stripe_events where type = 'invoice.paid'`);
      return rows.length > 0 ? true : undefined;
    }, 'the invoice.paid event applied');
  });

  test('the day after done, from 10 AM: one review request with REVIEW_URL and the one-click headers', async () => {
    const [visit] = await stack.db.query<{ id: string }>('select id from visits where user_id = $1', [rae.id]);
    const visitId = visit?.id ?? '';
    clockMs = Date.now();
    const doneDay = businessToday(new Date(clockMs));
    await markDone(visitId);
    const next = addDays(doneDay, 1);

    await runScheduleAt(doneDay, '23:59');
    await runScheduleAt(next, '09:59');
    expect(await reviewRequestsTo(rae.email)).toBe(0);
    await runScheduleAt(next, '10:00');
    expect(await reviewRequestsTo(rae.email)).toBe(1);
    // The schedule runs again (hourly, or the clock moved again): still one.
    await runScheduleAt(next, '11:00');
    await runScheduleAt(addDays(next, 1), '10:00');
    expect(await reviewRequestsTo(rae.email)).toBe(1);

    const [mail] = await waitFor(async () => {
      const found = reviewMails(await mailsTo(stack.origin, rae.email));
      return found.length > 0 ? found : undefined;
    }, 'the review request');
    expect(mail?.text).toContain('Hello Rae Quinn,');
    expect(mail?.text).toContain(`Leave a review: ${REVIEW_URL}`);
    expect(mail?.links).toContain(REVIEW_URL);
    const [listUnsubscribe] = mail?.headers['List-Unsubscribe'] ?? [];
    expect(listUnsubscribe).toMatch(new RegExp(`^<${stack.origin}/api/unsubscribe\\?t=[A-Za-z0-9_-]{43}>$`));
    expect(mail?.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const token = /t=([A-Za-z0-9_-]+)>$/.exec(listUnsubscribe ?? '')?.[1];
    expect(mail?.text).toContain(`Unsubscribe: ${stack.origin}/unsubscribe?t=${token}`);
  });

  test('one POST to the header link unsubscribes; the next visit done gets no review request', async () => {
    const [mail] = reviewMails(await mailsTo(stack.origin, rae.email));
    const link = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? '';
    // A link scanner's GET changes nothing.
    const looked = await fetch(link);
    expect(await looked.json()).toEqual({ email: rae.email, unsubscribed: false });
    // The mail program's one-click POST (RFC 8058): no cookie, no sign-in, no Origin.
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: rae.email,
      unsubscribed: true,
      message: `You are unsubscribed: ${rae.email} gets no more review requests, service reminders or guides from us. Booking, plan and visit e-mails still come.`,
    });
    expect(await (await fetch(link)).json()).toEqual({ email: rae.email, unsubscribed: true });
    // Again is fine.
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);

    const { visitId } = await bookAndPay(rae);
    clockMs = Date.now() + 3 * 86_400_000;
    const doneDay = businessToday(new Date(clockMs));
    await markDone(visitId);
    await runScheduleAt(addDays(doneDay, 1), '10:30');
    expect(await reviewRequestsTo(rae.email)).toBe(1);
    // Transactional e-mails still come: the second booking's confirmation arrived.
    const mails = await waitFor(async () => {
      const all = await mailsTo(stack.origin, rae.email);
      return all.filter((m) => m.subject.startsWith('Booking confirmed')).length === 2 ? all : undefined;
    }, 'the second booking e-mail');
    expect(reviewMails(mails)).toHaveLength(1);
  });

  test('an altered or unknown link is refused in words and unsubscribes nobody', async () => {
    for (const query of ['?t=not-a-token', `?t=${'A'.repeat(43)}`, '']) {
      const res = await fetch(`${stack.origin}/api/unsubscribe${query}`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(/^This unsubscribe link is not valid\./);
    }
  });

  test('a marketing e-mail queued before the unsubscribe is dropped when its turn to send comes', async () => {
    const lee = 'lee@example.com';
    // Queued while subscribed; the outbox is not looked at until the address has unsubscribed.
    const queue = mailQueue({ SMTP_URL: smtp.url }, stack.db);
    expect(
      await stack.db.transaction((tx) =>
        queueMail(tx, 'guide:test-dropped', 'guide', {
          to: lee,
          ...guideMail({ title: 'T', url: 'https://x.example/t.pdf' }),
        }),
      ),
    ).toBe(true);
    const [row] = await stack.db.query<{ id: string; kind: string; payload: unknown; idempotency_key: string }>(
      `select id, kind, payload, idempotency_key from mail_outbox where idempotency_key = 'guide:test-dropped'`,
    );
    const headers = (row?.payload as { headers: Record<string, string> }).headers;
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    const outcome = await queue.deliver(
      { ...row!, attempts: 0 },
      new AbortController().signal,
      new AbortController().signal,
    );
    expect(outcome).toEqual({ ok: true });
    expect(await mailsTo(stack.origin, lee)).toEqual([]);
    // And none is queued for it again.
    expect(
      await stack.db.transaction((tx) =>
        queueMail(tx, 'guide:test-after', 'guide', {
          to: lee,
          ...guideMail({ title: 'T', url: 'https://x.example/t.pdf' }),
        }),
      ),
    ).toBe(false);
  });

  test('no review request at all while REVIEW_URL is unset', async () => {
    const sam: User = { id: randomUUID(), email: 'sam@example.com', name: 'Sam Ortiz' };
    const { visitId } = await bookAndPay(sam);
    delete process.env['REVIEW_URL'];
    try {
      clockMs = Date.now() + 5 * 86_400_000;
      const doneDay = businessToday(new Date(clockMs));
      await markDone(visitId);
      await runScheduleAt(addDays(doneDay, 1), '10:00');
      await runScheduleAt(addDays(doneDay, 2), '10:00');
      expect(await reviewRequestsTo(sam.email)).toBe(0);
    } finally {
      process.env['REVIEW_URL'] = REVIEW_URL;
    }
  });
});
