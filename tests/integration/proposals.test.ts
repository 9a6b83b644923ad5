/**
 * Proposed times (docs/product/visits.md#proposed-times) through the real functions, the Stripe
 * emulator and the real SDK: the owner proposes a start (refused outside the window, naming the
 * field) or a whole morning's starts (a preview first, then sent: 75 minutes apart in route order);
 * the customer confirms one from the e-mail's link (confirmed at that start, the calendar entry's
 * SEQUENCE raised, the owner alerted, the link then used) or asks for another time with a note
 * (requested in the window chosen, the proposal cleared, the owner alerted with the note); a link of
 * a replaced proposal cannot confirm; one reminder after 24 hours without an answer; and a proposal
 * raced against the customer's move link and against the owner's 'Confirm time' ends in one
 * consistent state. The site's clock is moved as the embedded clock moves it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { sendProposalReminders } from '../../functions/_lib/notices/proposal-reminders.ts';
import { verifiedClaims } from '../../functions/_lib/visits/links.ts';
import { LINK_MESSAGES, type VisitChangeAnswer } from '../../src/features/visits/changes.ts';
import type { OwnerVisitAnswer, ProposeDayAnswer } from '../../src/features/visits/owner-api.ts';
import type { Visit } from '../../src/features/booking/visit.ts';
import { addDays, businessTimeToUtc, formatDay } from '../../src/lib/dates.ts';
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

const SECRET = 'visit-link-secret-of-the-proposal-tests';
const OWNER_EMAIL = 'owner@springfieldhome.example';
type User = { id: string; email: string; name: string; role?: string };
const owner: User = { id: randomUUID(), email: OWNER_EMAIL, name: 'Owner', role: 'owner' };

let issuer: TokenIssuer;
let stack: Stack;
const saved = { secret: process.env['VISIT_LINK_SECRET'], owner: process.env['OWNER_EMAIL'] };

beforeAll(async () => {
  process.env['VISIT_LINK_SECRET'] = SECRET;
  process.env['OWNER_EMAIL'] = OWNER_EMAIL;
  issuer = await createTokenIssuer();
  stack = await startStack({ dataDir: await tempDir('shm-proposals-'), functions: true, jwk: issuer.jwk });
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

/** Open weekdays from the day after tomorrow: each test books its own morning, so none fills another's. */
const DAYS = bookableWeekdays().map((d) => d.date);
const dayOf = (n: number) => {
  const day = DAYS[n];
  if (!day) throw new Error(`Not enough open weekdays ahead: ${DAYS.join(', ')}`);
  return day;
};

const customer = (name: string): User => ({
  id: randomUUID(),
  email: `${name}-${randomUUID().slice(0, 6)}@example.com`,
  name,
});
/** Three ZIPs the route takes in this order from the business (Springfield, then south to Nixa and Ozark). */
const place = (date: string, zip = '65804', window: Visit['window'] = 'morning'): Visit => ({
  street: '12 Elm St',
  city: 'Springfield',
  zip,
  phone: '(417) 555-0142',
  date,
  window,
  notes: '',
});

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, user?: User) =>
  callAs<T & { error?: string }>(stack, issuer, method, path, user ?? null, body);
const asOwner = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => call<T>(method, path, body, owner);
const answer = (body: Record<string, unknown>) => call<VisitChangeAnswer>('POST', '/api/visit-change', body);

type Mail = {
  kind: string;
  payload: { to: string; subject: string; text: string; attachments?: { content: string }[] };
};
const mails = (key: string) =>
  stack.db.query<Mail>('select kind, payload from mail_outbox where idempotency_key like $1 order by created_at', [
    key,
  ]);

/** The label of a proposal's confirm link, 'Confirm 9:30 AM', as a regular expression. */
const CONFIRM = 'Confirm \\d{1,2}:\\d{2} [AP]M';

/** The token of the link labelled `label` (a regular expression) in an e-mail's text. */
function linkIn(text: string, label: string): string {
  const url = new RegExp(`${label}: (\\S+/visit\\?t=\\S+)`).exec(text)?.[1];
  if (!url) throw new Error(`no ${label} link in:\n${text}`);
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
  return { id: row?.id ?? '', reschedule: linkIn(mail?.payload.text ?? '', 'Reschedule') };
}

const visitRow = async (id: string) =>
  (
    await stack.db.query<{
      day: string;
      time_window: string;
      status: string;
      start_time: string | null;
      proposed_start: string | null;
      calendar_sequence: number;
      time_note: string | null;
    }>(
      `select day, time_window, status, start_time, proposed_start, calendar_sequence, time_note
       from visits where id = $1`,
      [id],
    )
  )[0];

const propose = (id: string, start: string) =>
  asOwner<OwnerVisitAnswer>('POST', `/api/owner/visits/${id}`, { action: 'propose', start });

/** The proposal e-mail of the visit at `version`, and its two links. */
async function proposalMail(id: string, version: number) {
  const [mail] = await mails(`visit-proposed:${id}:${version}`);
  if (!mail) throw new Error(`no proposal e-mail for ${id} at version ${version}`);
  return {
    mail,
    confirm: linkIn(mail.payload.text, CONFIRM),
    another: linkIn(mail.payload.text, 'Ask for another time'),
  };
}

describe('proposed times', { timeout: 180_000 }, () => {
  test("a morning's times: previewed, then sent in route order 75 minutes apart; a start outside the window is refused", async () => {
    const day = dayOf(0);
    // Booked out of route order: Ozark first, then Springfield, then Nixa.
    const ozark = await bookAndPay(customer('oz'), place(day, '65721'));
    const springfield = await bookAndPay(customer('sp'), place(day, '65804'));
    const nixa = await bookAndPay(customer('nx'), place(day, '65714'));

    const outside = await propose(springfield.id, '12:30');
    expect(outside).toEqual({ status: 400, body: { error: 'start must be within the window: Morning (8 AM-12 PM).' } });
    expect((await asOwner('POST', '/api/owner/visits/propose-day', { date: 'next week' })).status).toBe(400);

    const preview = await asOwner<ProposeDayAnswer>('POST', '/api/owner/visits/propose-day', {
      date: day,
      preview: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.proposed).toBe(3);
    const planned = preview.body.visits.map((v) => [v.id, v.route, v.proposedStart]);
    // In route order, from the window's start, 75 minutes apart.
    expect(planned.map(([, , start]) => start)).toEqual(['08:00', '09:15', '10:30']);
    expect(planned.map(([, route]) => route)).toEqual([1, 2, 3]);
    // Nothing was written or sent.
    expect((await visitRow(ozark.id))?.proposed_start).toBeNull();
    expect(await mails(`visit-proposed:%`)).toHaveLength(0);

    const sent = await asOwner<ProposeDayAnswer>('POST', '/api/owner/visits/propose-day', { date: day });
    expect(sent.body.proposed).toBe(3);
    for (const [id, , start] of planned) {
      const row = await visitRow(String(id));
      expect(row).toMatchObject({ status: 'requested', proposed_start: start, calendar_sequence: 1 });
      const { mail } = await proposalMail(String(id), 1);
      expect(mail.payload.subject).toMatch(new RegExp(`^Proposed time: ${formatDay(day)}, `));
    }
    // A second press proposes nothing more: each visit has its proposal.
    const again = await asOwner<ProposeDayAnswer>('POST', '/api/owner/visits/propose-day', { date: day });
    expect(again.body.proposed).toBe(0);
    expect([nixa.id, ozark.id, springfield.id].every(Boolean)).toBe(true);
  });

  test('the customer confirms with one tap: confirmed at that start, SEQUENCE raised, the owner told, the link then used', async () => {
    const day = dayOf(1);
    const ann = customer('ann');
    const booked = await bookAndPay(ann, place(day));
    const proposed = await propose(booked.id, '09:30');
    expect(proposed.status).toBe(200);
    expect(proposed.body.visit).toMatchObject({ status: 'requested', proposedStart: '09:30' });
    expect(proposed.body.visit.history.at(-1)).toMatchObject({
      actor: `owner:${OWNER_EMAIL}`,
      action: 'propose',
      after: { proposed_start: '09:30' },
    });
    const { mail, confirm } = await proposalMail(booked.id, 1);
    expect(mail.payload.subject).toMatch(new RegExp(`^Proposed time: ${formatDay(day)}, 9:30 AM \\(ORD-`));
    expect(verifiedClaims(confirm, SECRET)).toMatchObject({ purpose: 'confirm', visitId: booked.id, version: 1 });
    // The booking e-mail's links were of the visit before the proposal.
    expect(
      (await answer({ t: booked.reschedule, action: 'reschedule', date: dayOf(2), window: 'morning' })).status,
    ).toBe(401);

    const shown = await call<VisitChangeAnswer>('GET', `/api/visit-change?t=${confirm}`);
    expect(shown.body).toMatchObject({ purpose: 'confirm', proposal: { start: '09:30', startLabel: '9:30 AM' } });
    // The wrong answer for this link is refused.
    expect(await answer({ t: confirm, action: 'another', date: day, window: 'morning' })).toMatchObject({
      status: 403,
    });

    const confirmed = await answer({ t: confirm, action: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.visit).toMatchObject({ status: 'confirmed', start: '09:30' });
    expect(confirmed.body.proposal).toBeNull();
    expect(await visitRow(booked.id)).toMatchObject({
      status: 'confirmed',
      start_time: '09:30',
      proposed_start: null,
      calendar_sequence: 2,
    });
    const [confirmedMail] = await mails(`visit-confirmed:${booked.id}:2`);
    expect(confirmedMail?.payload.to).toBe(ann.email);
    expect(confirmedMail?.payload.attachments?.[0]?.content).toContain('SEQUENCE:2');
    const history = await stack.db.query<{ actor: string; action: string }>(
      'select actor, action from visit_events where visit_id = $1 order by id',
      [booked.id],
    );
    expect(history.at(-1)).toEqual({ actor: `customer:${ann.email}`, action: 'confirm' });
    const [alert] = await mails(`owner-alert:visit-confirmed:${booked.id}:2`);
    expect(alert?.payload).toMatchObject({ to: OWNER_EMAIL });
    expect(alert?.payload.subject).toBe(`Time confirmed: ann, ${formatDay(day, 'short')} at 9:30 AM`);

    // Spent: explained, and nothing changes.
    expect(await answer({ t: confirm, action: 'confirm' })).toEqual({
      status: 401,
      body: { error: LINK_MESSAGES.used },
    });
    expect((await visitRow(booked.id))?.calendar_sequence).toBe(2);
  });

  test('asking for another time: the afternoon with a note, the proposal cleared, the owner told', async () => {
    const day = dayOf(2);
    const bob = customer('bob');
    const booked = await bookAndPay(bob, place(day));
    await propose(booked.id, '08:00');
    const { another } = await proposalMail(booked.id, 1);
    expect((await call<VisitChangeAnswer>('GET', `/api/visit-change?t=${another}`)).body.purpose).toBe('another');
    const tooLong = await answer({
      t: another,
      action: 'another',
      date: day,
      window: 'afternoon',
      note: 'x'.repeat(501),
    });
    expect(tooLong).toEqual({ status: 400, body: { error: 'note: Please keep the note under 500 characters.' } });

    const asked = await answer({
      t: another,
      action: 'another',
      date: day,
      window: 'afternoon',
      note: 'After 1 please',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.visit).toMatchObject({ status: 'requested', date: day, window: 'afternoon' });
    expect(await visitRow(booked.id)).toMatchObject({
      status: 'requested',
      time_window: 'afternoon',
      proposed_start: null,
      time_note: 'After 1 please',
    });
    const [event] = await stack.db.query<{ payload: Record<string, unknown> }>(
      "select payload from leads where idempotency_key like 'visit-another-time:' || $1 || ':%'",
      [booked.id],
    );
    expect(event?.payload).toMatchObject({
      event: 'visit.another_time',
      by: 'customer',
      previousWindow: 'Morning (8 AM-12 PM)',
      proposedStart: '08:00',
      note: 'After 1 please',
    });
    const [alert] = await mails(`owner-alert:visit-another-time:${booked.id}:%`);
    expect(alert?.payload.text).toContain('"After 1 please"');
    // The desk shows the note until the next proposal.
    const seen = await asOwner<OwnerVisitAnswer>('GET', `/api/owner/visits/${booked.id}`);
    expect(seen.body.visit).toMatchObject({ proposedStart: null, timeNote: 'After 1 please' });
    await propose(booked.id, '13:00');
    expect(await visitRow(booked.id)).toMatchObject({ proposed_start: '13:00', time_note: null });
  });

  test('a replaced proposal cannot confirm; one reminder after 24 hours without an answer', async () => {
    const day = dayOf(3);
    const booked = await bookAndPay(customer('cy'), place(day));
    await propose(booked.id, '08:00');
    const first = await proposalMail(booked.id, 1);
    await propose(booked.id, '10:00');
    const second = await proposalMail(booked.id, 2);
    expect(await answer({ t: first.confirm, action: 'confirm' })).toEqual({
      status: 401,
      body: { error: LINK_MESSAGES.replaced },
    });
    expect((await visitRow(booked.id))?.status).toBe('requested');

    const [{ proposed_at: at } = { proposed_at: new Date() }] = await stack.db.query<{ proposed_at: Date }>(
      'select proposed_at from visits where id = $1',
      [booked.id],
    );
    const sentAt = new Date(at).getTime();
    // 23 hours on: not yet. 24 hours on: once, with the same links, and never again.
    expect(await sendProposalReminders(stack.db, new Date(sentAt + 23 * 3_600_000))).toBe(0);
    expect(await sendProposalReminders(stack.db, new Date(sentAt + 24 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await sendProposalReminders(stack.db, new Date(sentAt + 30 * 3_600_000))).toBe(0);
    const reminders = await mails(`visit-proposed-reminder:${booked.id}:%`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.payload.subject).toMatch(/^Reminder: proposed time: /);
    expect(linkIn(reminders[0]?.payload.text ?? '', CONFIRM)).toBe(second.confirm);
    // The reminder's link still confirms.
    expect((await answer({ t: second.confirm, action: 'confirm' })).body.visit).toMatchObject({ start: '10:00' });
  });

  test('a proposal for tomorrow is answered within 24 hours; once its window has started it is not', async () => {
    const day = dayOf(4);
    const booked = await bookAndPay(customer('di'), place(day));
    await propose(booked.id, '11:00');
    const { confirm } = await proposalMail(booked.id, 1);
    installClock(() => businessTimeToUtc(day, '08:05').getTime());
    expect(await answer({ t: confirm, action: 'confirm' })).toMatchObject({ status: 409 });
    installClock(() => businessTimeToUtc(addDays(day, -1), '20:00').getTime());
    expect((await answer({ t: confirm, action: 'confirm' })).body.visit).toMatchObject({
      status: 'confirmed',
      start: '11:00',
    });
  });
});

describe('proposals raced', { timeout: 180_000 }, () => {
  test("against the customer's move link: one consistent state, never a proposal outside the visit's window", async () => {
    const day = dayOf(5);
    const booked = await bookAndPay(customer('ed'), place(day));
    const [moved, proposed] = await Promise.all([
      answer({ t: booked.reschedule, action: 'reschedule', date: day, window: 'afternoon' }),
      propose(booked.id, '09:00'),
    ]);
    const row = await visitRow(booked.id);
    if (moved.status === 200) {
      // The move came first: the proposal (for a morning start) is refused in the afternoon, or came before it and was cleared.
      expect(row).toMatchObject({ time_window: 'afternoon', proposed_start: null });
    } else {
      // The proposal came first: the old link is used.
      expect(moved).toEqual({ status: 401, body: { error: LINK_MESSAGES.used } });
      expect(proposed.status).toBe(200);
      expect(row).toMatchObject({ time_window: 'morning', proposed_start: '09:00' });
    }
    expect(row?.status).toBe('requested');
  });

  test("against the owner's 'Confirm time': confirmed, with no proposal left standing", async () => {
    const day = dayOf(6);
    const booked = await bookAndPay(customer('fay'), place(day));
    const [proposed, confirmed] = await Promise.all([
      propose(booked.id, '09:00'),
      asOwner<OwnerVisitAnswer>('POST', `/api/owner/visits/${booked.id}`, { action: 'confirm', start: '10:00' }),
    ]);
    expect(confirmed.status).toBe(200);
    expect([200, 409]).toContain(proposed.status);
    expect(await visitRow(booked.id)).toMatchObject({ status: 'confirmed', start_time: '10:00', proposed_start: null });
    // A proposal that landed first sent its e-mail; its link cannot confirm the other start now.
    const [mail] = await mails(`visit-proposed:${booked.id}:%`);
    if (mail) {
      const confirm = linkIn(mail.payload.text, CONFIRM);
      expect(await answer({ t: confirm, action: 'confirm' })).toEqual({
        status: 401,
        body: { error: LINK_MESSAGES.used },
      });
    }
    expect((await visitRow(booked.id))?.start_time).toBe('10:00');
  });
});
