/**
 * Extras found at the door and tips (docs/product/extras.md), through the real functions, the
 * Stripe emulator and the real SDK: the owner charges a visit done from the catalogue (a price the
 * desk sends is ignored, the special-order part takes the owner's, capped), the customer's link
 * reads the request and starts a checkout of exactly the stored lines and the tip computed on the
 * server (any amount sent is ignored), a paid checkout pays the request once with its receipt and
 * the owner's event, two checkouts of one link paid in a race keep one payment, the desk refunds
 * it once, a withdrawn or altered link is explained, and the reminder goes once after 2 days.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sendPayReminders } from '../../functions/_lib/payments/extras.ts';
import { signPayLink } from '../../functions/_lib/payments/pay-links.ts';
import type { PayAnswer } from '../../src/features/extras/extras.ts';
import type { OwnerVisitAnswer } from '../../src/features/visits/owner-api.ts';
import { bookableWeekdays } from '../support/visit.ts';
import {
  callAs,
  createTokenIssuer,
  payCheckout,
  removeTempDirs,
  startStack,
  tempDir,
  textOf,
  waitFor,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name?: string; role?: string };

const SECRET = 'visit-link-secret-of-the-extras-tests';
const OWNER: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };

let issuer: TokenIssuer;
let stack: Stack;

beforeAll(async () => {
  vi.stubEnv('VISIT_LINK_SECRET', SECRET);
  vi.stubEnv('OWNER_EMAIL', OWNER.email);
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-extras-'), functions: true, jwk: issuer.jwk });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
  vi.unstubAllEnvs();
});

const DAY = bookableWeekdays()[1]?.date ?? '';

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User | null) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);

const owner = <T = OwnerVisitAnswer>(id: string, body: unknown) =>
  call<T>('POST', `/api/owner/visits/${id}`, body, OWNER);

/** Books and pays a light-bulb visit of a new customer, then confirms it: resolves with its id. */
async function confirmedVisit(): Promise<string> {
  const user: User = { id: randomUUID(), email: `pat-${randomUUID().slice(0, 8)}@example.com`, name: 'Pat Customer' };
  const started = await call<{ url: string }>(
    'POST',
    '/api/create-payment-checkout',
    {
      serviceType: 'light-bulb-replacement',
      visit: {
        street: '12 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '(417) 555-0142',
        date: DAY,
        window: 'morning',
        notes: '',
      },
    },
    user,
  );
  expect(started.status).toBe(200);
  expect((await payCheckout(started.body.url)).status).toBe(303);
  const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
  const id = await waitFor<string>(async () => {
    const [row] = await stack.db.query<{ id: string }>(
      'select v.id from visits v join orders o on o.id = v.order_id where o.checkout_session_id = $1',
      [session],
    );
    return row?.id;
  }, 'the booking visit');
  expect((await owner(id, { action: 'confirm', start: '09:30' })).status).toBe(200);
  return id;
}

/** The pay link's token from the pay request's e-mail. */
async function payToken(payRequestId: string): Promise<string> {
  const text = await waitFor<string>(async () => {
    const [mail] = await stack.db.query<{ payload: { text: string; subject: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`extras-pay:${payRequestId}`],
    );
    return mail?.payload.text;
  }, 'the pay e-mail');
  const url = /Pay \$[\d,.]+: (\S+\/pay\?t=\S+)/.exec(text)?.[1];
  if (!url) throw new Error(`no Pay link in:\n${text}`);
  return new URL(url).searchParams.get('t') ?? '';
}

const BULBS = { id: 'bulb-led-a19', qty: 3 };
const PART = { id: 'special-order', qty: 1, name: 'Globe for the hallway fixture', priceCents: 4250 };

describe('charging extras', () => {
  test('the owner marks a visit done with extras priced from the catalogue; bad lines are refused naming extras', async () => {
    const id = await confirmedVisit();
    for (const [extras, message] of [
      [[{ id: 'gold-bulb', qty: 1 }], "extras: unknown item 'gold-bulb'"],
      [[{ ...BULBS, qty: -1 }], 'extras.qty: each quantity must be a whole number from 1 to 20'],
      [[{ ...BULBS, qty: 21 }], 'extras.qty: each quantity must be a whole number from 1 to 20'],
      [[{ id: 'Bulb\r\n', qty: 1 }], 'extras.id: unknown item'],
      [[{ id: 'fridge-filter-inline', qty: 1 }], 'is not used on this visit'],
      [[{ ...PART, priceCents: 50_001 }], "extras: a special-order part's price must be whole cents from 1 to 50000"],
      [[], 'extras: add at least one item'],
    ] as const) {
      const refused = await owner(id, { action: 'done', extras });
      expect(refused.status, JSON.stringify(extras)).toBe(400);
      expect(refused.body.error).toContain(message);
    }
    // Refused whole: the visit is not done by a refused charge.
    expect((await call<OwnerVisitAnswer>('GET', `/api/owner/visits/${id}`, undefined, OWNER)).body.visit.status).toBe(
      'confirmed',
    );
    // 'charge' is for a visit done.
    const early = await owner(id, { action: 'charge', extras: [BULBS] });
    expect(early).toMatchObject({ status: 409, body: { error: 'Mark the visit done first.' } });

    // A price sent with a catalogue item is ignored: three bulbs are 3 x $8.00.
    const done = await owner(id, {
      action: 'done',
      extras: [{ ...BULBS, priceCents: 1 }, PART],
      extrasNote: 'Replaced the dead hallway globe',
    });
    expect(done.status).toBe(200);
    const request = done.body.visit.payRequest;
    expect(request).toMatchObject({
      status: 'unpaid',
      amountCents: 3 * 800 + 4250,
      tipCents: 0,
      note: 'Replaced the dead hallway globe',
      refundedCents: 0,
      items: [
        { id: 'bulb-led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 3, amountCents: 2400 },
        {
          id: 'special-order',
          name: 'Special-order part: Globe for the hallway fixture',
          unitCents: 4250,
          qty: 1,
          amountCents: 4250,
        },
      ],
    });
    expect(request?.orderNumber).toMatch(/^ORD-[0-9A-F]{8}$/);
    const [mail] = await stack.db.query<{ payload: { subject: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`extras-pay:${request?.id}`],
    );
    expect(mail?.payload.subject).toBe(`Pay for extras: $66.50 (${request?.orderNumber})`);
    // One open pay request per visit.
    const again = await owner(id, { action: 'charge', extras: [BULBS] });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'This visit already has a pay request open: cancel it first.' },
    });
  });
});

describe('the pay link', () => {
  test("reads the request with its tips; a checkout is the stored lines and the server's tip, whatever the page sends", async () => {
    const id = await confirmedVisit();
    const done = await owner(id, { action: 'done', extras: [BULBS, PART] });
    const requestId = done.body.visit.payRequest?.id ?? '';
    const t = await payToken(requestId);
    const read = await call<PayAnswer>('GET', `/api/pay?t=${encodeURIComponent(t)}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      payRequest: { status: 'unpaid', amountCents: 6650 },
      visit: { service: 'Light Bulb Replacement', date: DAY, address: '12 Elm St, Nixa, MO 65714' },
      tips: [
        { percent: 10, cents: 665 },
        { percent: 15, cents: 998 },
        { percent: 20, cents: 1330 },
      ],
      tipMaxCents: 10_000,
    });

    const started = await call<{ url: string }>('POST', '/api/pay', {
      t,
      tip: { kind: 'percent', percent: 15 },
      amountCents: 1,
      totalCents: 1,
    });
    expect(started.status).toBe(200);
    const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
    // The hosted page lists the extras and the tip as lines of their own.
    const page = textOf(await (await fetch(started.body.url)).text());
    expect(page).toContain('LED bulb, standard (A19) × 3');
    expect(page).toContain('Special-order part: Globe for the hallway fixture');
    expect(page).toContain('Tip, thank you');
    expect((await stack.stripe.checkout.sessions.retrieve(session)).amount_total).toBe(6650 + 998);

    // A tip past $100 is refused in words; a bad link too.
    const tooMuch = await call('POST', '/api/pay', { t, tip: { kind: 'amount', cents: 10_001 } });
    expect(tooMuch).toMatchObject({ status: 400, body: { error: 'tip.cents: Please enter a tip from $0 to $100' } });
    const altered = await call('GET', `/api/pay?t=${encodeURIComponent(`${t.slice(0, -2)}xx`)}`);
    expect(altered.status).toBe(400);
    expect(altered.body.error).toContain('This link is not complete or was changed.');
    const expired = signPayLink({ payRequestId: requestId, expires: Math.floor(Date.now() / 1000) - 1 }, SECRET);
    expect(await call('GET', `/api/pay?t=${encodeURIComponent(expired)}`)).toMatchObject({
      status: 410,
      body: { error: expect.stringContaining('This pay link has expired.') as unknown },
    });
    // A visit link's signature never opens a pay request.
    expect((await call('GET', `/api/pay?t=${encodeURIComponent(`${t.split('.')[0]}.${'A'.repeat(43)}`)}`)).status).toBe(
      400,
    );

    // Paid: the request paid once, its receipt and the owner's event; the link then says so.
    expect((await payCheckout(started.body.url)).status).toBe(303);
    const paid = await waitFor(async () => {
      const answer = await call<PayAnswer>('GET', `/api/pay?t=${encodeURIComponent(t)}&session_id=${session}`);
      return answer.body.payRequest.status === 'paid' ? answer.body.payRequest : undefined;
    }, 'the payment recorded');
    expect(paid).toMatchObject({ amountCents: 6650, tipCents: 998, refundedCents: 0 });
    expect(paid.paidAt).not.toBeNull();
    const told = await stack.db.query<{ idempotency_key: string }>(
      `select idempotency_key from mail_outbox where idempotency_key in ($1, $2) order by idempotency_key`,
      [`extras-receipt:${requestId}`, `owner-alert:extras-paid:${requestId}`],
    );
    expect(told.map((row) => row.idempotency_key)).toEqual([
      `extras-receipt:${requestId}`,
      `owner-alert:extras-paid:${requestId}`,
    ]);
    const [order] = await stack.db.query<{
      kind: string;
      status: string;
      amount_cents: number;
      tip_cents: number;
      order_number: string;
    }>('select kind, status, amount_cents, tip_cents, order_number from orders where checkout_session_id = $1', [
      session,
    ]);
    expect(order).toEqual({
      kind: 'extras',
      status: 'paid',
      amount_cents: 7648,
      tip_cents: 998,
      order_number: paid.orderNumber,
    });
    const again = await call('POST', '/api/pay', { t, tip: { kind: 'none' } });
    expect(again).toMatchObject({ status: 409, body: { error: 'This pay request is paid already. Thank you!' } });

    // The orders export lists it: its extras in words and the tip apart.
    const exported = await fetch(`${stack.origin}/api/owner/export/orders.csv`, {
      headers: { Authorization: `Bearer ${await issuer.sign(stack.origin, OWNER)}` },
    });
    const [header = '', ...csvRows] = (await exported.text()).trim().split(/\r?\n/);
    expect(header.split(',').slice(-2)).toEqual(['"tip_cents"', '"extras"']);
    const row = csvRows.find((line) => line.startsWith(`"${paid.orderNumber}"`));
    expect(row).toContain('"extras"');
    expect(
      row?.endsWith('"998","3 × LED bulb, standard (A19), 1 × Special-order part: Globe for the hallway fixture"'),
    ).toBe(true);

    // The desk shows it paid, and refunds it once.
    const seen = await call<OwnerVisitAnswer>('GET', `/api/owner/visits/${id}`, undefined, OWNER);
    expect(seen.body.visit.payRequest).toMatchObject({ status: 'paid', amountCents: 6650, tipCents: 998 });
    const refunded = await owner(id, { action: 'refund-extras' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.visit).toMatchObject({ status: 'done', payRequest: { status: 'paid', refundedCents: 7648 } });
    const twice = await owner(id, { action: 'refund-extras' });
    expect(twice).toMatchObject({ status: 409, body: { error: 'Nothing to refund on this visit.' } });
    const [refundMail] = await stack.db.query<{ payload: { subject: string; text: string } }>(
      `select payload from mail_outbox where idempotency_key like 'refund-issued:%' and payload->>'subject' like $1`,
      [`%${paid.orderNumber}%`],
    );
    expect(refundMail?.payload.text).toContain('$76.48');
  });

  test('two tabs of one link: the newer checkout expires the older, so one payment is kept', async () => {
    const id = await confirmedVisit();
    const done = await owner(id, { action: 'done', extras: [BULBS] });
    const requestId = done.body.visit.payRequest?.id ?? '';
    const t = await payToken(requestId);
    // Two tabs: each starts its checkout (different tips, so neither is the other's replay).
    const [first, second] = await Promise.all([
      call<{ url: string }>('POST', '/api/pay', { t, tip: { kind: 'none' } }),
      call<{ url: string }>('POST', '/api/pay', { t, tip: { kind: 'percent', percent: 20 } }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // Both paid at once: an expired checkout refuses its payment, else the second recorded is refunded.
    const attempts = await Promise.all(
      [first.body.url, second.body.url].map((url) =>
        payCheckout(url).then(
          (res) => res.status,
          () => 'refused',
        ),
      ),
    );
    expect(attempts).toContain(303);
    // Every payment taken is the one kept, or refunded in full as the provider reports it (its charge.refunded).
    const paidCount = attempts.filter((status) => status === 303).length;
    const settled = await waitFor(async () => {
      const orders = await stack.db.query<{ id: number; status: string; refunded_cents: number; amount_cents: number }>(
        `select id, status, refunded_cents, amount_cents from orders where pay_request_id = $1
           and status in ('paid', 'refunded') order by id`,
        [requestId],
      );
      const kept = orders.filter((o) => o.status === 'paid' && o.refunded_cents === 0);
      const returned = orders.filter((o) => o.status === 'refunded' && o.refunded_cents === o.amount_cents);
      return orders.length === paidCount && kept.length === 1 && returned.length === paidCount - 1
        ? { kept, returned }
        : undefined;
    }, 'one payment kept, any other refunded');
    const [request] = await stack.db.query<{ status: string; order_id: number }>(
      'select status, order_id from pay_requests where id = $1',
      [requestId],
    );
    expect(request).toEqual({ status: 'paid', order_id: settled.kept[0]?.id });
  });

  test('a withdrawn request is explained and cannot be paid; one reminder goes after 2 days, outside quiet hours', async () => {
    const id = await confirmedVisit();
    const done = await owner(id, { action: 'done', extras: [BULBS] });
    const requestId = done.body.visit.payRequest?.id ?? '';
    const t = await payToken(requestId);

    const [created] = await stack.db.query<{ created_at: Date }>('select created_at from pay_requests where id = $1', [
      requestId,
    ]);
    const sent = new Date(created?.created_at ?? 0);
    // Not before 2 days; at 2 days past, in quiet hours, not either; then once.
    expect(await sendPayReminders(stack.db, new Date(sent.getTime() + 47 * 3_600_000))).toBe(0);
    const twoDaysOn = new Date(sent.getTime() + 2 * 86_400_000);
    const daytime = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]
      .map((h) => new Date(twoDaysOn.getTime() + h * 3_600_000))
      .find((at) => {
        const hour = Number(
          new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: false, timeZone: 'America/Chicago' }).format(at),
        );
        return hour >= 10 && hour < 20;
      })!;
    const night = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]
      .map((h) => new Date(twoDaysOn.getTime() + h * 3_600_000))
      .find(
        (at) =>
          Number(
            new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: false, timeZone: 'America/Chicago' }).format(
              at,
            ),
          ) === 23,
      )!;
    const reminders = () =>
      stack.db.query<{ payload: { subject: string; text: string } }>(
        'select payload from mail_outbox where idempotency_key = $1',
        [`extras-reminder:${requestId}`],
      );
    await sendPayReminders(stack.db, night);
    expect(await reminders()).toEqual([]);
    await sendPayReminders(stack.db, daytime);
    await sendPayReminders(stack.db, new Date(daytime.getTime() + 3_600_000));
    const [reminder] = await stack.db.query<{ payload: { subject: string; text: string } }>(
      'select payload from mail_outbox where idempotency_key = $1',
      [`extras-reminder:${requestId}`],
    );
    expect(reminder?.payload.subject).toBe(
      `Reminder: extras to pay, $24.00 (${done.body.visit.payRequest?.orderNumber})`,
    );
    expect(reminder?.payload.text).toContain(`/pay?t=${t}`);

    // Withdrawn: the link says so, and cannot start a checkout; nothing is left to cancel.
    const started = await call<{ url: string }>('POST', '/api/pay', { t, tip: { kind: 'none' } });
    expect(started.status).toBe(200);
    const cancelled = await owner(id, { action: 'cancel-charge' });
    expect(cancelled.body.visit.payRequest).toMatchObject({ status: 'cancelled' });
    const session = /\/(cs_test_[A-Za-z0-9]+)$/.exec(started.body.url)?.[1] ?? '';
    expect((await stack.stripe.checkout.sessions.retrieve(session)).status).toBe('expired');
    expect((await call<PayAnswer>('GET', `/api/pay?t=${encodeURIComponent(t)}`)).body.payRequest.status).toBe(
      'cancelled',
    );
    expect(await call('POST', '/api/pay', { t, tip: { kind: 'none' } })).toMatchObject({
      status: 409,
      body: { error: 'This pay request was withdrawn. Nothing is owed on it.' },
    });
    expect(await owner(id, { action: 'cancel-charge' })).toMatchObject({
      status: 409,
      body: { error: 'This visit has no pay request to cancel.' },
    });
    // A new request can be made once the old one is withdrawn.
    expect(
      (await owner(id, { action: 'charge', extras: [{ id: 'bulb-led-flood', qty: 2 }] })).body.visit.payRequest,
    ).toMatchObject({
      status: 'unpaid',
      amountCents: 2400,
    });
  });
});
