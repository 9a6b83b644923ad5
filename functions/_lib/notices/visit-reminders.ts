/**
 * The visit reminder (docs/product/emails.md#visit-reminder): from 5 PM Springfield time until midnight,
 * one e-mail to the customer of each of the next day's visits still on (requested or confirmed),
 * once per visit and day (the mail outbox key `visit-reminder:<visit>:<day>`), however often the
 * schedule fires. Run by the same schedule as the morning list: functions/visit-reminders.ts on
 * Netlify, the Node server's timer and, in the embedded default, each move of the clock.
 */
import { visitReminderMail } from '../../../src/features/mail/visit-messages.ts';
import { addDays, businessTimeToUtc, businessToday } from '../../../src/lib/dates.ts';
import { now as clockNow } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { announceMailQueued, queueMail } from '../platform/mail.ts';
import { factsOf } from './visit-facts.ts';
import { textVisitEvent } from './visit-texts.ts';
import { announceTextQueued } from '../texts/queue.ts';
import { holdsPlaceSql, SELECT_VISITS, type VisitWithOrder } from '../visits/store.ts';

/** When the reminders go, Springfield wall-clock time, the day before the visit. */
export const REMINDER_TIME = '17:00';

/** The day whose visits are reminded at `at`: tomorrow, from 5 PM to midnight; else null. */
export function reminderDay(at: Date): string | null {
  const today = businessToday(at);
  return at >= businessTimeToUtc(today, REMINDER_TIME) ? addDays(today, 1) : null;
}

/** Queues the reminders due at `at` and not yet queued; answers how many were queued now. */
export async function sendVisitReminders(db: Db, at: Date = clockNow()): Promise<number> {
  const day = reminderDay(at);
  if (!day) return 0;
  const visits = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.day = $1 and ${holdsPlaceSql('v')} and v.customer_email <> ''
     and not exists (select 1 from public.mail_outbox m where m.idempotency_key = 'visit-reminder:' || v.id || ':' || $1)
     order by v.created_at`,
    [day],
  );
  for (const visit of visits) {
    // The e-mail and the text (docs/product/texts.md#what-is-texted) stored together.
    await db.transaction(async (tx) => {
      await queueMail(tx, `visit-reminder:${visit.id}:${day}`, 'visit-reminder', {
        to: visit.customer_email,
        ...visitReminderMail(factsOf(visit, {})),
      });
      await textVisitEvent(tx, 'visit-reminder', visit);
    });
  }
  if (visits.length > 0) {
    announceMailQueued();
    announceTextQueued();
  }
  return visits.length;
}
