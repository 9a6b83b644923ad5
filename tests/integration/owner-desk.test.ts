/**
 * The owner's API end to end (docs/product/desk.md#owner-api, docs/product/desk.md#owners-desk): the real
 * server with the functions, the Stripe emulator and the real SDK. Three paid bookings on one
 * morning listed in route order; a time confirmed (with the calendar entry's sequence up), a visit
 * moved, one done (and so on the customer's account), one cancelled with a refund pressed twice
 * (one refund, one e-mail, one owner event), also when the provider's refund event is recorded first;
 * closed days and the capacity; and nobody but the owner gets in.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type Stripe from 'stripe';
import { OWNER_ONLY } from '../../functions/_lib/platform/auth.ts';
import { applyVisitAction } from '../../functions/_lib/owner/visit-actions.ts';
import type { AccountSummary } from '../../src/features/account/account-summary.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { bookableWeekdays } from '../support/visit.ts';
import type { ClosedDaysAnswer, OwnerVisitAnswer, OwnerVisitsAnswer } from '../../src/features/visits/owner-api.ts';
import { addDays, businessToday, formatDay, weekdayOf } from '../../src/lib/dates.ts';
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

let issuer: TokenIssuer;
let stack: Stack;
const owner: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };

beforeAll(async () => {
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-owner-desk-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

const WEEKDAYS = bookableWeekdays();
const newCustomer = (name: string): User => ({ id: randomUUID(), email: `${name.toLowerCase()}@example.com`, name });

const call = <T = Record<string, unknown>>(method: string, path: string, user: User | null, body?: unknown) =>
  callAs<T>(stack, issuer, method, path, user, body);

/** Books and pays a dryer vent cleaning for `visit`; resolves with the visit's id. */
async function bookAndPay(customer: User, visit: Visit): Promise<string> {
  const started = await call<{ url: string }>('POST', '/api/create-payment-checkout', customer, {
    serviceType: 'dryer-vent-cleaning',
    visit,
  });
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const sessionId = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  return waitFor(async () => {
    const [row] = await stack.db.query<{ id: string }>(
      'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
      [sessionId],
    );
    return row?.id;
  }, 'the visit');
}

const place = (street: string, city: string, zip: string, date: string): Visit => ({
  street,
  city,
  zip,
  phone: '(417) 555-0142',
  date,
  window: 'morning',
  notes: '',
});

/** The `/api/owner/...` routes the functions declare in their `config.path`, e.g. `/api/owner/visits/:id`. */
async function ownerRoutes(): Promise<string[]> {
  const dir = new URL('../../functions/', import.meta.url);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
  const sources = await Promise.all(files.map((f) => readFile(new URL(f, dir), 'utf8')));
  return sources.flatMap((source) => [...source.matchAll(/'(\/api\/owner\/[^']*)'/g)].map((m) => m[1]!));
}

const mails = (key: string) =>
  stack.db.query<{ kind: string; payload: { to: string; subject: string; attachments?: { content: string }[] } }>(
    'select kind, payload from mail_outbox where idempotency_key like $1 order by created_at',
    [key],
  );

describe("the owner's desk API", { timeout: 180_000 }, () => {
  test('nobody but the owner: no token 401, a customer 403, on every owner call', async () => {
    const customer = newCustomer('Casey');
    const day = WEEKDAYS[0]!.date;
    const calls = [
      ['GET', `/api/owner/visits?from=${day}&to=${day}`, undefined],
      ['GET', `/api/owner/visits/${randomUUID()}`, undefined],
      ['POST', `/api/owner/visits/${randomUUID()}`, { action: 'no-show' }],
      ['GET', `/api/owner/visits/${randomUUID()}/texts`, undefined],
      ['POST', `/api/owner/visits/${randomUUID()}/texts`, { body: 'Hello' }],
      ['GET', '/api/owner/closed-days', undefined],
      ['POST', '/api/owner/closed-days', { date: day, reason: 'Training' }],
      ['DELETE', `/api/owner/closed-days/${day}`, undefined],
      ['GET', '/api/owner/settings', undefined],
      ['POST', '/api/owner/settings', { visitsPerWindow: 5 }],
      ['GET', '/api/owner/leads', undefined],
      ['POST', `/api/owner/leads/${randomUUID()}`, { status: 'won' }],
      ['GET', '/api/owner/customers?q=casey', undefined],
      ['GET', `/api/owner/customers/${randomUUID()}`, undefined],
      ['GET', '/api/owner/export/customers.csv', undefined],
      ['GET', '/api/owner/export/nothing.csv', undefined],
      ['GET', '/api/owner/extras', undefined],
      ['GET', '/api/owner/due?within=30', undefined],
      ['GET', '/api/owner/export/due.csv', undefined],
      ['GET', '/api/owner/calendar-url', undefined],
      ['POST', '/api/owner/calendar-url', undefined],
    ] as const;
    // Every owner route the functions declare is among the calls above, so a new one cannot skip the check.
    const declared = await ownerRoutes();
    expect(declared.length).toBeGreaterThanOrEqual(10);
    for (const route of declared) {
      const pattern = new RegExp(`^${route.replace(/:[a-z]+/g, '[^/?]+')}(\\?|$)`);
      expect(
        calls.some(([, path]) => pattern.test(path)),
        `${route} is not among the calls`,
      ).toBe(true);
    }
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect(await call(method, path, customer, body), `${method} ${path}`).toEqual({
        status: 403,
        body: { error: OWNER_ONLY },
      });
    }
  });

  test("a morning's visits in route order; confirm, move, done, and cancel with a refund pressed twice", async () => {
    const day = WEEKDAYS[1]!.date;
    const other = WEEKDAYS[2]!.date;
    const [ava, ben, cal] = [newCustomer('Ava'), newCustomer('Ben'), newCustomer('Cal')];
    // Republic is farthest from the business; Springfield nearest; Nixa between, on the way south.
    const republic = await bookAndPay(ava, place('1 Main St', 'Republic', '65738', day));
    const springfield = await bookAndPay(ben, place('2 Elm St', 'Springfield', '65807', day));
    const nixa = await bookAndPay(cal, place('3 Oak St', 'Nixa', '65714', day));

    const listed = await call<OwnerVisitsAnswer>('GET', `/api/owner/visits?from=${day}&to=${day}`, owner);
    expect(listed.status).toBe(200);
    expect(listed.body.visits.map((v) => [v.address.city, v.route, v.status])).toEqual([
      ['Springfield', 1, 'requested'],
      ['Nixa', 2, 'requested'],
      ['Republic', 3, 'requested'],
    ]);
    expect(listed.body.visits[0]).toMatchObject({
      service: 'Dryer Vent Cleaning',
      amountCents: 3500,
      customer: { name: 'Ben', email: 'ben@example.com', phone: '(417) 555-0142' },
      address: { street: '2 Elm St', city: 'Springfield', zip: '65807' },
      start: null,
      overCapacity: false,
      requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown,
    });
    // Booked one after the other: the requests' times say so (the desk's To confirm, oldest first).
    const booked = Object.fromEntries(listed.body.visits.map((v) => [v.address.city, v.requestedAt]));
    expect(booked['Republic']! < booked['Springfield']! && booked['Springfield']! < booked['Nixa']!).toBe(true);

    // Confirmed at 09:30: an hour, the calendar entry's sequence up, the start in Springfield time.
    const confirmed = await call<OwnerVisitAnswer>('POST', `/api/owner/visits/${springfield}`, owner, {
      action: 'confirm',
      start: '09:30',
    });
    expect(confirmed.body.visit).toMatchObject({ status: 'confirmed', start: '09:30', end: '10:30' });
    expect(confirmed.body.visit.history.map((h) => [h.actor, h.action])).toEqual([
      ['site', 'created'],
      [`owner:${owner.email}`, 'confirm'],
    ]);
    const [mail] = await mails(`visit-confirmed:${springfield}:%`);
    expect(mail?.payload.to).toBe('ben@example.com');
    expect(mail?.payload.subject).toMatch(/^Visit confirmed: .+, 9:30 AM \(ORD-[A-Z0-9]{8}\)$/);
    const ics = mail?.payload.attachments?.[0]?.content ?? '';
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toMatch(/DTSTART:\d{8}T1[45]3000Z/); // 09:30 Central: 15:30 UTC (CST) or 14:30 (CDT)

    // A start outside the window is refused; a visit moved to another day's afternoon is told so.
    expect((await call('POST', `/api/owner/visits/${nixa}`, owner, { action: 'confirm', start: '13:00' })).status).toBe(
      409,
    );
    const moved = await call<OwnerVisitAnswer>('POST', `/api/owner/visits/${nixa}`, owner, {
      action: 'reschedule',
      date: other,
      window: 'afternoon',
    });
    expect(moved.body.visit).toMatchObject({ status: 'requested', date: other, window: 'afternoon', start: null });
    expect((await mails(`visit-moved:${nixa}:%`)).map((m) => m.kind)).toEqual(['visit-moved']);

    // Done: on the customer's account as done.
    const done = await call<OwnerVisitAnswer>('POST', `/api/owner/visits/${springfield}`, owner, {
      action: 'done',
      note: 'Vent cleared, 2 ft of lint',
    });
    expect(done.body.visit).toMatchObject({ status: 'done', completionNote: 'Vent cleared, 2 ft of lint' });
    const account = await call<AccountSummary>('GET', '/api/account', ben);
    expect(account.body.visits).toEqual([
      expect.objectContaining({ status: 'done', when: expect.stringMatching(/^Done: /) as unknown }),
    ]);
    // Done is final.
    expect(await call('POST', `/api/owner/visits/${springfield}`, owner, { action: 'cancel', refund: true })).toEqual({
      status: 409,
      body: { error: 'A visit that is done cannot be cancelled.', visit: done.body.visit },
    });

    // Cancel with a refund, pressed twice at once: one refund, order refunded, one e-mail, one event.
    const presses = await Promise.all([
      call('POST', `/api/owner/visits/${republic}`, owner, { action: 'cancel', refund: true, reason: 'Roof work' }),
      call('POST', `/api/owner/visits/${republic}`, owner, { action: 'cancel', refund: true, reason: 'Roof work' }),
    ]);
    expect(presses.map((p) => p.status).sort()).toEqual(
      presses.some((p) => p.status === 409) ? [200, 409] : [200, 200],
    );
    const [order] = await stack.db.query<{ status: string; refunded_cents: number; checkout_session_id: string }>(
      'select o.status, o.refunded_cents, o.checkout_session_id from orders o join visits v on v.order_id = o.id where v.id = $1',
      [republic],
    );
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: 3500 });
    const session = await stack.stripe.checkout.sessions.retrieve(order?.checkout_session_id ?? '');
    // The emulator's own record of the refunds made on that payment (it answers no refund list).
    const refunds = await stack.db.query<{ amount: number }>(
      `select (data->>'amount')::int as amount from emulator_stripe.objects
       where object = 'refund' and data->>'payment_intent' = $1`,
      [typeof session.payment_intent === 'string' ? session.payment_intent : ''],
    );
    expect(refunds).toEqual([{ amount: 3500 }]);
    const cancelled = await mails(`visit-cancelled:${republic}`);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.payload.subject).toMatch(/^Visit cancelled/);
    const events = await stack.db.query<{ payload: { event: string; amountCents: number } }>(
      `select payload from leads where kind = 'order' and payload->>'event' = 'order.refunded' and payload->>'orderNumber' = (
         select o.order_number from orders o join visits v on v.order_id = o.id where v.id = $1)`,
      [republic],
    );
    expect(events.map((e) => [e.payload.event, e.payload.amountCents])).toEqual([['order.refunded', 3500]]);
  });

  test("the provider's refund event recorded before the cancellation is: the owner still hears what was refunded", async () => {
    const id = await bookAndPay(newCustomer('Fay'), place('6 Oak St', 'Ozark', '65721', WEEKDAYS[3]!.date));
    const orderOf = async () => {
      const [row] = await stack.db.query<{ id: number; refunded_cents: number }>(
        'select o.id, o.refunded_cents from orders o join visits v on v.order_id = o.id where v.id = $1',
        [id],
      );
      return row!;
    };
    // The refund answers only once its charge.refunded has reached the site and been recorded.
    const slowRefunds = new Proxy(stack.stripe, {
      get: (target, key) =>
        key === 'refunds'
          ? {
              create: async (...args: Parameters<Stripe['refunds']['create']>) => {
                const refund = await target.refunds.create(...args);
                await waitFor(async () => ((await orderOf()).refunded_cents === 3500 ? true : undefined), 'the event');
                return refund;
              },
            }
          : (Reflect.get(target, key) as unknown),
    });
    await applyVisitAction(
      stack.db,
      id,
      { action: 'cancel', refund: true, reason: 'Moved away' },
      { actor: { by: 'owner', email: owner.email } },
      () => slowRefunds,
    );
    const order = await orderOf();
    const events = await stack.db.query<{ payload: { amountCents: number; refundedCents: number } }>(
      `select payload from leads where kind = 'order' and idempotency_key = $1`,
      [`order-refunded:${order.id}:3500`],
    );
    expect(events.map((e) => [e.payload.amountCents, e.payload.refundedCents])).toEqual([[3500, 3500]]);
    expect((await mails(`visit-cancelled:${id}`)).map((m) => m.kind)).toEqual(['visit-cancelled']);
  });

  test('bad input is a 400 naming the field, an unknown visit a 404', async () => {
    const day = WEEKDAYS[0]!.date;
    expect((await call('GET', '/api/owner/visits?from=2026-13-01&to=2026-12-01', owner)).status).toBe(400);
    expect((await call('GET', `/api/owner/visits?from=${day}&to=2030-01-01`, owner)).body).toEqual({
      error: 'to must be within 62 days of from',
    });
    expect((await call('GET', `/api/owner/visits?from=${day}&to=${day}&status=lost`, owner)).status).toBe(400);
    expect((await call('GET', `/api/owner/visits/${randomUUID()}`, owner)).status).toBe(404);
    expect((await call('GET', '/api/owner/visits/not-an-id', owner)).status).toBe(404);
    const id = await bookAndPay(newCustomer('Dee'), place('4 Pine St', 'Ozark', '65721', WEEKDAYS[3]!.date));
    expect(await call('POST', `/api/owner/visits/${id}`, owner, { action: 'confirm', start: '9:30' })).toEqual({
      status: 400,
      body: { error: 'start must be HH:MM' },
    });
    expect((await call('POST', `/api/owner/visits/${id}`, owner, { action: 'fly' })).status).toBe(400);
  });

  test('impossible dates are a 400 naming the field on every owner endpoint that takes a date, and store nothing', async () => {
    const impossible = ['2027-02-30', '0000-01-01', '2027-13-01', '1899-12-31', '2027-04-31'];
    const id = await bookAndPay(newCustomer('Fay'), place('6 Pine St', 'Ozark', '65721', WEEKDAYS[3]!.date));
    const exported = await fetch(`${stack.origin}/api/owner/export/visits.csv?from=${impossible[0]}`, {
      headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, owner)}` },
    });
    expect(exported.status).toBe(400);
    expect(((await exported.json()) as { error: string }).error).toMatch(/^from: /);
    for (const date of impossible) {
      const answers = [
        await call('GET', `/api/owner/visits?from=${date}&to=${WEEKDAYS[0]!.date}`, owner),
        await call('GET', `/api/owner/visits?from=${WEEKDAYS[0]!.date}&to=${date}`, owner),
        await call('GET', `/api/owner/visits?dueBy=${date}`, owner),
        await call('POST', '/api/owner/closed-days', owner, { date, reason: 'Inventory' }),
        await call('DELETE', `/api/owner/closed-days/${date}`, owner),
        await call('POST', `/api/owner/visits/${id}`, owner, { action: 'reschedule', date, window: 'morning' }),
        await call('POST', `/api/owner/visits/${id}`, owner, { action: 'confirm', start: '09:30', date }),
      ];
      expect(
        answers.map((answer) => answer.status),
        date,
      ).toEqual([400, 400, 400, 400, 400, 400, 400]);
      expect(answers.map((answer) => (answer.body as { error: string }).error.split(':')[0])).toEqual([
        'from',
        'to',
        'dueBy',
        'date',
        'date',
        'date',
        'date',
      ]);
    }
    // A day that exists is still refused when it has passed, or when its window is not one of that day's.
    const yesterday = addDays(businessToday(), -1);
    const sunday = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(WEEKDAYS[0]!.date, n)).find((d) => weekdayOf(d) === 0)!;
    const tuesdayish = WEEKDAYS.find((d) => weekdayOf(d.date) !== 6)!.date;
    const moves = [
      {
        date: yesterday,
        window: 'morning',
        error: `date: ${formatDay(yesterday)} has passed: choose today or a later day`,
      },
      {
        date: tuesdayish,
        window: 'saturday',
        error: `window: Saturday (9 AM-4 PM) is not open on ${formatDay(tuesdayish)}`,
      },
      { date: sunday, window: 'morning', error: `window: Morning (8 AM-12 PM) is not open on ${formatDay(sunday)}` },
    ];
    for (const { error, ...move } of moves) {
      expect(await call('POST', `/api/owner/visits/${id}`, owner, { action: 'reschedule', ...move })).toEqual({
        status: 400,
        body: { error },
      });
    }
    const [visit] = await stack.db.query<{ day: string; status: string }>(
      'select day, status from visits where id = $1',
      [id],
    );
    expect(visit).toEqual({ day: WEEKDAYS[3]!.date, status: 'requested' });
    expect(await stack.db.query("select day from closed_days where reason = 'Inventory'")).toEqual([]);
  });

  test('days far ahead: past 9999 the year is named, up to it a range is measured in days, never an overflow', async () => {
    const id = await bookAndPay(newCustomer('Gus'), place('7 Pine St', 'Ozark', '65721', WEEKDAYS[3]!.date));
    const year = (field: string) => ({ status: 400, body: { error: `${field}: the year must be from 1900 to 9999` } });
    for (const far of ['275760-09-13', '99999-01-01', '10000-01-01']) {
      const exported = await fetch(`${stack.origin}/api/owner/export/visits.csv?from=${WEEKDAYS[0]!.date}&to=${far}`, {
        headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, owner)}` },
      });
      expect({ status: exported.status, body: (await exported.json()) as unknown }, far).toEqual(year('to'));
      expect(await call('GET', `/api/owner/visits?from=${far}&to=${far}`, owner), far).toEqual(year('from'));
      expect(await call('GET', `/api/owner/visits?from=${WEEKDAYS[0]!.date}&to=${far}`, owner), far).toEqual(
        year('to'),
      );
      expect(await call('GET', `/api/owner/visits?dueBy=${far}`, owner), far).toEqual(year('dueBy'));
      expect(await call('POST', '/api/owner/closed-days', owner, { date: far, reason: 'Far' }), far).toEqual(
        year('date'),
      );
      expect(await call('DELETE', `/api/owner/closed-days/${far}`, owner), far).toEqual(year('date'));
      expect(await call('POST', '/api/owner/visits/propose-day', owner, { date: far, preview: true }), far).toEqual(
        year('date'),
      );
      expect(
        await call('POST', `/api/owner/visits/${id}`, owner, { action: 'reschedule', date: far, window: 'morning' }),
        far,
      ).toEqual(year('date'));
    }
    // 9999-12-31 is a day: a range ending there is measured in days, though the day after it is no longer YYYY-MM-DD.
    const last = await call<OwnerVisitsAnswer>('GET', '/api/owner/visits?from=9999-12-31&to=9999-12-31', owner);
    expect(last).toEqual({ status: 200, body: { visits: [] } });
    expect((await call('GET', '/api/owner/visits?from=9999-11-15&to=9999-12-31', owner)).status).toBe(200);
    expect(await call('GET', `/api/owner/visits?from=${WEEKDAYS[0]!.date}&to=9999-12-31`, owner)).toEqual({
      status: 400,
      body: { error: 'to must be within 62 days of from' },
    });
    expect(await stack.db.query("select day from closed_days where reason = 'Far'")).toEqual([]);
    const [visit] = await stack.db.query<{ day: string }>('select day from visits where id = $1', [id]);
    expect(visit?.day).toBe(WEEKDAYS[3]!.date);
  });

  test('closed days and the capacity, as the checkout then applies them', async () => {
    const day = WEEKDAYS[4]!.date;
    const closing = await call<ClosedDaysAnswer>('POST', '/api/owner/closed-days', owner, {
      date: day,
      reason: 'Staff training',
    });
    expect(closing.status).toBe(200);
    expect(closing.body.closed).toContainEqual({ date: day, reason: 'Staff training', source: 'owner' });
    expect(closing.body.closed.some((c) => c.source === 'holiday')).toBe(true);
    const refused = await call('POST', '/api/create-payment-checkout', newCustomer('Eve'), {
      serviceType: 'dryer-vent-cleaning',
      visit: place('5 Ash St', 'Nixa', '65714', day),
    });
    expect(refused.status).toBe(409);
    expect((await call('DELETE', `/api/owner/closed-days/${day}`, owner)).status).toBe(200);
    expect((await call('DELETE', `/api/owner/closed-days/${day}`, owner)).status).toBe(404);

    // VISITS_PER_WINDOW unset here: 3, until the owner sets another number.
    // `today` is the site's clock's day in Springfield (real time on this stack), so the desk's Today
    // follows the server, not the phone.
    const settings = await call('GET', '/api/owner/settings', owner);
    const today = (settings.body as { today: string }).today;
    expect([businessToday(new Date(Date.now() - 60_000)), businessToday()]).toContain(today);
    expect(settings.body).toEqual({ visitsPerWindow: 3, today });
    expect((await call('POST', '/api/owner/settings', owner, { visitsPerWindow: 21 })).status).toBe(400);
    expect((await call('POST', '/api/owner/settings', owner, { visitsPerWindow: 4 })).body).toEqual({
      visitsPerWindow: 4,
      today,
    });
    const availability = (await (await fetch(`${stack.origin}/api/availability`)).json()) as { capacity: number };
    expect(availability.capacity).toBe(4);
    await call('POST', '/api/owner/settings', owner, { visitsPerWindow: 3 });
  });
});

describe('a change that changes nothing, and a press that lost the race', { timeout: 180_000 }, () => {
  const byOwner = { actor: { by: 'owner' as const, email: owner.email } };

  test('the same start confirmed again: 200 with the visit as it was, no second e-mail, calendar update or history line', async () => {
    const day = WEEKDAYS[5]!.date;
    const id = await bookAndPay(newCustomer('Hal'), place('8 Pine St', 'Ozark', '65721', day));
    const path = `/api/owner/visits/${id}`;
    const first = await call<OwnerVisitAnswer>('POST', path, owner, { action: 'confirm', start: '09:30' });
    expect(first.body.visit).toMatchObject({ status: 'confirmed', start: '09:30' });
    const again = [
      await call<OwnerVisitAnswer>('POST', path, owner, { action: 'confirm', start: '09:30' }),
      await call<OwnerVisitAnswer>('POST', path, owner, {
        action: 'confirm',
        start: '09:30',
        date: day,
        window: 'morning',
      }),
      // Pressed on two phones at once, twice.
      ...(await Promise.all(
        [1, 2, 3, 4].map(() => call<OwnerVisitAnswer>('POST', path, owner, { action: 'confirm', start: '09:30' })),
      )),
    ];
    for (const answer of again) expect(answer).toEqual({ status: 200, body: first.body });
    expect(await mails(`visit-confirmed:${id}:%`)).toHaveLength(1);
    const sequence = async () =>
      (await stack.db.query<{ n: number }>('select calendar_sequence as n from visits where id = $1', [id]))[0]?.n;
    expect(await sequence()).toBe(1);

    // Another start is a change: its e-mail, with the calendar entry's next sequence.
    const moved = await call<OwnerVisitAnswer>('POST', path, owner, { action: 'confirm', start: '10:00' });
    expect(moved.body.visit).toMatchObject({ start: '10:00', end: '11:00' });
    const confirmed = await mails(`visit-confirmed:${id}:%`);
    expect(confirmed).toHaveLength(2);
    expect(confirmed[1]?.payload.attachments?.[0]?.content).toContain('SEQUENCE:2');
    expect(await sequence()).toBe(2);
  });

  test('a press that lost the race: 409 with the visit as it now is, whichever check caught it', async () => {
    const id = await bookAndPay(newCustomer('Ida'), place('9 Pine St', 'Ozark', '65721', WEEKDAYS[5]!.date));
    const presses = await Promise.all(
      [1, 2].map(() => call<OwnerVisitAnswer>('POST', `/api/owner/visits/${id}`, owner, { action: 'done' })),
    );
    expect(presses.map((press) => press.status).sort()).toEqual([200, 409]);
    const lost = presses.find((press) => press.status === 409)!;
    expect(lost.body).toEqual({
      error: 'A visit that is done cannot be marked done.',
      visit: (await call<OwnerVisitAnswer>('GET', `/api/owner/visits/${id}`, owner)).body.visit,
    });
    expect(lost.body.visit.history.filter((line) => line.action === 'done')).toHaveLength(1);

    // The check under the visit's lock: another press lands after the first read, before the transaction.
    const other = await bookAndPay(newCustomer('Jo'), place('10 Pine St', 'Ozark', '65721', WEEKDAYS[5]!.date));
    const racing = new Proxy(stack.db, {
      get: (target, key) => {
        if (key === 'transaction') {
          return async (fn: Parameters<typeof target.transaction>[0]) => {
            await applyVisitAction(stack.db, other, { action: 'no-show' }, byOwner, () => stack.stripe);
            return target.transaction(fn);
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await expect(
      applyVisitAction(racing, other, { action: 'done' }, byOwner, () => stack.stripe),
    ).rejects.toMatchObject({ status: 409, message: 'A visit that is no-show cannot be marked done.' });
    const [row] = await stack.db.query<{ status: string }>('select status from visits where id = $1', [other]);
    expect(row?.status).toBe('no-show');
  });
});
