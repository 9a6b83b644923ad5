/**
 * Bringing customers back (docs/product/due-again.md#bringing-customers-back): which booking
 * visits done are still due again, and the reminder and its one follow-up
 * (docs/product/due-again.md#the-reminder-and-the-follow-up).
 *
 * A visit is still due again while it is done and is its customer's latest booking visit done of
 * that service, the customer has not booked that service since (a paid booking made after the
 * visit was done) and holds no live plan (docs/product/plans.md#one-live-plan-per-customer). The
 * reminder goes at 10 AM Springfield time 7 days before the due day (a late schedule still sends
 * it within 7 days); the follow-up 14 days after the reminder was queued, at or after 10 AM, within
 * the same 7 days. Each is a marketing e-mail (queueMail drops it for an address that unsubscribed,
 * and adds the unsubscribe line and the RFC 8058 headers), once per visit by its mail outbox key
 * (`service-due:<visit>`, `service-due-followup:<visit>`). When each was queued is kept, by the
 * site's clock, in `due_reminders`: the follow-up is timed from it (the embedded clock moves; the
 * outbox row's stamp is real time), and the owner's Due list shows it
 * (docs/product/due-again.md#the-owners-list). Run by the hourly visit schedule (jobs.ts
 * runVisitSchedule): Netlify's scheduled function, the Node server's timer and each move of the
 * embedded clock.
 */
import { SERVICE_NAMES, type ServiceType } from '../../../src/features/booking/pricing.ts';
import { coveringPlan, serviceDueFollowUpMail, serviceDueMail } from '../../../src/features/mail/due-again.ts';
import {
  FOLLOW_UP_AFTER_DAYS,
  REMINDER_DAYS_BEFORE,
  REMINDER_LATEST_DAYS,
  REMINDER_TIME,
} from '../../../src/features/visits/due-again.ts';
import { addDays, businessTimeToUtc, businessToday } from '../../../src/lib/dates.ts';
import { now as clockNow } from '../platform/clock.ts';
import { publicOrigin } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { announceMailQueued, queueMail } from '../platform/mail.ts';
import { LIVE_STATUSES } from '../plans/subscription-status.ts';
import { bookAgainLink } from '../visits/book-again-links.ts';

const DAY_MS = 86_400_000;

/** A booking visit done that is still due again, with when its reminder and follow-up were queued. */
export interface DueVisitRow {
  id: string;
  user_id: string;
  customer_name: string | null;
  customer_email: string;
  phone: string;
  service: string;
  options: Record<string, unknown>;
  due_again: string;
  completed_at: Date;
  reminded_at: Date | null;
  followed_up_at: Date | null;
}

/**
 * The real instant a visit `alias` was marked done: its history's 'done' line. Orders are stamped
 * in real time while `completed_at` is the site's clock, which the embedded default moves ahead
 * (functions/_lib/platform/clock.ts), so "booked since" compares real times.
 */
const doneInstantSql = (alias: string) =>
  `coalesce((select max(e.at) from visit_events e where e.visit_id = ${alias}.id and e.action = 'done'), ${alias}.completed_at)`;

/**
 * The paid bookings of a visit's service by its customer made after it was done (`alias` the visit),
 * as a `from ... where` the caller selects from.
 */
export function bookedSinceSql(alias: string): string {
  return `from orders o where o.user_id = ${alias}.user_id and o.kind = 'service' and o.status = 'paid'
            and o.item = ${alias}.service and o.created_at > ${doneInstantSql(alias)}`;
}

/**
 * The booking visits done still due again (docs/product/due-again.md#the-reminder-and-the-follow-up),
 * their due day within `from` and `to` (`YYYY-MM-DD`, either null for no bound), soonest due first:
 * the latest done per customer and service, not booked again since, the customer holding no live
 * plan at `at`.
 */
export function dueVisits(db: Db, at: Date, { from, to }: { from: string | null; to: string | null }) {
  return db.query<DueVisitRow>(
    `select v.id, v.user_id, v.customer_name, v.customer_email, v.phone, v.service, v.options, v.due_again,
            v.completed_at, r.reminded_at, r.followed_up_at
     from visits v left join due_reminders r on r.visit_id = v.id
     where v.status = 'done' and v.plan_visit_no is null and v.due_again is not null and v.completed_at is not null
       and ($2::text is null or v.due_again >= $2) and ($3::text is null or v.due_again <= $3)
       and not exists (
         select 1 from visits w
         where w.user_id = v.user_id and w.service = v.service and w.status = 'done' and w.plan_visit_no is null
           and w.id <> v.id and (w.completed_at > v.completed_at or (w.completed_at = v.completed_at and w.id > v.id)))
       and not exists (select 1 ${bookedSinceSql('v')})
       and not exists (
         select 1 from subscriptions s
         where s.user_id = v.user_id and s.duplicate_of is null and s.status = any($4::text[])
           and (s.current_period_end is null or s.current_period_end > $1))
     order by v.due_again, v.completed_at, v.id`,
    [at, from, to, [...LIVE_STATUSES]],
  );
}

/** When the reminder of a visit due again on `dueDay` goes: 10 AM Springfield time, 7 days before. */
export function reminderDueAt(dueDay: string): Date {
  return businessTimeToUtc(addDays(dueDay, -REMINDER_DAYS_BEFORE), REMINDER_TIME);
}

/** When the follow-up of a reminder queued at `remindedAt` goes: 14 days after it, at or after 10 AM. */
export function followUpDueAt(remindedAt: Date): Date {
  const after = new Date(remindedAt.getTime() + FOLLOW_UP_AFTER_DAYS * DAY_MS);
  const tenAm = businessTimeToUtc(businessToday(after), REMINDER_TIME);
  return after < tenAm ? tenAm : after;
}

/** Whether `at` is at or after `due` and not more than the late schedule's 7 days after it. */
function withinSendWindow(due: Date, at: Date): boolean {
  return at >= due && at.getTime() < due.getTime() + REMINDER_LATEST_DAYS * DAY_MS;
}

/** Whether the reminder of a visit due again on `dueDay` is due at `at`. */
export function isReminderDue(dueDay: string, at: Date): boolean {
  return withinSendWindow(reminderDueAt(dueDay), at);
}

/** Whether the follow-up of a reminder queued at `remindedAt` is due at `at`. */
export function isFollowUpDue(remindedAt: Date, at: Date): boolean {
  return withinSendWindow(followUpDueAt(remindedAt), at);
}

/** The service of a visit in words, as the e-mails' subjects say it: "Air Filter Replacement". */
export function serviceWords(service: string): string {
  return Object.hasOwn(SERVICE_NAMES, service) ? SERVICE_NAMES[service as ServiceType] : service;
}

function factsOf(row: DueVisitRow) {
  return {
    name: row.customer_name?.trim() || null,
    service: serviceWords(row.service),
    doneDay: businessToday(new Date(row.completed_at)),
    dueDay: row.due_again,
    bookAgainUrl: bookAgainLink(row),
    plan: coveringPlan(row.service),
    siteUrl: publicOrigin(),
  };
}

/**
 * Queues the reminders and follow-ups due at `at` (the site's clock) not yet queued; how many were
 * queued. Nothing goes to a visit that stopped being due again (booked since, a live plan, no longer
 * done), and nothing to an address that unsubscribed.
 */
export async function sendDueReminders(db: Db, at: Date = clockNow()): Promise<number> {
  const today = businessToday(at);
  // Reminders due from 7 days ahead back through the late window (a day's slack for the time zone);
  // follow-ups, 14 days after a reminder, up to 14 + 7 + 7 days behind.
  const rows = await dueVisits(db, at, {
    from: addDays(today, REMINDER_DAYS_BEFORE - FOLLOW_UP_AFTER_DAYS - 2 * REMINDER_LATEST_DAYS - 2),
    to: addDays(today, REMINDER_DAYS_BEFORE + 1),
  });
  let queued = 0;
  for (const row of rows) {
    const to = row.customer_email;
    if (!to) continue;
    if (row.reminded_at === null) {
      if (!isReminderDue(row.due_again, at)) continue;
      const mail = serviceDueMail(factsOf(row));
      const sent = await db.transaction(async (tx) => {
        if (!(await queueMail(tx, `service-due:${row.id}`, 'service-due', { to, ...mail }))) return false;
        await tx.query(
          'insert into due_reminders (visit_id, reminded_at) values ($1, $2) on conflict (visit_id) do nothing',
          [row.id, at],
        );
        return true;
      });
      if (sent) queued += 1;
    } else if (row.followed_up_at === null && isFollowUpDue(new Date(row.reminded_at), at)) {
      const mail = serviceDueFollowUpMail(factsOf(row));
      const sent = await db.transaction(async (tx) => {
        if (!(await queueMail(tx, `service-due-followup:${row.id}`, 'service-due-followup', { to, ...mail }))) {
          return false;
        }
        await tx.query('update due_reminders set followed_up_at = $2 where visit_id = $1 and followed_up_at is null', [
          row.id,
          at,
        ]);
        return true;
      });
      if (sent) queued += 1;
    }
  }
  if (queued > 0) announceMailQueued();
  return queued;
}
