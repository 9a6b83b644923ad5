/**
 * A plan's visits as records (docs/product/visits.md#plan-visits), end to end with the real stripe SDK
 * against the emulator and the site's clock moved with it: the first payment makes one visit due
 * within 7 days, for the preferred time and visit details; every event delivered twice makes
 * nothing twice; a renewal makes exactly one more, dated from the visit done; monthly billing one
 * per three paid months; annual one quarter at a time; a plan set to cancel loses its visit past
 * the end and gets it back when kept; a visit marked done keeps its checklist, the filter sizes
 * found (shown on the plan's next visit) and the detectors tested, and the customer gets its report
 * by e-mail and on the account. Webhook deliveries are held and forwarded by the test, so it
 * can deliver each one twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installClock } from '../../functions/_lib/platform/clock.ts';
import { runVisitSchedule } from '../../functions/_lib/jobs.ts';
import { setUpEmbeddedPlanPrices } from '../../functions/_lib/plans/prices.ts';
import { addMonths } from '../../src/features/visits/plan-schedule.ts';
import { visitChecklist, type BillingPeriod, type PlanType } from '../../src/features/plans/plans.ts';
import type { OwnerVisit } from '../../src/features/visits/owner-api.ts';
import { addDays, businessToday, formatDay } from '../../src/lib/dates.ts';
import type { AccountSummary } from '../../src/features/account/account-summary.ts';
import {
  createTokenIssuer,
  deliver,
  payCheckout,
  readForm,
  removeTempDirs,
  startStack,
  tempDir,
  waitFor,
  webhookHold,
  type HeldDelivery,
  type Stack,
  type TokenIssuer,
} from './support/stripe-stack.ts';

type User = { id: string; email: string; name?: string; role?: string };

const DAY = 86_400;
let issuer: TokenIssuer;
let stack: Stack;
let offsetMs = 0;
const hold = webhookHold();
const owner: User = { id: randomUUID(), email: 'owner@springfieldhome.example', role: 'owner' };
const clockNow = () => Date.now() + offsetMs;

beforeAll(async () => {
  issuer = await createTokenIssuer();
  // One clock for the emulator's billing and the functions' "today", as the embedded default has.
  installClock(clockNow);
  stack = await startStack({
    dataDir: await tempDir('shm-plan-visits-'),
    functions: true,
    jwk: issuer.jwk,
    webhookPath: hold.path,
    extraRoutes: [hold.route],
    now: clockNow,
  });
  await setUpEmbeddedPlanPrices(stack.stripe, process.env);
}, 180_000);

afterAll(async () => {
  installClock(Date.now);
  await stack?.close();
  await removeTempDirs();
});

const newUser = (): User => {
  const tag = randomUUID().slice(0, 8);
  return { id: randomUUID(), email: `plan.visits.${tag}@example.com`, name: `Sam ${tag}` };
};

async function call(method: string, path: string, user: User, body?: unknown) {
  const res = await fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await issuer.sign(stack.origin, user)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Waits until the emulator has handed over every event it recorded, and takes them. */
async function takeHeld(): Promise<HeldDelivery[]> {
  await waitFor(async () => {
    const pending = await stack.db.query(`select 1 from emulator_stripe.events where delivery_state = 'pending'`);
    return pending.length === 0 ? true : undefined;
  }, 'the emulator to hand over its events');
  return hold.take();
}

/** Forwards every held delivery in order until none is left, each one twice (a retry or replay). */
async function flush(): Promise<HeldDelivery[]> {
  const delivered: HeldDelivery[] = [];
  for (let round = 0; round < 20; round += 1) {
    const batch = await takeHeld();
    if (batch.length === 0) break;
    for (const delivery of batch) {
      const res = await deliver(stack.origin, delivery);
      expect(res.status, `${delivery.type}: ${await res.clone().text()}`).toBe(200);
    }
    delivered.push(...batch);
  }
  // Every event again: nothing more is made.
  for (const delivery of delivered) {
    const res = await deliver(stack.origin, delivery);
    expect(res.status, delivery.type).toBe(200);
  }
  return delivered;
}

/** Moves the one clock `seconds` ahead, lets the billing catch up, and runs the visit schedule. */
async function advance(seconds: number): Promise<void> {
  offsetMs += seconds * 1000;
  await stack.emulator.sweep();
  await flush();
  await runVisitSchedule(stack.db);
}

async function subscribe(user: User, plan: PlanType, period: BillingPeriod): Promise<string> {
  const res = await call('POST', '/api/create-subscription-checkout', user, { planType: plan, billingPeriod: period });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await payCheckout(String(res.body['url']))).status).toBe(303);
  await flush();
  const [row] = await stack.db.query<{ id: string }>('select id from subscriptions where user_id = $1', [user.id]);
  if (!row) throw new Error(`${user.email} has no subscription`);
  return row.id;
}

interface PlanVisit {
  id: string;
  plan_visit_no: number;
  status: string;
  due_date: string;
  day: string;
  time_window: string;
  service: string;
  street: string;
  phone: string;
  over_capacity: boolean;
}

const planVisits = (subscriptionId: string) =>
  stack.db.query<PlanVisit>(
    `select id, plan_visit_no, status, due_date, day, time_window, service, street, phone, over_capacity
     from visits where subscription_id = $1 order by plan_visit_no`,
    [subscriptionId],
  );

const today = () => businessToday(new Date(clockNow()));

/** The owner's events about one visit, oldest first. */
const ownerEvents = async (visitId: string) =>
  (
    await stack.db.query<{ payload: Record<string, unknown> }>(
      `select payload from leads where kind = 'order' and payload->>'visitId' = $1 order by created_at, id`,
      [visitId],
    )
  ).map((row) => row.payload);

async function markDone(visitId: string): Promise<void> {
  const done = await call('POST', `/api/owner/visits/${visitId}`, owner, { action: 'done', note: 'All done' });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/** Posts a billing-portal form ("Cancel plan", "Keep plan") as the customer does. */
async function portalAction(user: User, action: 'cancel' | 'renew'): Promise<void> {
  const portal = await call('POST', '/api/customer-portal', user);
  const page = await (await fetch(String(portal.body['url']))).text();
  const forms = [...page.matchAll(/<form method="post" action="[^"]+">[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form = forms.map((html) => readForm(html)).find((f) => f.action.endsWith(`/${action}`));
  expect(form, `a ${action} form on the portal`).toBeDefined();
  const done = await fetch(new URL(form?.action ?? '', stack.origin), {
    method: 'POST',
    body: new URLSearchParams(form?.fields),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  await flush();
}

describe('plan visits', { timeout: 300_000 }, () => {
  test('Full quarterly: one visit due within 7 days, never twice; a renewal makes exactly one more', async () => {
    const user = newUser();
    const details = await call('PUT', '/api/plan-details', user, {
      fullName: 'Sam Rivera',
      phone: '(417) 555-0177',
      address: '44 Walnut St',
      city: 'Nixa',
      state: 'MO',
      zip: '65714',
      preferredDay: 'evenings',
      specialInstructions: 'Dog in the yard',
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const startedOn = today();
    const subscriptionId = await subscribe(user, 'full', 'quarterly');

    const [first, ...more] = await planVisits(subscriptionId);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      plan_visit_no: 1,
      status: 'requested',
      due_date: addDays(startedOn, 7),
      time_window: 'afternoon',
      service: 'full',
      street: '44 Walnut St',
      phone: '(417) 555-0177',
    });
    expect(first!.day > startedOn && first!.day <= addDays(startedOn, 7)).toBe(true);
    const periods = await stack.db.query('select months from plan_periods where subscription_id = $1', [
      subscriptionId,
    ]);
    expect(periods).toEqual([{ months: 3 }]);
    const atStart = (await call('GET', '/api/account', user)).body as unknown as AccountSummary;
    expect(atStart.visits).toEqual([
      {
        orderNumber: expect.stringMatching(/^ORD-/) as unknown,
        description: 'Autopilot Full quarterly visit',
        when: `First visit due ${formatDay(addDays(startedOn, 7))}: we call you within 24 hours of signing up to set the day`,
        address: '44 Walnut St, Nixa, MO 65714',
        status: 'requested',
        id: first!.id,
        // The visit's own day: its window's last day on or before the due date (a due Saturday with
        // no afternoon window, as when the plan starts on a Saturday, moves it to the Friday).
        day: first!.day,
      },
    ]);
    // Its history: made by the site, with its due date.
    const [created] = await stack.db.query<{ actor: string; action: string; after: { due: string } }>(
      'select actor, action, after from visit_events where visit_id = $1',
      [first!.id],
    );
    expect(created).toMatchObject({ actor: 'site', action: 'created', after: { due: addDays(startedOn, 7) } });

    // On the desk's Plan visits due; the owner told once that it is due and unconfirmed (visit.due).
    const due = await call('GET', `/api/owner/visits?dueBy=${addDays(startedOn, 31)}`, owner);
    expect(due.status).toBe(200);
    expect((due.body['visits'] as OwnerVisit[]).filter((v) => v.id === first!.id)).toEqual([
      expect.objectContaining({
        service: 'Autopilot Full quarterly visit',
        dueDate: addDays(startedOn, 7),
        planVisit: 1,
        orderNumber: expect.stringMatching(/^ORD-/) as unknown,
        customer: { name: 'Sam Rivera', email: user.email, phone: '(417) 555-0177' },
      }),
    ]);
    expect((await call('GET', '/api/owner/visits?dueBy=12-2026', owner)).status).toBe(400);
    await runVisitSchedule(stack.db);
    await runVisitSchedule(stack.db);
    expect(await ownerEvents(first!.id)).toEqual([
      expect.objectContaining({ event: 'visit.due', dueDate: addDays(startedOn, 7), visitId: first!.id }),
    ]);

    // Confirmed like a booking, then done two days in: told once (visit.done); no second visit until
    // the next period is paid.
    const confirmed = await call('POST', `/api/owner/visits/${first!.id}`, owner, {
      action: 'confirm',
      start: '13:00',
    });
    expect(confirmed.body['visit']).toMatchObject({ status: 'confirmed', start: '13:00' });
    await advance(2 * DAY);
    await markDone(first!.id);
    expect((await ownerEvents(first!.id)).map((e) => e['event'])).toEqual(['visit.due', 'visit.done']);
    const doneOn = today();
    // Its report: the next visit waits for the renewal (docs/product/emails.md#e-mails).
    const beforeRenewal = (await call('GET', '/api/account', user)).body as unknown as AccountSummary;
    // Listed as done on the day it was marked done, not the day it was planned for.
    expect(doneOn).not.toBe(addDays(startedOn, 7));
    expect(beforeRenewal.visits).toEqual([
      expect.objectContaining({ id: first!.id, status: 'done', when: `Done: ${formatDay(doneOn)}` }),
    ]);
    expect(beforeRenewal.lastReport?.next).toBe(
      `Next visit due about ${formatDay(addMonths(doneOn, 3))}, once your plan renews: we will call to set the day and time.`,
    );
    expect((await planVisits(subscriptionId)).map((v) => v.status)).toEqual(['done']);

    // Through the renewal (every delivery twice): exactly one new visit, 3 months after the one done.
    await advance(92 * DAY);
    const after = await planVisits(subscriptionId);
    expect(after.map((v) => [v.plan_visit_no, v.status])).toEqual([
      [1, 'done'],
      [2, 'requested'],
    ]);
    expect(after[1]?.due_date).toBe(addMonths(doneOn, 3));
    await runVisitSchedule(stack.db);
    expect(await planVisits(subscriptionId)).toHaveLength(2);
    expect(
      await stack.db.query('select months from plan_periods where subscription_id = $1', [subscriptionId]),
    ).toHaveLength(2);
    // The account lists the plan's visits as recorded: the next with its due date (the one done is
    // more than 30 days ago).
    const account = (await call('GET', '/api/account', user)).body as unknown as AccountSummary;
    expect(account.visits.map((v) => [v.description, v.when, v.status])).toEqual([
      [
        'Autopilot Full quarterly visit',
        `Due ${formatDay(addMonths(doneOn, 3))}: we will call to set the day and time`,
        'requested',
      ],
    ]);
  });

  test('monthly billing: one visit per three paid months; a plan set to cancel loses the visit past its end', async () => {
    const user = newUser();
    const subscriptionId = await subscribe(user, 'lite', 'monthly');
    const [first] = await planVisits(subscriptionId);
    expect(first).toMatchObject({ plan_visit_no: 1, service: 'lite', time_window: 'morning', street: '' });

    // Months 2 and 3 paid: still one visit. It is done late, in the second month.
    await advance(31 * DAY);
    // Made from the first invoice, told before the checkout linked the plan's order: named at the next check.
    const [named] = await stack.db.query<{ customer_name: string | null }>(
      'select customer_name from visits where id = $1',
      [first!.id],
    );
    expect(named?.customer_name).toBe(user.name);
    await advance(10 * DAY);
    await markDone(first!.id);
    const doneOn = today();
    await advance(21 * DAY);
    expect(await planVisits(subscriptionId)).toHaveLength(1);
    // The 4th payment buys the second visit, due 3 months after the first was done.
    await advance(31 * DAY);
    const visits = await planVisits(subscriptionId);
    expect(visits.map((v) => [v.plan_visit_no, v.status, v.due_date])).toEqual([
      [1, 'done', first!.due_date],
      [2, 'requested', addMonths(doneOn, 3)],
    ]);
    const [periodEnd] = await stack.db.query<{ current_period_end: Date }>(
      'select current_period_end from subscriptions where id = $1',
      [subscriptionId],
    );
    // Due after the paid month ends: cancelling at the period's end cancels it; keeping the plan brings it back.
    expect(addMonths(doneOn, 3) > businessToday(periodEnd!.current_period_end)).toBe(true);
    await portalAction(user, 'cancel');
    expect((await planVisits(subscriptionId)).map((v) => v.status)).toEqual(['done', 'cancelled']);
    await portalAction(user, 'renew');
    expect((await planVisits(subscriptionId)).map((v) => v.status)).toEqual(['done', 'requested']);
  });

  test('annual: four visits bought, made one quarter at a time', async () => {
    const user = newUser();
    const subscriptionId = await subscribe(user, 'lite', 'annual');
    expect(
      await stack.db.query('select months from plan_periods where subscription_id = $1', [subscriptionId]),
    ).toEqual([{ months: 12 }]);
    const [first] = await planVisits(subscriptionId);
    expect(await planVisits(subscriptionId)).toHaveLength(1);
    // Done: the second is made at once, due 3 months later; the third waits for it.
    await markDone(first!.id);
    const second = await planVisits(subscriptionId);
    expect(second.map((v) => [v.plan_visit_no, v.status, v.due_date])).toEqual([
      [1, 'done', first!.due_date],
      [2, 'requested', addMonths(today(), 3)],
    ]);
    await runVisitSchedule(stack.db);
    expect(await planVisits(subscriptionId)).toHaveLength(2);
    // Not done, but come due: the third is made, 3 months after the second's due date; then the fourth.
    await advance(95 * DAY);
    expect((await planVisits(subscriptionId)).map((v) => v.due_date)).toEqual([
      first!.due_date,
      second[1]!.due_date,
      addMonths(second[1]!.due_date, 3),
    ]);
    await advance(95 * DAY);
    await advance(95 * DAY);
    expect(await planVisits(subscriptionId)).toHaveLength(4);
  });

  test('done with its checklist, filter sizes and detectors tested; the next visit shows the sizes', async () => {
    const user = newUser();
    const subscriptionId = await subscribe(user, 'full', 'annual');
    const [first] = await planVisits(subscriptionId);
    const opened = await call('GET', `/api/owner/visits/${first!.id}`, owner);
    expect(opened.body['visit']).toMatchObject({
      checklistItems: visitChecklist('full'),
      planFilterSizes: [],
      checklist: [],
      filterSizes: [],
      detectorsTested: null,
    });

    // Bad input: 400 naming the field, and the visit unchanged.
    for (const [extra, field] of [
      [{ filterSizes: ['16x25'] }, 'filterSizes'],
      [{ checklist: ['Lawn mowed'] }, 'checklist'],
      [{ detectorsTested: 'three' }, 'detectorsTested'],
    ] as const) {
      const refused = await call('POST', `/api/owner/visits/${first!.id}`, owner, { action: 'done', ...extra });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    expect((await planVisits(subscriptionId)).map((v) => v.status)).toEqual(['requested']);

    const done = await call('POST', `/api/owner/visits/${first!.id}`, owner, {
      action: 'done',
      note: 'Softener salt low, refilled',
      checklist: ['Light bulbs changed', 'Air filters replaced'],
      filterSizes: ['16X25X1', ' 20x20x1'],
      detectorsTested: 4,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Kept in the checklist's order, sizes as written the one way.
    expect(done.body['visit']).toMatchObject({
      status: 'done',
      completionNote: 'Softener salt low, refilled',
      checklist: ['Air filters replaced', 'Light bulbs changed'],
      filterSizes: ['16x25x1', '20x20x1'],
      detectorsTested: 4,
    });
    // The owner's automation hears the same (visit.done).
    expect((await ownerEvents(first!.id)).find((e) => e['event'] === 'visit.done')).toMatchObject({
      completionNote: 'Softener salt low, refilled',
      checklist: ['Air filters replaced', 'Light bulbs changed'],
      filterSizes: ['16x25x1', '20x20x1'],
      detectorsTested: 4,
    });

    // The second visit, made at once (annual), shows the home's sizes on the desk.
    const [, second] = await planVisits(subscriptionId);
    expect(second).toMatchObject({ plan_visit_no: 2, status: 'requested' });
    const due = await call('GET', `/api/owner/visits?dueBy=${second!.due_date}`, owner);
    expect((due.body['visits'] as OwnerVisit[]).find((v) => v.id === second!.id)).toMatchObject({
      planFilterSizes: ['16x25x1', '20x20x1'],
      checklistItems: visitChecklist('full'),
      checklist: [],
    });

    // The visit report e-mail, once (a second press changes nothing): what was done, and the next visit.
    const again = await call('POST', `/api/owner/visits/${first!.id}`, owner, { action: 'done' });
    expect(again.status).toBe(409);
    const doneOn = today();
    const reports = await stack.db.query<{ kind: string; payload: { to: string; subject: string; text: string } }>(
      'select kind, payload from mail_outbox where idempotency_key = $1',
      [`visit-report:${first!.id}`],
    );
    expect(reports).toHaveLength(1);
    const [{ payload: mail }] = reports as [(typeof reports)[number]];
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toMatch(
      new RegExp(`^Visit report: Autopilot Full quarterly visit, ${formatDay(doneOn)} \\(ORD-[^)]+\\)$`),
    );
    for (const line of [
      'Done: Air filters replaced',
      'Not done: Refrigerator water filter',
      'Done: Light bulbs changed',
      'Filter sizes found: 16x25x1, 20x20x1',
      'Detectors tested: 4',
      "Technician's note: Softener salt low, refilled",
      `Next visit due ${formatDay(second!.due_date)}: we will call to set the day and time.`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(
      await stack.db.query(
        "select 1 from mail_outbox where idempotency_key like 'visit-report:%' and payload->>'to' = $1",
        [user.email],
      ),
    ).toHaveLength(1);

    // The account shows the last visit's report.
    const account = (await call('GET', '/api/account', user)).body as unknown as AccountSummary;
    expect(account.lastReport).toEqual({
      day: doneOn,
      service: 'Autopilot Full quarterly visit',
      items: visitChecklist('full').map((item) => ({
        item,
        done: item === 'Air filters replaced' || item === 'Light bulbs changed',
      })),
      filterSizes: ['16x25x1', '20x20x1'],
      detectorsTested: 4,
      note: 'Softener salt low, refilled',
      next: `Next visit due ${formatDay(second!.due_date)}: we will call to set the day and time.`,
    });
  });
});
