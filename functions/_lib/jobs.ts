/**
 * The site's scheduled jobs, listed once (docs/product/messages.md#timings): what each runs, how often the
 * Node server's timer runs it, and which Netlify scheduled function runs it on what schedule
 * (netlify.toml sets those schedules; tests/unit/repo/deployment-config.test.ts holds them against
 * this list). The embedded clock's advance runs every job, in this order. Each run is idempotent
 * (every send is keyed by its event), so a double firing, or a run at start and at each advance,
 * does its work once.
 */
import type Stripe from 'stripe';
import { businessToday } from '../../src/lib/dates.ts';
import { announceLeadsStored } from './leads/leads.ts';
import { noticeVisitsDue } from './notices/visit-events.ts';
import { sendMorningList } from './notices/morning-list.ts';
import { sendReviewRequests } from './notices/review-requests.ts';
import { sendDueReminders } from './notices/due-again.ts';
import { sendVisitReminders } from './notices/visit-reminders.ts';
import { sendProposalReminders } from './notices/proposal-reminders.ts';
import { completeStalledRefunds } from './owner/visit-actions.ts';
import { settleDuePlans } from './payments/one-plan.ts';
import { refundDuplicateExtras, sendPayReminders } from './payments/extras.ts';
import { now } from './platform/clock.ts';
import type { Db } from './platform/db.ts';
import { getDb } from './platform/db.ts';
import { handler } from './platform/http.ts';
import { mailQueue } from './platform/mail.ts';
import { drainOutbox } from './platform/outbox.ts';
import type { RepeatingJob } from './platform/schedule.ts';
import { stripeClient } from './platform/stripe.ts';
import { leadsQueue } from './leads/leads-queue.ts';
import { textQueue } from './texts/sender.ts';
import { syncPlanVisits } from './plans/visits.ts';
import { LIVE_STATUSES } from './plans/subscription-status.ts';

/** What a run reaches. */
export interface JobContext {
  db: Db;
  stripe: () => Stripe;
  /**
   * Sends what the outboxes hold that is due: on Netlify a drain within the run's budget; on the
   * Node server, which relays continuously, a nudge to its workers.
   */
  relayOutboxes: () => Promise<void>;
}

/** One scheduled job. */
export interface ScheduledJob {
  name: string;
  /** How often the Node server's timer runs it. */
  everyMs: number;
  /**
   * Whether the Node server also runs it as it starts: the checks of a time of day (a restart at
   * 6:31 still sends the morning list), not the hourly schedule, whose next run comes within the hour.
   */
  atStart: boolean;
  /** The Netlify scheduled function that runs it, and that function's schedule (cron, UTC). */
  netlify: { function: string; schedule: string };
  run: (context: JobContext) => Promise<unknown>;
}

const MINUTE = 60_000;

/**
 * The site's schedule for visits (docs/product/visits.md#plan-visits): each live plan makes the visits that
 * became owed as their predecessors came due, and the owner is told of the plan visits due within 7
 * days that are still unconfirmed (visit.due); then the review requests due
 * (docs/product/emails.md#review-requests), and the reminders and follow-ups of the services due
 * again (docs/product/due-again.md#the-reminder-and-the-follow-up).
 */
export async function runVisitSchedule(db: Db): Promise<void> {
  const plans = await db.query<{ subscription_id: string }>(
    `select distinct p.subscription_id from plan_periods p join subscriptions s on s.id = p.subscription_id
     where s.status = any($1::text[]) and s.duplicate_of is null`,
    [[...LIVE_STATUSES]],
  );
  for (const { subscription_id } of plans) {
    await db.transaction((tx) => syncPlanVisits(tx, subscription_id));
  }
  // The owner is told once of each plan visit still unconfirmed 7 days before it is due.
  const told = await db.transaction((tx) => noticeVisitsDue(tx, businessToday(now())));
  if (told > 0) announceLeadsStored();
  await sendReviewRequests(db);
  await sendDueReminders(db);
}

/** Every scheduled job, in the order the embedded clock's advance runs them. */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    name: 'Visit schedule',
    everyMs: 60 * MINUTE,
    atStart: false,
    netlify: { function: 'visit-schedule', schedule: '@hourly' },
    run: ({ db }) => runVisitSchedule(db),
  },
  {
    // Due at 6:30 Springfield time: Netlify's UTC schedule fires at 11:30 and 12:30, one of which is
    // 6:30 there whether daylight time is on or not; the list goes once per day
    // (docs/product/emails.md#morning-list).
    name: 'Morning list',
    everyMs: MINUTE,
    atStart: true,
    netlify: { function: 'morning-list', schedule: '30 11,12 * * *' },
    run: ({ db }) => sendMorningList(db),
  },
  {
    // Due at 5 PM Springfield time the day before: 22:00 or 23:00 UTC (docs/product/emails.md#visit-reminder).
    name: 'Visit reminders',
    everyMs: MINUTE,
    atStart: true,
    netlify: { function: 'visit-reminders', schedule: '0 22,23 * * *' },
    run: ({ db }) => sendVisitReminders(db),
  },
  {
    // A proposed time unanswered for 24 hours: one reminder (docs/product/visits.md#proposed-times).
    name: 'Proposal reminders',
    everyMs: 15 * MINUTE,
    atStart: true,
    netlify: { function: 'proposal-reminders', schedule: '*/15 * * * *' },
    run: ({ db }) => sendProposalReminders(db),
  },
  {
    // Extras unpaid 2 days after their pay link went: one reminder, outside quiet hours
    // (docs/product/extras.md#reminder), at the site's hourly schedule.
    name: 'Extras reminders',
    everyMs: 60 * MINUTE,
    atStart: true,
    netlify: { function: 'visit-schedule', schedule: '@hourly' },
    run: ({ db }) => sendPayReminders(db),
  },
  {
    // A second payment of one pay link (a race, or a withdrawn request): refunded in full, once
    // (docs/product/extras.md#paid); nothing to refund without payments configured.
    name: 'Duplicate extras refunds',
    everyMs: MINUTE,
    atStart: true,
    netlify: { function: 'leads-outbox', schedule: '* * * * *' },
    run: async ({ db, stripe }) => {
      if (process.env['STRIPE_SECRET_KEY']) await refundDuplicateExtras(db, stripe);
    },
  },
  {
    // Second plans whose cancellation or refund failed, tried again with backoff
    // (docs/product/plans.md#one-live-plan-per-customer); nothing to settle without payments configured.
    name: 'Second-plan settlements',
    everyMs: MINUTE,
    atStart: false,
    netlify: { function: 'leads-outbox', schedule: '* * * * *' },
    run: async ({ db, stripe }) => {
      if (process.env['STRIPE_SECRET_KEY']) await settleDuePlans(db, stripe);
    },
  },
  {
    // Cancellations whose refund claim has stood 2 minutes: the owner alerted, the refund asked for
    // again under its idempotency key, the cancellation completed (docs/product/visits.md#refunds).
    name: 'Stalled refunds',
    everyMs: MINUTE,
    atStart: true,
    netlify: { function: 'leads-outbox', schedule: '* * * * *' },
    run: async ({ db, stripe }) => {
      if (process.env['STRIPE_SECRET_KEY']) await completeStalledRefunds(db, stripe);
    },
  },
  {
    // The leads and owner events to the automation webhooks, the e-mails to SMTP_URL, the texts to the provider.
    name: 'Outboxes',
    everyMs: MINUTE,
    atStart: false,
    netlify: { function: 'leads-outbox', schedule: '* * * * *' },
    run: ({ relayOutboxes }) => relayOutboxes(),
  },
];

/** The Node server's timers for the jobs: `everyMs` each, and every job at once on `runAll`. */
export function repeatingJobs(context: JobContext): RepeatingJob[] {
  return SCHEDULED_JOBS.map(({ name, everyMs, atStart, run }) => ({ name, everyMs, atStart, run: () => run(context) }));
}

/** How long one Netlify run may spend relaying; Netlify stops a scheduled function after 30 s. */
export const DRAIN_BUDGET_MS = 20_000;

/** The names of the Netlify scheduled functions, which the Node server does not mount. */
export const SCHEDULED_FUNCTIONS: ReadonlySet<string> = new Set(SCHEDULED_JOBS.map((job) => job.netlify.function));

/**
 * A Netlify scheduled function: runs, in the list's order, the jobs that name it. Netlify starts a
 * scheduled run with a POST carrying {next_run}, which a run does not need.
 */
export function scheduledFunction(name: string) {
  const jobs = SCHEDULED_JOBS.filter((job) => job.netlify.function === name);
  if (jobs.length === 0) throw new Error(`No scheduled job runs in the function ${name}`);
  return handler(['POST'], async () => {
    const db = await getDb();
    const context: JobContext = {
      db,
      stripe: stripeClient,
      // A third of the budget each: the leads and owner events, the e-mails, then the texts.
      relayOutboxes: async () => {
        await drainOutbox({ db, queue: leadsQueue() }, DRAIN_BUDGET_MS / 3);
        await drainOutbox({ db, queue: mailQueue(process.env, db) }, DRAIN_BUDGET_MS / 3);
        await drainOutbox({ db, queue: textQueue(process.env, db) }, DRAIN_BUDGET_MS / 3);
      },
    };
    for (const job of jobs) await job.run(context);
    return new Response(null, { status: 204 });
  });
}
