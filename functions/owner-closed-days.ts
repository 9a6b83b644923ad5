/**
 * The closed days (docs/product/desk.md#owner-api): `GET /api/owner/closed-days` lists the coming year's
 * holidays and the owner's closed days; `POST {date, reason}` closes a day; `DELETE
 * /api/owner/closed-days/{date}` opens one the owner closed. The owner's live session only.
 */
import { addDays, businessToday, dayProblem } from '../src/lib/dates.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { closedDayRequest, type ClosedDaysAnswer } from '../src/features/visits/owner-api.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { closedDays } from './_lib/visits/capacity.ts';

export default handler(['GET', 'POST', 'DELETE'], async (req, context) => {
  const owner = await requireOwner(req);
  const db = await getDb();
  const date = context.params?.['date'];
  if (req.method === 'POST') {
    if (date) throw new HttpError(405, 'POST {date, reason} to /api/owner/closed-days');
    const parsed = closedDayRequest.safeParse(await readJsonObject(req));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    if (parsed.data.date < businessToday(now())) throw new HttpError(400, 'date must be today or later');
    await db.query(
      `insert into closed_days (day, reason, created_by) values ($1, $2, $3)
       on conflict (day) do update set reason = excluded.reason, created_by = excluded.created_by`,
      [parsed.data.date, parsed.data.reason, owner.email],
    );
  } else if (req.method === 'DELETE') {
    if (!date) throw new HttpError(400, 'DELETE /api/owner/closed-days/{YYYY-MM-DD}');
    const problem = dayProblem('date', date);
    if (problem) throw new HttpError(400, problem);
    const removed = await db.query('delete from closed_days where day = $1 returning day', [date]);
    if (removed.length === 0) throw new HttpError(404, 'That day is not one you closed.');
  }
  const today = businessToday(now());
  const closed = await closedDays(db, today, addDays(today, 365));
  const answer: ClosedDaysAnswer = {
    closed: [...closed]
      .map(([day, { reason, source }]) => ({ date: day, reason, source }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
  return json(answer);
});

export const config = { path: ['/api/owner/closed-days', '/api/owner/closed-days/:date'] };
