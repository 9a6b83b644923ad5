/**
 * What the owner's desk benches (bench/owner-week.ts, bench/owner-desk.ts) need: visits in the
 * embedded database, and the owner signed in.
 *
 * - `seedVisits` writes visits into a fresh data dir before the server opens it, with the site's
 *   own code, as a paid booking writes them (docs/product/visits.md#visits): the pending order
 *   (functions/_lib/payments/orders.ts), then in one transaction the order marked paid and its visit created
 *   (functions/_lib/visits/store.ts), as the payment event does. A confirmed visit is then confirmed as
 *   the desk's 'Confirm time' writes it (start and end, status, calendar sequence, a history entry
 *   under the owner's e-mail). Going through checkouts would take minutes for 500 visits; what is
 *   left out is only what a payment and a confirmation queue for later (the customer's e-mails,
 *   the owner's event), which the owner's read never touches.
 * - `signInOwner` makes an account the owner as the business does: sign-up, the mailed
 *   confirmation link, `npm run owner -- add EMAIL` (scripts/owner.ts) against this server, then a
 *   sign-in, keeping the session as supabase-js stores it in the browser.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openPGlite } from '../../functions/_lib/platform/db.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { markOrderPaid, recordPendingOrder } from '../../functions/_lib/payments/orders.ts';
import { createBookingVisit } from '../../functions/_lib/visits/booking-visit.ts';
import { setVisitsPerWindow } from '../../functions/_lib/visits/capacity.ts';
import { transition } from '../../functions/_lib/visits/transition.ts';
import { main as ownerCommand } from '../../scripts/owner.ts';
import { bookedOptions } from '../../src/features/booking/booking.ts';
import {
  FILTER_QUALITIES,
  SERVICE_TYPES,
  servicePriceCents,
  type BookingOptions,
  type ServiceType,
} from '../../src/features/booking/pricing.ts';
import { VISIT_WINDOWS, windowsOn, type VisitWindow } from '../../src/features/visits/windows.ts';
import { serviceAreaList } from '../../src/features/service-area/area-list.server.ts';
import { VISITS_PER_WINDOW_LIMITS } from '../../src/features/visits/capacity.ts';
import { addDays } from '../../src/lib/dates.ts';
import { ROOT, serverEnv } from '../../tests/support/server.ts';
import { signUpAndIn, type BrowserSession } from './session.ts';

/** ZIP codes of the service area the seeded customers live in: Springfield's and the towns around it. */
export const SEED_ZIPS = ['65802', '65804', '65807', '65810', '65714', '65721', '65738', '65742'] as const;

const FIRST_NAMES = ['Ann', 'Bob', 'Cat', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon', 'Kim', 'Lou', 'May'];
const LAST_NAMES = ['Archer', 'Baker', 'Carter', 'Dixon', 'Ellis', 'Foster', 'Grant', 'Hughes', 'Irwin', 'Jones'];
const STREETS = ['Elm St', 'Oak Ave', 'Walnut St', 'Cherry St', 'Grand St', 'Battlefield Rd', 'Kansas Ave'];

/** What to seed. */
export interface SeedPlan {
  /** How many visits. */
  count: number;
  /** The first day (`YYYY-MM-DD`, the site's today), and how many days from it the visits spread over. */
  from: string;
  days: number;
  /** Every how many visits one is confirmed (2: every other one); the rest stay requested. */
  confirmEvery: number;
  /** The owner whose confirmations the history names. */
  ownerEmail: string;
}

/** What was seeded. */
export interface SeededVisits {
  count: number;
  requested: number;
  confirmed: number;
  /** Visits the site's code flagged 'Over capacity' (paid for a full window or a closed day), before any confirmation. */
  overCapacityAtPayment: number;
  /** Each day with its windows, and the visits each window holds. */
  slots: { date: string; window: VisitWindow; visits: number }[];
  zips: readonly string[];
  /** Visits per window set on the desk (the most the owner may set). */
  visitsPerWindow: number;
  seconds: number;
}

/** A booking's options, varied by `i`, as the booking card sends them. */
function optionsFor(service: ServiceType, i: number): BookingOptions {
  switch (service) {
    case 'air-filter-replacement':
      return { filterQuality: FILTER_QUALITIES[i % FILTER_QUALITIES.length] };
    case 'smoke-detector-batteries':
      return { additionalDetectors: i % 3 };
    case 'vacuum-cleanout':
      return { ventCount: 1 + (i % 4) };
    default:
      return {};
  }
}

/** A start within the window, varied by `i`: on the hour, an hour apart. */
function startIn(window: VisitWindow, i: number): { start: string; end: string } {
  const first = Number(VISIT_WINDOWS[window].start.slice(0, 2));
  const hours = Number(VISIT_WINDOWS[window].end.slice(0, 2)) - first;
  const hour = first + (i % hours);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${pad(hour)}:00`, end: `${pad(hour + 1)}:00` };
}

/**
 * Seeds `plan.count` paid bookings, each with its visit, spread evenly over every window of the
 * days from `plan.from` (Sundays have none) and over SEED_ZIPS, into the embedded database of
 * `dataDir` (migrated first; closed again before the server opens it).
 */
export async function seedVisits(dataDir: string, plan: SeedPlan): Promise<SeededVisits> {
  const started = Date.now();
  const area = serviceAreaList();
  for (const zip of SEED_ZIPS) if (!area.zips[zip]) throw new Error(`${zip} is not in the service area`);
  const slots = Array.from({ length: plan.days }, (_, d) => addDays(plan.from, d)).flatMap((date) =>
    windowsOn(date).map((window) => ({ date, window, visits: 0 })),
  );
  if (slots.length === 0) throw new Error(`no window is open from ${plan.from} over ${plan.days} days`);
  const db = await openPGlite(dataDir);
  let confirmed = 0;
  let overCapacityAtPayment = 0;
  try {
    await migrate(db, join(ROOT, 'supabase/migrations'));
    // A business this busy sets the most a window may take (the desk's Capacity).
    await setVisitsPerWindow(db, VISITS_PER_WINDOW_LIMITS.max);
    for (let i = 0; i < plan.count; i += 1) {
      const slot = slots[i % slots.length]!;
      slot.visits += 1;
      const service = SERVICE_TYPES[i % SERVICE_TYPES.length]!;
      const options = bookedOptions(service, optionsFor(service, i));
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
      const email = `${first}.${last}.${i}@bench.example`.toLowerCase();
      const zip = SEED_ZIPS[i % SEED_ZIPS.length]!;
      const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`;
      const userId = randomUUID();
      await recordPendingOrder(db, {
        sessionId,
        userId,
        kind: 'service',
        item: service,
        options,
        amountCents: servicePriceCents(service, options),
        visit: {
          street: `${100 + i} ${STREETS[i % STREETS.length]!}`,
          city: area.zips[zip]!,
          zip,
          phone: `(417) 555-${String(i % 10_000).padStart(4, '0')}`,
          date: slot.date,
          window: slot.window,
          notes: i % 5 === 0 ? 'Gate code 1234; the dog is friendly.' : '',
        },
        customer: { name: `${first} ${last}`, email },
      });
      await db.transaction(async (tx) => {
        await tx.query(
          'insert into customers (user_id, email, stripe_customer_id) values ($1, $2, $3) on conflict do nothing',
          [userId, email, `cus_${randomUUID().replaceAll('-', '').slice(0, 14)}`],
        );
        if (!(await markOrderPaid(tx, sessionId, null, `pi_${randomUUID().replaceAll('-', '')}`))) {
          throw new Error(`order ${sessionId} was not stored`);
        }
        const visit = await createBookingVisit(tx, sessionId);
        if (!visit) throw new Error(`order ${sessionId} got no visit`);
        if (visit.over_capacity) overCapacityAtPayment += 1;
        if (i % plan.confirmEvery !== 0) return;
        // As the desk's 'Confirm time' writes it (functions/_lib/owner/visit-actions.ts), without the e-mail it queues.
        const time = startIn(slot.window, i);
        await transition(
          tx,
          visit,
          'confirm',
          { by: 'owner', email: plan.ownerEmail },
          { start_time: time.start, end_time: time.end, status: 'confirmed', over_capacity: false },
        );
        confirmed += 1;
      });
    }
  } finally {
    await db.close();
  }
  return {
    count: plan.count,
    requested: plan.count - confirmed,
    confirmed,
    overCapacityAtPayment,
    slots,
    zips: SEED_ZIPS,
    visitsPerWindow: VISITS_PER_WINDOW_LIMITS.max,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** The owner, signed in: the token for the API, and the session as the browser's supabase-js stores it. */
export type OwnerSession = BrowserSession;

/**
 * Signs `email` up on the server at `origin`, confirms it through the local mailbox, makes it the
 * owner with `npm run owner -- add` (scripts/owner.ts, with the server's own environment), then
 * signs it in (the role is in the session from then on).
 */
export async function signInOwner(
  server: { origin: string; port: number; dataDir: string },
  email: string,
): Promise<OwnerSession> {
  return signUpAndIn(server.origin, email, {
    fullName: 'Owen Owner',
    beforeSignIn: async () => {
      const code = await ownerCommand(['add', email], serverEnv({ dataDir: server.dataDir, port: server.port }));
      if (code !== 0) throw new Error(`npm run owner -- add ${email} failed (exit ${code})`);
    },
  });
}
