/**
 * The customer's own changes (docs/product/visits.md#changing-a-visit) and the reminder the day before
 * (docs/product/emails.md#visit-reminder): the real functions with the Stripe emulator and the real SDK.
 * The e-mail's links move a visit to an open window (and are then used), a full or closed window
 * and a window too soon are refused, a cancel more than 24 hours ahead refunds in the emulator and
 * marks the order refunded, inside 24 hours it is refused with the phone number; an altered,
 * expired, used or other visit's link is explained; the owner hears of each change. The reminder
 * goes once, at 5 PM the day before, for visits still on only. The site's clock is moved as the
 * embedded clock moves it (functions/_lib/platform/clock.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { sendVisitReminders } from '../../functions/_lib/notices/visit-reminders.ts';
import { linkExpiry, signVisitLink, verifiedClaims } from '../../functions/_lib/visits/links.ts';
import {
  CALL_TO_CHANGE_MESSAGE,
  LINK_MESSAGES,
  TOO_SOON_MESSAGE,
  wrongPurposeMessage,
  type VisitChangeAnswer,
} from '../../src/features/visits/changes.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { closedDayMessage, WINDOW_FULL_MESSAGE } from '../../src/features/visits/capacity.ts';
import { SITE } from '../../src/site.ts';
import { addDays, businessTimeToUtc, formatDay } from '../../src/lib/dates.ts';
import { bookableWeekdays } from '../support/visit.ts';
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

const SECRET = 'visit-link-secret-of-the-integration-tests';
const OWNER = 'owner@springfieldhome.example';
type User = { id: string; email: string; name: string };

let issuer: TokenIssuer;
let stack: Stack;
const saved = { secret: process.env['VISIT_LINK_SECRET'], owner: process.env['OWNER_EMAIL'] };

beforeAll(async () => {
  process.env['VISIT_LINK_SECRET'] = SECRET;
  process.env['OWNER_EMAIL'] = OWNER;
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-visit-changes-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterEach(() => installClock(Date.now));

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  for (const [name, value] of [
    ['VISIT_LINK_SECRET', saved.secret],
    ['OWNER_EMAIL', saved.owner],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/**
 * The days the tests book: open weekday mornings from the day after tomorrow (far enough ahead that
 * the 24-hour rule never gets in the way unless a test moves the clock), chosen to hold in any week
 * the suite runs in, holidays included: `soon` has an open day before it (`beforeSoon`, for the
 * change inside 24 hours: on a Monday the day before is a Sunday); nothing else books `full`'s
 * morning nor `closed`; `reminder` is the last, so the reminders sent for its eve are its visits' alone.
 * The other tests share these days' windows, well under their three places.
 */
function testDays() {
  const open = bookableWeekdays().map((d) => d.date);
  const i = open.findIndex((date, k) => k >= 3 && open[k - 1] === addDays(date, -1));
  const [from, to] = open;
  const [soon, beforeSoon] = [open[i], open[i - 1]];
  const rest = open.filter((date) => ![from, to, soon, beforeSoon].includes(date));
  const [full, closed] = rest;
  const reminder = rest.at(-1);
  if (!from || !to || !soon || !beforeSoon || !full || !closed || !reminder || rest.length < 3) {
    throw new Error(`Not enough open weekdays ahead for the suite: ${open.join(', ')}`);
  }
  return { from, to, soon, beforeSoon, full, closed, reminder };
}
const DAYS = testDays();
const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name}-${randomUUID().slice(0, 6)}@example.com`,
  name,
});
const place = (date: string, window: Visit['window'] = 'morning'): Visit => ({
  street: '12 Elm St',
  city: 'Nixa',
  zip: '65714',
  phone: '(417) 555-0142',
  date,
  window,
  notes: '',
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

const change = (body: Record<string, unknown>, user?: User) =>
  call<VisitChangeAnswer>('POST', '/api/visit-change', body, user);

const mails = (key: string) =>
  stack.db.query<{ kind: string; payload: { to: string; subject: string; text: string } }>(
    'select kind, payload from mail_outbox where idempotency_key like $1 order by created_at',
    [key],
  );

/** The link `purpose` of the newest e-mail to the visit's customer that carries links. */
function linkIn(text: string, purpose: 'Reschedule' | 'Cancel'): string {
  const url = new RegExp(`${purpose}: (\\S+/visit\\?t=\\S+)`).exec(text)?.[1];
  if (!url) throw new Error(`no ${purpose} link in:\n${text}`);
  return new URL(url).searchParams.get('t') ?? '';
}

/** Books and pays a dryer vent cleaning; resolves with the visit's id and the booking e-mail's links. */
async function bookAndPay(user: User, visit: Visit) {
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    { serviceType: 'dryer-vent-cleaning', visit },
    user,
  );
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const sessionId = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  const [mail] = await waitFor(async () => {
    const found = await mails(`booking-confirmed:${sessionId}`);
    return found.length ? found : undefined;
  }, 'the booking e-mail');
  const [row] = await stack.db.query<{ id: string }>(
    'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
    [sessionId],
  );
  const text = mail?.payload.text ?? '';
  return {
    id: row?.id ?? '',
    session: sessionId,
    reschedule: linkIn(text, 'Reschedule'),
    cancel: linkIn(text, 'Cancel'),
  };
}

const visitRow = async (id: string) =>
  (
    await stack.db.query<{ day: string; time_window: string; status: string; calendar_sequence: number }>(
      'select day, time_window, status, calendar_sequence from visits where id = $1',
      [id],
    )
  )[0];

describe('changing a visit from its e-mail link', { timeout: 180_000 }, () => {
  test('moves it to an open window; the link is then used; the owner and the customer hear of it', async () => {
    const ann = customer('ann');
    const { from, to } = DAYS;
    const booked = await bookAndPay(ann, place(from));

    const shown = await call<VisitChangeAnswer>('GET', `/api/visit-change?t=${booked.reschedule}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      purpose: 'reschedule',
      blocked: null,
      phone: SITE.phone.display,
      visit: { id: booked.id, date: from, window: 'morning', service: 'Dryer Vent Cleaning', amountCents: 3500 },
    });

    const moved = await change({ t: booked.reschedule, action: 'reschedule', date: to, window: 'afternoon' });
    expect(moved.status).toBe(200);
    expect(moved.body.visit).toMatchObject({ date: to, window: 'afternoon', status: 'requested' });
    expect(await visitRow(booked.id)).toMatchObject({ day: to, time_window: 'afternoon', calendar_sequence: 1 });

    // The history says the customer did it; the owner has the event and its alert; the customer the e-mail.
    const history = await stack.db.query<{ actor: string; action: string; after: Record<string, unknown> }>(
      'select actor, action, after from visit_events where visit_id = $1 order by id',
      [booked.id],
    );
    expect(history.at(-1)).toEqual({
      actor: `customer:${ann.email}`,
      action: 'reschedule',
      after: { day: to, time_window: 'afternoon', calendar_sequence: 1 },
    });
    const [event] = await stack.db.query<{ payload: Record<string, unknown> }>(
      'select payload from leads where idempotency_key = $1',
      [`visit-moved:${booked.id}:1`],
    );
    expect(event?.payload).toMatchObject({ event: 'visit.moved', by: 'customer', previousDay: from, requestedDay: to });
    const [alert] = await mails(`owner-alert:visit-moved:${booked.id}:1`);
    expect(alert?.payload).toMatchObject({ to: OWNER });
    expect(alert?.payload.subject).toBe(
      `Visit moved by customer: Dryer Vent Cleaning for ann, now ${formatDay(to)}, afternoon (12-6 PM)`,
    );
    const [movedMail] = await mails(`visit-moved:${booked.id}:1`);
    expect(movedMail?.payload.to).toBe(ann.email);
    // The new e-mail's links are of the visit as it now is.
    expect(verifiedClaims(linkIn(movedMail?.payload.text ?? '', 'Cancel'), SECRET)).toMatchObject({
      visitId: booked.id,
      version: 1,
      expires: linkExpiry(to),
    });

    // The link was used: again, it is refused in words, and nothing moves.
    const again = await change({ t: booked.reschedule, action: 'reschedule', date: from, window: 'morning' });
    expect(again).toEqual({ status: 401, body: { error: LINK_MESSAGES.used } });
    expect((await call('GET', `/api/visit-change?t=${booked.cancel}`)).body).toEqual({ error: LINK_MESSAGES.used });
    expect(await visitRow(booked.id)).toMatchObject({ day: to, time_window: 'afternoon' });
  });

  test('a full window, a closed day and a window inside 24 hours are refused, and the visit stays', async () => {
    const { soon: day, full, closed } = DAYS;
    const booked = await bookAndPay(customer('bea'), place(day));
    for (let i = 0; i < 3; i++) await bookAndPay(customer(`full${i}`), place(full));
    await stack.db.query("insert into closed_days (day, reason, created_by) values ($1, $2, 'test')", [
      closed,
      'Owner training',
    ]);

    expect(await change({ t: booked.reschedule, action: 'reschedule', date: full, window: 'morning' })).toEqual({
      status: 409,
      body: { error: WINDOW_FULL_MESSAGE },
    });
    expect(await change({ t: booked.reschedule, action: 'reschedule', date: closed, window: 'morning' })).toEqual({
      status: 409,
      body: { error: closedDayMessage(closed, 'Owner training') },
    });
    // The clock at 9 AM two days before: the visit is 47 hours away, the morning before it 23.
    installClock(() => businessTimeToUtc(addDays(day, -2), '09:00').getTime());
    expect(
      await change({ t: booked.reschedule, action: 'reschedule', date: addDays(day, -1), window: 'morning' }),
    ).toEqual({ status: 409, body: { error: TOO_SOON_MESSAGE } });
    expect(await visitRow(booked.id)).toMatchObject({ day, time_window: 'morning', calendar_sequence: 0 });
  });

  test("an altered, expired, other-purpose or other visit's link is explained, and touches nothing", async () => {
    const cal = customer('cal');
    const dee = customer('dee');
    const mine = await bookAndPay(cal, place(DAYS.from));
    const theirs = await bookAndPay(dee, place(DAYS.from, 'afternoon'));

    const [body = '', mac = ''] = mine.cancel.split('.');
    const forged = `${Buffer.from(
      JSON.stringify({ p: 'cancel', v: theirs.id, n: 0, e: linkExpiry(DAYS.from) }),
    ).toString('base64url')}.${mac}`;
    expect(await change({ t: forged, action: 'cancel' })).toEqual({
      status: 401,
      body: { error: LINK_MESSAGES.altered },
    });
    expect(await change({ t: `${body}.${mac.slice(0, -2)}`, action: 'cancel' })).toEqual({
      status: 401,
      body: { error: LINK_MESSAGES.altered },
    });
    const expired = signVisitLink({ purpose: 'cancel', visitId: mine.id, version: 0, expires: 1_700_000_000 }, SECRET);
    expect(await change({ t: expired, action: 'cancel' })).toEqual({
      status: 401,
      body: { error: LINK_MESSAGES.expired },
    });
    // The reschedule link cannot cancel.
    expect(await change({ t: mine.reschedule, action: 'cancel' })).toEqual({
      status: 403,
      body: { error: wrongPurposeMessage('reschedule') },
    });
    // A link with another visit's id beside it acts on its own visit only; signed in, another's visit is no visit.
    const own = await change({
      t: mine.reschedule,
      id: theirs.id,
      action: 'reschedule',
      date: DAYS.to,
      window: 'morning',
    });
    expect(own.body.visit.id).toBe(mine.id);
    expect(await change({ id: theirs.id, action: 'cancel' }, cal)).toEqual({
      status: 404,
      body: { error: 'No such visit.' },
    });
    expect((await call('GET', `/api/visit-change?id=${theirs.id}`, undefined, cal)).status).toBe(404);
    expect(await visitRow(theirs.id)).toMatchObject({ status: 'requested', calendar_sequence: 0 });
  });

  test('cancel more than 24 hours ahead: refunded in the card provider, the order refunded, the customer told', async () => {
    const eve = customer('eve');
    const booked = await bookAndPay(eve, place(DAYS.soon, 'afternoon'));
    const done = await change({ t: booked.cancel, action: 'cancel' });
    expect(done.status).toBe(200);
    expect(done.body.visit.status).toBe('cancelled');

    // The emulator's own record of the refunds made on that payment (it answers no refund list).
    const session = await stack.stripe.checkout.sessions.retrieve(booked.session);
    const refunds = await stack.db.query<{ amount: number }>(
      `select (data->>'amount')::int as amount from emulator_stripe.objects
       where object = 'refund' and data->>'payment_intent' = $1`,
      [typeof session.payment_intent === 'string' ? session.payment_intent : ''],
    );
    expect(refunds).toEqual([{ amount: 3500 }]);
    const [order] = await stack.db.query<{ status: string; refunded_cents: number }>(
      'select o.status, o.refunded_cents from orders o join visits v on v.order_id = o.id where v.id = $1',
      [booked.id],
    );
    expect(order).toEqual({ status: 'refunded', refunded_cents: 3500 });
    const [told] = await mails(`visit-cancelled:${booked.id}`);
    expect(told?.payload.to).toBe(eve.email);
    expect(told?.payload.text).toContain('Your payment of $35.00 has been refunded to your card');
    const [alert] = await mails(`owner-alert:visit-cancelled:${booked.id}`);
    expect(alert?.payload.subject).toMatch(/^Visit cancelled by customer: Dryer Vent Cleaning for eve, /);
    const [history] = await stack.db.query<{ actor: string; action: string }>(
      "select actor, action from visit_events where visit_id = $1 and action = 'cancel'",
      [booked.id],
    );
    expect(history).toEqual({ actor: `customer:${eve.email}`, action: 'cancel' });
    // The provider's refund event, whenever it lands, tells no one a second time.
    await waitFor(async () => {
      const [row] = await stack.db.query<{ n: number }>(
        "select count(*)::int as n from stripe_events where type = 'charge.refunded'",
      );
      return (row?.n ?? 0) > 0 ? true : undefined;
    }, 'the refund event');
    expect(await mails(`refund-issued:%`)).toEqual([]);
  });

  test('inside 24 hours a cancel is refused with the phone number, and the page says so', async () => {
    const fay = customer('fay');
    const day = DAYS.to;
    const booked = await bookAndPay(fay, place(day));
    // One second inside 24 hours of the morning's start.
    installClock(() => businessTimeToUtc(day, '08:00').getTime() - 24 * 3_600_000 + 1000);
    const shown = await call<VisitChangeAnswer>('GET', `/api/visit-change?t=${booked.cancel}`);
    expect(shown.body.blocked).toBe(CALL_TO_CHANGE_MESSAGE);
    expect(CALL_TO_CHANGE_MESSAGE).toContain(SITE.phone.display);
    expect(await change({ t: booked.cancel, action: 'cancel' })).toEqual({
      status: 409,
      body: { error: CALL_TO_CHANGE_MESSAGE },
    });
    // Signed in, the same rule.
    expect(await change({ id: booked.id, action: 'cancel' }, fay)).toEqual({
      status: 409,
      body: { error: CALL_TO_CHANGE_MESSAGE },
    });
    expect(await visitRow(booked.id)).toMatchObject({ status: 'requested' });
  });

  test('signed in, the customer moves their own visit from the account', async () => {
    const gus = customer('gus');
    const booked = await bookAndPay(gus, place(DAYS.full, 'afternoon'));
    expect((await change({ id: booked.id, action: 'reschedule', date: DAYS.soon, window: 'morning' })).status).toBe(
      401,
    );
    const moved = await change({ id: booked.id, action: 'reschedule', date: DAYS.soon, window: 'morning' }, gus);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ purpose: 'any', visit: { date: DAYS.soon } });
  });
});

describe('the reminder the day before', { timeout: 180_000 }, () => {
  test('exactly one at 5 PM the day before, with the window, the address and both links; none for a cancelled visit', async () => {
    const day = DAYS.reminder;
    const hal = customer('hal');
    const ivy = customer('ivy');
    const on = await bookAndPay(hal, place(day));
    const off = await bookAndPay(ivy, place(day, 'afternoon'));
    expect((await change({ t: off.cancel, action: 'cancel' })).status).toBe(200);

    const before = addDays(day, -1);
    expect(await sendVisitReminders(stack.db, new Date(businessTimeToUtc(before, '17:00').getTime() - 1))).toBe(0);
    expect(await mails(`visit-reminder:%:${day}`)).toEqual([]);
    expect(await sendVisitReminders(stack.db, businessTimeToUtc(before, '17:00'))).toBe(1);
    // The schedule fires again (a minute later, Netlify's second firing): nothing more.
    expect(await sendVisitReminders(stack.db, businessTimeToUtc(before, '18:01'))).toBe(0);

    const sent = await mails(`visit-reminder:%:${day}`);
    expect(sent.map((m) => m.payload.to)).toEqual([hal.email]);
    const text = sent[0]?.payload.text ?? '';
    expect(sent[0]?.payload.subject).toMatch(
      new RegExp(`^Reminder: your visit tomorrow, ${formatDay(day)}, morning \\(8 AM-12 PM\\) \\(ORD-`),
    );
    expect(text).toContain('12 Elm St, Nixa, MO 65714');
    expect(text).toContain('We will send you a proposed time within that window.');
    expect(verifiedClaims(linkIn(text, 'Reschedule'), SECRET)).toMatchObject({ purpose: 'reschedule', visitId: on.id });
    expect(verifiedClaims(linkIn(text, 'Cancel'), SECRET)).toMatchObject({ purpose: 'cancel', visitId: on.id });
  });
});
