/**
 * The owner's morning list (docs/product/emails.md#morning-list): at 6:30 Springfield time, one e-mail to
 * OWNER_EMAIL with today's visits in route order, the visits to confirm and the leads since the
 * last list; nothing on a day with nothing in it; once per day (the mail outbox key
 * `morning-list:<day>`), however often the schedule fires. Netlify runs it from the scheduled
 * function functions/morning-list.ts; the Node server from a timer and, in the embedded default,
 * after each move of the clock.
 */
import {
  hasNews,
  morningListMail,
  type MorningLead,
  type MorningList,
} from '../../../src/features/mail/morning-list.ts';
import { businessTimeToUtc, businessToday } from '../../../src/lib/dates.ts';
import { now as clockNow } from '../platform/clock.ts';
import { publicOrigin } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { announceMailQueued, queueMail } from '../platform/mail.ts';
import { ownerEmails } from '../leads/owner-alerts.ts';
import { listVisits } from '../visits/desk.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { holdsPlaceSql, type VisitRow } from '../visits/store.ts';

/** When the list goes, Springfield wall-clock time. */
export const MORNING_LIST_TIME = '06:30';

/** Until when a late firing still sends the day's list (a server started at 9 sends it then). */
const LATEST = '12:00';

/**
 * The Springfield day whose list is due at `at`: from 6:30 to noon of that day, else null. Netlify
 * fires at 11:30 and 12:30 UTC, which is 6:30 in daylight time and in standard time respectively;
 * the other firing finds the list sent (or not yet due, at 5:30).
 */
export function dueDay(at: Date): string | null {
  const day = businessToday(at);
  const from = businessTimeToUtc(day, MORNING_LIST_TIME);
  const until = businessTimeToUtc(day, LATEST);
  return at >= from && at < until ? day : null;
}

/** What happened when the list was looked at. */
export type MorningListOutcome = 'not-due' | 'no-owner' | 'already-sent' | 'empty' | 'queued';

/** The list of `day`: its visits still to do in route order, those to confirm, the plan visits overdue, the leads since the last list. */
export async function readMorningList(db: Db, day: string): Promise<MorningList> {
  const visits = (await listVisits(db, day, day, null)).filter(
    (v) => v.status === 'requested' || v.status === 'confirmed',
  );
  const [confirm] = await db.query<{ n: number; proposed: number }>(
    `select count(*)::int as n, count(proposed_start)::int as proposed from visits
     where status = 'requested' and day >= $1`,
    [day],
  );
  const overdue = await db.query<
    Pick<VisitRow, 'customer_name' | 'customer_email' | 'phone' | 'service' | 'options' | 'plan_visit_no'> & {
      due_date: string;
    }
  >(
    `select customer_name, customer_email, phone, service, options, plan_visit_no, due_date from visits
     where due_date is not null and due_date < $1 and ${holdsPlaceSql()}
     order by due_date, created_at`,
    [day],
  );
  // Since the last list was stored, both stamped by the database's real time (the embedded clock
  // moves the day, not the rows' stamps); the last day for the first list.
  const rows = await db.query<{ kind: MorningLead['kind']; payload: Record<string, unknown> }>(
    `select kind, payload from public.leads
     where kind <> 'order' and created_at > coalesce(
       (select max(created_at) from public.mail_outbox where kind = 'morning-list'), now() - interval '1 day')
     order by created_at`,
  );
  const field = (payload: Record<string, unknown>, ...names: string[]) =>
    names.map((n) => payload[n]).find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';
  return {
    day,
    visits,
    toConfirm: confirm?.n ?? 0,
    proposedUnanswered: confirm?.proposed ?? 0,
    overdue: overdue.map((row) => ({
      name: row.customer_name?.trim() || row.customer_email,
      phone: row.phone,
      service: visitService(row),
      dueDate: row.due_date,
    })),
    leads: rows.map(({ kind, payload }) => ({
      kind,
      name: field(payload, 'name', 'fullName', 'firstName'),
      phone: field(payload, 'phone'),
      email: field(payload, 'email'),
    })),
  };
}

/** Sends the day's morning list if it is due and not yet sent (docs/product/emails.md#morning-list). */
export async function sendMorningList(db: Db, at: Date = clockNow()): Promise<MorningListOutcome> {
  const day = dueDay(at);
  if (!day) return 'not-due';
  const to = ownerEmails();
  if (to.length === 0) return 'no-owner';
  const key = `morning-list:${day}`;
  const [sent] = await db.query('select 1 from public.mail_outbox where idempotency_key = $1', [key]);
  if (sent) return 'already-sent';
  const list = await readMorningList(db, day);
  if (!hasNews(list)) return 'empty';
  await queueMail(db, key, 'morning-list', { to: to.join(', '), ...morningListMail(list, publicOrigin()) });
  announceMailQueued();
  return 'queued';
}
