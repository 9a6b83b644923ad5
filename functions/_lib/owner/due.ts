/**
 * The owner's list of customers due again (docs/product/due-again.md#the-owners-list): the booking
 * visits done still due again (notices/due-again.ts dueVisits: the latest per customer and service,
 * not booked again since, no live plan) whose due day is within the next `within` days or past,
 * soonest first, with when the reminder and the follow-up were queued. `GET /api/owner/due` and
 * `GET /api/owner/export/due.csv` both read it here.
 */
import type { DueCustomer } from '../../../src/features/visits/owner-api.ts';
import { DUE_WITHIN_DEFAULT, DUE_WITHIN_MAX } from '../../../src/features/visits/due-again.ts';
import { addDays, businessToday } from '../../../src/lib/dates.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { dueVisits, serviceWords } from '../notices/due-again.ts';

/** The refusal of a `within` that is not a number of days the list covers. */
export const WITHIN_MESSAGE = `within must be a whole number of days from 1 to ${DUE_WITHIN_MAX}`;

/** The days of `?within=`: 30 when absent or empty; a 400 naming `within` for anything but 1 to 365. */
export function withinDays(value: string | null): number {
  if (value === null || value === '') return DUE_WITHIN_DEFAULT;
  if (!/^\d{1,3}$/.test(value)) throw new HttpError(400, WITHIN_MESSAGE);
  const days = Number(value);
  if (days < 1 || days > DUE_WITHIN_MAX) throw new HttpError(400, WITHIN_MESSAGE);
  return days;
}

/** The customers due again within `within` days of the site's today at `at`, or overdue, soonest first. */
export async function dueCustomers(db: Db, within: number, at: Date): Promise<DueCustomer[]> {
  const rows = await dueVisits(db, at, { from: null, to: addDays(businessToday(at), within) });
  return rows.map((row) => ({
    customer: { name: row.customer_name?.trim() || null, email: row.customer_email, phone: row.phone },
    service: serviceWords(row.service),
    serviceType: row.service,
    dueDate: row.due_again,
    lastVisit: businessToday(new Date(row.completed_at)),
    remindedAt: row.reminded_at ? new Date(row.reminded_at).toISOString() : null,
    followedUpAt: row.followed_up_at ? new Date(row.followed_up_at).toISOString() : null,
    visitId: row.id,
  }));
}
