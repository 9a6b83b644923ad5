/**
 * Review requests (docs/product/emails.md#review-requests): the day after a visit is marked done, from
 * 10 AM Springfield time, one e-mail with the business's review link (REVIEW_URL) to every
 * customer alike, never filtered by rating or mood (FTC 16 CFR 465.7, Google's review policy).
 * Once per visit (the mail outbox key `review-request:<visit id>`); none while REVIEW_URL is unset;
 * none to an address that unsubscribed (mail.ts drops it: it is a marketing e-mail). Run by the
 * visit schedule (plan-visits.ts runVisitSchedule): hourly, and at each move of the embedded clock.
 */
import { reviewRequestMail } from '../../../src/features/mail/review-request.ts';
import { addDays, businessTimeToUtc, businessToday } from '../../../src/lib/dates.ts';
import { now as clockNow } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { announceMailQueued, queueMail } from '../platform/mail.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import type { VisitRow } from '../visits/store.ts';

/** When the request goes, Springfield wall-clock time, on the day after the visit was done. */
export const REVIEW_REQUEST_TIME = '10:00';

/** How long after its time a late schedule still sends a request; older visits are never asked about. */
export const REVIEW_REQUEST_LATEST_DAYS = 7;

const DAY_MS = 86_400_000;

/** The business's review link, when set (config-check.ts refuses anything but an https:// link). */
export function reviewUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env['REVIEW_URL'] || undefined;
}

/** When a visit done at `completedAt` gets its request: 10 AM Springfield time the next day. */
export function reviewRequestDueAt(completedAt: Date): Date {
  return businessTimeToUtc(addDays(businessToday(completedAt), 1), REVIEW_REQUEST_TIME);
}

/** Whether the request of a visit done at `completedAt` is due at `at` (and not too late to send). */
export function isReviewRequestDue(completedAt: Date, at: Date): boolean {
  const due = reviewRequestDueAt(completedAt);
  return at >= due && at.getTime() < due.getTime() + REVIEW_REQUEST_LATEST_DAYS * DAY_MS;
}

/** Queues the review requests due at `at` not yet sent; how many were queued. */
export async function sendReviewRequests(db: Db, at: Date = clockNow()): Promise<number> {
  const link = reviewUrl();
  if (!link) return 0;
  // Done within the window (a day and a half of slack for the time zone), not yet asked about.
  const since = new Date(at.getTime() - (REVIEW_REQUEST_LATEST_DAYS + 2) * DAY_MS);
  const rows = await db.query<
    Pick<VisitRow, 'id' | 'customer_name' | 'customer_email' | 'service' | 'options' | 'plan_visit_no' | 'day'> & {
      completed_at: Date;
    }
  >(
    `select v.id, v.customer_name, v.customer_email, v.service, v.options, v.plan_visit_no, v.day, v.completed_at
     from visits v
     where v.status = 'done' and v.completed_at is not null and v.completed_at >= $1 and v.customer_email <> ''
       and not exists (select 1 from public.mail_outbox m where m.idempotency_key = 'review-request:' || v.id::text)
     order by v.completed_at`,
    [since],
  );
  let queued = 0;
  for (const row of rows) {
    if (!isReviewRequestDue(new Date(row.completed_at), at)) continue;
    const mail = reviewRequestMail({
      name: row.customer_name?.trim() || null,
      service: visitService(row),
      day: row.day,
      reviewUrl: link,
    });
    const to = row.customer_email;
    if (await db.transaction((tx) => queueMail(tx, `review-request:${row.id}`, 'review-request', { to, ...mail }))) {
      queued += 1;
    }
  }
  if (queued > 0) announceMailQueued();
  return queued;
}
