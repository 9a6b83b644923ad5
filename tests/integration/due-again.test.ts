/**
 * Bringing customers back (docs/product/due-again.md#bringing-customers-back) through the real
 * functions, the Stripe emulator and the real SDK, time moved by the functions' clock: an air filter
 * visit (premium filters) booked, paid, confirmed and marked done on the desk is due again 75 days
 * after the day it was done; the reminder goes once at 10 AM Springfield time 7 days before, with a
 * Book again link that reads the visit back without a session, and the follow-up once 14 days
 * after; an address unsubscribed by one click gets no follow-up; a customer who booked the service
 * again, or holds a live plan, gets neither and is not on the owner's Due list; the list and its
 * CSV show the customer due; a bad `within`, an altered link and an expired one are refused in words.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sendDueReminders } from '../../functions/_lib/notices/due-again.ts';
import { runVisitSchedule } from '../../functions/_lib/jobs.ts';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { bookAgainExpiry, signBookAgainLink } from '../../functions/_lib/visits/book-again-links.ts';
import { BOOK_AGAIN_ALTERED, BOOK_AGAIN_EXPIRED, type BookAgainAnswer } from '../../src/features/booking/book-again.ts';
import type { OwnerDueAnswer, OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { addDays, businessTimeToUtc, businessToday, formatDay } from '../../src/lib/dates.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  callAs,
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name?: string; role?: string };

const SECRET = 'visit-link-secret-of-the-due-again-tests';
const OWNER: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
/** An air filter visit with premium filters is due again 75 days after it was done. */
const PREMIUM_DAYS = 75;

let issuer: TokenIssuer;
let stack: Stack;
let clockMs = Date.now();

beforeAll(async () => {
  vi.stubEnv('VISIT_LINK_SECRET', SECRET);
  vi.stubEnv('OWNER_EMAIL', OWNER.email);
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-due-again-'), functions: true, jwk: issuer.jwk });
  // Links in e-mails point at this server (the unsubscribe link is POSTed to below).
  vi.stubEnv('SITE_URL', stack.origin);
  installClock(() => clockMs);
}, 180_000);

afterAll(async () => {
  installClock(Date.now);
  await stack?.close();
  await removeTempDirs();
  vi.unstubAllEnvs();
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User | null) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
  name: `${name} Customer`,
});

const DAYS = bookableWeekdays();

/** Books and pays an air filter replacement with premium filters on the `nth` bookable weekday; resolves with its visit's id. */
async function bookAirFilter(user: User, nth: number): Promise<string> {
  clockMs = Date.now();
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    {
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      visit: {
        street: '12 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '(417) 555-0142',
        date: DAYS[nth]?.date ?? '',
        window: 'morning',
        notes: 'Side gate',
      },
    },
    user,
  );
  expect(started.status, started.body.error).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  return waitFor<string>(async () => {
    const [row] = await stack.db.query<{ id: string }>(
      'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
      [session],
    );
    return row?.id;
  }, 'the booking visit');
}

/** Confirms the visit and marks it done on the desk, at the real time; resolves with the day it was done. */
async function confirmAndDo(id: string): Promise<string> {
  clockMs = Date.now();
  const owner = (body: unknown) => call<OwnerVisitAnswer>('POST', `/api/owner/visits/${id}`, body, OWNER);
  expect((await owner({ action: 'confirm', start: '09:30' })).status).toBe(200);
  expect((await owner({ action: 'done' })).status).toBe(200);
  return businessToday(new Date(clockMs));
}

/** The e-mails of `kind` queued to `to`, oldest first. */
async function mailsOf(kind: string, to: string) {
  return stack.db.query<{
    idempotency_key: string;
    payload: { subject: string; text: string; headers?: Record<string, string> };
  }>(`select idempotency_key, payload from mail_outbox where kind = $1 and payload ->> 'to' = $2 order by created_at`, [
    kind,
    to,
  ]);
}

const rae = customer('Rae');
const kim = customer('Kim');
const sam = customer('Sam');
const lee = customer('Lee');
const visits: Record<string, string> = {};
let doneDay = '';
let due = '';

describe('a service due again', { timeout: 180_000 }, () => {
  test('a booking done records when its service is due again: premium air filters 75 days on, in its history', async () => {
    for (const [user, nth] of [
      [rae, 0],
      [kim, 1],
      [sam, 2],
      [lee, 3],
    ] as const) {
      visits[user.email] = await bookAirFilter(user, nth);
    }
    for (const user of [rae, kim, sam, lee]) doneDay = await confirmAndDo(visits[user.email]!);
    due = addDays(doneDay, PREMIUM_DAYS);
    const rows = await stack.db.query<{ due_again: string }>('select due_again from visits where id = any($1)', [
      Object.values(visits),
    ]);
    expect(rows.map((r) => r.due_again)).toEqual([due, due, due, due]);
    const read = await call<OwnerVisitAnswer>('GET', `/api/owner/visits/${visits[rae.email]}`, undefined, OWNER);
    expect(read.body.visit.history.at(-1)).toMatchObject({ action: 'done', after: { due_again: due } });

    // Sam books the same service again; Lee holds a live plan.
    await bookAirFilter(sam, 4);
    await stack.db.query(
      `insert into subscriptions (id, user_id, stripe_customer_id, tier, status, current_period_end)
       values ('sub_due_again_lee', $1, 'cus_due_again_lee', 'lite', 'active', now() + interval '400 days')`,
      [lee.id],
    );
  });

  test("the owner's Due list: the customers due, soonest first, not those booked again or on a plan", async () => {
    clockMs = Date.now();
    // 75 days ahead: beyond the default 30 days.
    expect((await call<OwnerDueAnswer>('GET', '/api/owner/due', undefined, OWNER)).body).toEqual({ due: [] });
    const listed = await call<OwnerDueAnswer>('GET', '/api/owner/due?within=90', undefined, OWNER);
    expect(listed.status).toBe(200);
    expect(listed.body.due.map((d) => d.customer.email).sort()).toEqual([kim.email, rae.email].sort());
    expect(listed.body.due.find((d) => d.customer.email === rae.email)).toEqual({
      customer: { name: 'Rae Customer', email: rae.email, phone: '(417) 555-0142' },
      service: 'Air Filter Replacement',
      serviceType: 'air-filter-replacement',
      dueDate: due,
      lastVisit: doneDay,
      remindedAt: null,
      followedUpAt: null,
      visitId: visits[rae.email],
    });
    for (const within of ['0', '366', 'abc', '7.5', '-3']) {
      const refused = await call('GET', `/api/owner/due?within=${within}`, undefined, OWNER);
      expect(refused, within).toMatchObject({
        status: 400,
        body: { error: 'within must be a whole number of days from 1 to 365' },
      });
    }
    expect((await call('GET', '/api/owner/due', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/owner/due', undefined, rae)).status).toBe(403);
  });

  test('nothing before 10 AM a week before the due day; then one reminder with the Book again link, once', async () => {
    const remindAt = (time: string) => businessTimeToUtc(addDays(due, -7), time);
    expect(await sendDueReminders(stack.db, remindAt('09:59'))).toBe(0);
    expect(await sendDueReminders(stack.db, remindAt('10:00'))).toBe(2);
    // The hourly schedule again, later that day and the next: still one each.
    clockMs = remindAt('11:00').getTime();
    await runVisitSchedule(stack.db);
    expect(await sendDueReminders(stack.db, businessTimeToUtc(addDays(due, -6), '10:00'))).toBe(0);

    const [reminder, ...more] = await mailsOf('service-due', rae.email);
    expect(more).toEqual([]);
    expect(reminder?.idempotency_key).toBe(`service-due:${visits[rae.email]}`);
    expect(reminder?.payload.subject).toBe('Time for your next Air Filter Replacement');
    expect(reminder?.payload.text).toContain('Hello Rae Customer,');
    expect(reminder?.payload.text).toContain(
      `Your Air Filter Replacement on ${formatDay(doneDay)} is due again on ${formatDay(due)}.`,
    );
    expect(reminder?.payload.text).toMatch(/Autopilot Lite covers it, with four visits a year, for \$\d+ a month\./);
    expect(reminder?.payload.text).toContain(`${stack.origin}/autopilot-lite`);
    expect(reminder?.payload.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(reminder?.payload.text).toContain(`Unsubscribe: ${stack.origin}/unsubscribe?t=`);
    expect(await mailsOf('service-due', kim.email)).toHaveLength(1);
    // Booked again since, or on a plan: nothing.
    expect(await mailsOf('service-due', sam.email)).toEqual([]);
    expect(await mailsOf('service-due', lee.email)).toEqual([]);

    // The link opens the service's page; the API reads the visit back without a session.
    const url = new URL(/Book again: (\S+)/.exec(reminder?.payload.text ?? '')?.[1] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.origin}/services/air-filter-replacement`);
    const token = url.searchParams.get('again') ?? '';
    const read = await call<BookAgainAnswer>('GET', `/api/book-again?t=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      serviceType: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      visit: { street: '12 Elm St', city: 'Nixa', zip: '65714', phone: '(417) 555-0142', notes: 'Side gate' },
      bookedAgainOn: null,
    });

    // The owner's list and its CSV show when each was reminded.
    const listed = await call<OwnerDueAnswer>('GET', '/api/owner/due', undefined, OWNER);
    const raeDue = listed.body.due.find((d) => d.customer.email === rae.email);
    expect(raeDue?.remindedAt).toBe(remindAt('10:00').toISOString());
    expect(raeDue?.followedUpAt).toBeNull();
  });

  test('an address unsubscribed by one click gets no follow-up; the others one, 14 days after the reminder, once', async () => {
    const [kimReminder] = await mailsOf('service-due', kim.email);
    const link = /^<(.+)>$/.exec(kimReminder?.payload.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link.startsWith(`${stack.origin}/api/unsubscribe?t=`)).toBe(true);
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);

    const reminded = businessTimeToUtc(addDays(due, -7), '10:00');
    const followUpAt = new Date(reminded.getTime() + 14 * 86_400_000);
    expect(await sendDueReminders(stack.db, new Date(followUpAt.getTime() - 60_000))).toBe(0);
    expect(await sendDueReminders(stack.db, followUpAt)).toBe(1);
    expect(await sendDueReminders(stack.db, new Date(followUpAt.getTime() + 3_600_000))).toBe(0);

    const [followUp, ...more] = await mailsOf('service-due-followup', rae.email);
    expect(more).toEqual([]);
    expect(followUp?.idempotency_key).toBe(`service-due-followup:${visits[rae.email]}`);
    expect(followUp?.payload.subject).toBe('Still due: your Air Filter Replacement');
    const [reminder] = await mailsOf('service-due', rae.email);
    const linkOf = (text = '') => /Book again: (\S+)/.exec(text)?.[1];
    expect(linkOf(followUp?.payload.text)).toBe(linkOf(reminder?.payload.text));
    expect(await mailsOf('service-due-followup', kim.email)).toEqual([]);
    expect(await mailsOf('service-due-followup', sam.email)).toEqual([]);
    expect(await mailsOf('service-due-followup', lee.email)).toEqual([]);

    clockMs = followUpAt.getTime();
    const listed = await call<OwnerDueAnswer>('GET', '/api/owner/due', undefined, OWNER);
    expect(listed.body.due.find((d) => d.customer.email === rae.email)?.followedUpAt).toBe(followUpAt.toISOString());
    expect(listed.body.due.find((d) => d.customer.email === kim.email)?.followedUpAt).toBeNull();
  });

  test('due.csv lists the customers due in the next 30 days or overdue', async () => {
    clockMs = businessTimeToUtc(due, '12:00').getTime();
    const res = await fetch(`${stack.origin}/api/owner/export/due.csv`, {
      headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, OWNER)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"name","email","phone","service","due_date","last_visit","reminded_at","followed_up_at"');
    const rae_ = lines.find((line) => line.includes(rae.email));
    expect(rae_).toMatch(
      new RegExp(
        `^"Rae Customer","${rae.email}","\\(417\\) 555-0142","Air Filter Replacement","${due}","${doneDay}","\\d{4}-[^"]+Z","\\d{4}-[^"]+Z"$`,
      ),
    );
    expect(lines.some((line) => line.includes(kim.email))).toBe(true);
    expect(lines.some((line) => line.includes(sam.email) || line.includes(lee.email))).toBe(false);
  });

  test('a Book again link names the day the service was booked again; altered, unknown and expired links are refused in words', async () => {
    const read = (token: string) => call<BookAgainAnswer>('GET', `/api/book-again?t=${encodeURIComponent(token)}`);
    clockMs = businessTimeToUtc(due, '12:00').getTime();
    const expires = bookAgainExpiry(due);
    const samToken = signBookAgainLink({ visitId: visits[sam.email]!, expires }, SECRET);
    const [order] = await stack.db.query<{ created_at: Date }>(
      `select created_at from orders where user_id = $1 and status = 'paid' order by created_at desc limit 1`,
      [sam.id],
    );
    expect((await read(samToken)).body.bookedAgainOn).toBe(businessToday(new Date(order!.created_at)));

    const raeToken = signBookAgainLink({ visitId: visits[rae.email]!, expires }, SECRET);
    const [body = '', mac = ''] = raeToken.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'book-again', v: visits[sam.email], e: expires })).toString(
      'base64url',
    );
    for (const altered of [`${forged}.${mac}`, `${body}.${mac.slice(0, -2)}`, body, '']) {
      expect(await read(altered), altered).toEqual({ status: 400, body: { error: BOOK_AGAIN_ALTERED } });
    }
    // Signed, but naming no visit of ours.
    const unknown = signBookAgainLink({ visitId: randomUUID(), expires }, SECRET);
    expect(await read(unknown)).toEqual({ status: 400, body: { error: BOOK_AGAIN_ALTERED } });

    // 60 days after the due day it still works; the next day it has expired.
    clockMs = businessTimeToUtc(addDays(due, 60), '23:59').getTime();
    expect((await read(raeToken)).status).toBe(200);
    clockMs = businessTimeToUtc(addDays(due, 61), '00:00').getTime();
    expect(await read(raeToken)).toEqual({ status: 410, body: { error: BOOK_AGAIN_EXPIRED } });
  });
});
