/**
 * The owner's calendar feed (docs/product/calendar-feed.md#calendar-feed) through the real server
 * with the functions, the Stripe emulator and the real SDK: four paid bookings, one confirmed at
 * 9:30, one cancelled. The link is the owner's only and made once; the feed, read without a session,
 * lists the visits still to do from today on, the requested one as its window and the confirmed
 * one at its time, each under the UID of the customer's booking file, the cancelled one never and a
 * visit whose day has passed no more; a new link refuses the old at once; a token that is not ours
 * is refused in words.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CALENDAR_LINK_INVALID } from '../../functions/_lib/owner/calendar-feed.ts';
import { OWNER_ONLY } from '../../functions/_lib/platform/auth.ts';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import type { CalendarUrlAnswer } from '../../src/features/owner/calendar-link.ts';
import { deskPath } from '../../src/features/visits/desk-link.ts';
import { businessTimeToUtc } from '../../src/lib/dates.ts';
import { icsEvents, unfoldIcs } from '../support/ics.ts';
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

const OWNER: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
const [FIRST, SECOND] = bookableWeekdays();

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-owner-calendar-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  installClock(Date.now);
  await stack?.close();
  await removeTempDirs();
});

const call = <T>(method: string, path: string, user: User | null, body?: unknown) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user, body);

const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
  name,
});

interface Booked {
  id: string;
  orderNumber: string;
  /** The UID of the customer's booking file (the booking e-mail's .ics). */
  uid: string;
}

/** Books and pays a dryer vent cleaning; resolves with its visit, order number and calendar UID. */
async function bookAndPay(user: User, visit: Visit): Promise<Booked> {
  const started = await call<{ url: string }>('POST', '/api/create-payment-checkout', user, {
    serviceType: 'dryer-vent-cleaning',
    visit,
  });
  expect(started.status, started.body.error).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  const { id, orderNumber } = await waitFor(async () => {
    const [row] = await stack.db.query<{ id: string; orderNumber: string }>(
      `select v.id, o.order_number as "orderNumber" from visits v join orders o on o.id = v.order_id
       where o.checkout_session_id = $1`,
      [session],
    );
    return row;
  }, 'the visit');
  const [mail] = await stack.db.query<{ payload: { attachments?: { content: string }[] } }>(
    `select payload from mail_outbox where idempotency_key = $1`,
    [`booking-confirmed:${session}`],
  );
  const uid = /^UID:(.+)$/m.exec(unfoldIcs(mail?.payload.attachments?.[0]?.content ?? ''))?.[1] ?? '';
  expect(uid).toContain(orderNumber);
  return { id, orderNumber, uid };
}

/** An instant as iCalendar writes it in UTC: 20261208T153000Z. */
const icsUtc = (date: string, time: string) =>
  businessTimeToUtc(date, time)
    .toISOString()
    .replace(/[-:]|\.\d{3}/g, '');

const place = (street: string, zip: string, date: string, window: Visit['window']): Visit => ({
  street,
  city: 'Springfield',
  zip,
  phone: '(417) 555-0142',
  date,
  window,
  notes: 'Side gate',
});

const feed = (url: string, method = 'GET') => fetch(url, { method });

const ava = customer('Ava Archer');
const ben = customer('Ben Baker');
const cal = customer('Cal Carter');
const dee = customer('Dee Dixon');
const booked: Record<string, Booked> = {};
let firstUrl = '';

describe("the owner's calendar feed", { timeout: 180_000 }, () => {
  test('the link is the owner only: signed out 401, a customer 403, and no link in either answer', async () => {
    for (const method of ['GET', 'POST']) {
      const signedOut = await call<CalendarUrlAnswer>(method, '/api/owner/calendar-url', null);
      expect(signedOut.status, method).toBe(401);
      expect(signedOut.body.url).toBeUndefined();
      expect(await call(method, '/api/owner/calendar-url', ava), method).toEqual({
        status: 403,
        body: { error: OWNER_ONLY },
      });
    }
    expect(await stack.db.query('select token from owner_calendar')).toEqual([]);
  });

  test('the link is made on the first ask and stays the same: 32 random bytes in the query', async () => {
    const first = await call<CalendarUrlAnswer>('GET', '/api/owner/calendar-url', OWNER);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${stack.origin}/api/calendar\\?t=[A-Za-z0-9_-]{43}$`));
    expect((await call<CalendarUrlAnswer>('GET', '/api/owner/calendar-url', OWNER)).body.url).toBe(first.body.url);
    const [row] = await stack.db.query<{ token: string }>('select token from owner_calendar');
    expect(first.body.url.endsWith(`t=${row?.token ?? 'none'}`)).toBe(true);
    firstUrl = first.body.url;
  });

  test('the feed: every visit still to do from today on, under the UIDs of the customers’ files', async () => {
    if (!FIRST || !SECOND) throw new Error('No weekdays ahead');
    booked['ava'] = await bookAndPay(ava, place('1 Main St', '65804', FIRST.date, 'morning'));
    booked['ben'] = await bookAndPay(ben, place('2 Elm St', '65807', SECOND.date, 'morning'));
    booked['cal'] = await bookAndPay(cal, place('3 Oak St', '65810', SECOND.date, 'afternoon'));
    booked['dee'] = await bookAndPay(dee, place('4 Ash St', '65804', SECOND.date, 'morning'));
    const owner = (id: string, body: unknown) => call('POST', `/api/owner/visits/${id}`, OWNER, body);
    expect((await owner(booked['ben'].id, { action: 'confirm', start: '09:30' })).status).toBe(200);
    expect((await owner(booked['dee'].id, { action: 'cancel', refund: false })).status).toBe(200);

    // Today: Ava's, Ben's and Cal's, soonest first; Dee's cancelled one never.
    const res = await feed(firstUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const ics = await res.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(unfoldIcs(ics)).toContain('X-WR-CALNAME:Springfield Home Maintenance visits');
    const events = icsEvents(ics);
    expect(events.map((e) => e['UID'])).toEqual([booked['ava'].uid, booked['ben'].uid, booked['cal'].uid]);

    const [, benEvent, calEvent] = events;
    // Confirmed: at its time, an hour, marked confirmed, its sequence raised by the confirmation.
    expect(benEvent).toMatchObject({
      SUMMARY: 'Dryer Vent Cleaning – Ben Baker',
      DTSTART: icsUtc(SECOND.date, '09:30'),
      DTEND: icsUtc(SECOND.date, '10:30'),
      STATUS: 'CONFIRMED',
      SEQUENCE: '1',
      LOCATION: '2 Elm St, Springfield, MO 65807',
      URL: `${stack.origin}${deskPath({ visit: booked['ben'].id })}`,
    });
    expect(benEvent?.['DESCRIPTION']?.split('\n')).toEqual([
      'Confirmed 9:30 AM-10:30 AM',
      'Phone: (417) 555-0142',
      `Order ${booked['ben'].orderNumber}`,
      'Notes: Side gate',
      `Open on the desk: ${stack.origin}${deskPath({ visit: booked['ben'].id })}`,
    ]);
    // Requested: the whole afternoon window, tentative.
    expect(calEvent).toMatchObject({
      SUMMARY: 'Dryer Vent Cleaning – Cal Carter',
      DTSTART: icsUtc(SECOND.date, '12:00'),
      DTEND: icsUtc(SECOND.date, '18:00'),
      STATUS: 'TENTATIVE',
      SEQUENCE: '0',
    });
    expect(calEvent?.['DESCRIPTION']).toMatch(/^Requested: Afternoon \(12-6 PM\), no time yet\nPhone: /);

    // HEAD: the same answer without the calendar.
    const head = await feed(firstUrl, 'HEAD');
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'text/calendar; charset=utf-8',
      '',
    ]);

    // On the morning of the second day, Ava's visit the day before is gone: from today on only.
    installClock(() => businessTimeToUtc(SECOND.date, '07:00').getTime());
    try {
      const later = icsEvents(await (await feed(firstUrl)).text());
      expect(later.map((e) => e['UID'])).toEqual([booked['ben'].uid, booked['cal'].uid]);
    } finally {
      installClock(Date.now);
    }
  });

  test('a new link refuses the old one at once', async () => {
    const renewed = await call<CalendarUrlAnswer>('POST', '/api/owner/calendar-url', OWNER);
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).toMatch(/\/api\/calendar\?t=[A-Za-z0-9_-]{43}$/);
    expect(renewed.body.url).not.toBe(firstUrl);
    const old = await feed(firstUrl);
    expect([old.status, await old.json()]).toEqual([404, { error: CALENDAR_LINK_INVALID }]);
    expect((await feed(renewed.body.url)).status).toBe(200);
    expect((await call<CalendarUrlAnswer>('GET', '/api/owner/calendar-url', OWNER)).body.url).toBe(renewed.body.url);
  });

  test('a token that is not ours is refused in words; only GET and HEAD', async () => {
    const { url } = (await call<CalendarUrlAnswer>('GET', '/api/owner/calendar-url', OWNER)).body;
    const token = new URL(url).searchParams.get('t') ?? '';
    for (const query of ['', '?t=', '?t=short', `?t=${'A'.repeat(43)}`, `?t=${token}x`, `?t=${token.slice(0, 42)}`]) {
      const res = await fetch(`${stack.origin}/api/calendar${query}`);
      expect([res.status, await res.json()], query).toEqual([404, { error: CALENDAR_LINK_INVALID }]);
    }
    const posted = await fetch(url, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });
});
