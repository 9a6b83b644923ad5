/**
 * The link of the owner's calendar feed (docs/product/calendar-feed.md#the-owner-apis-calendar-link):
 * `GET /api/owner/calendar-url` -> `{ url }`, made on the first call; `POST` -> `{ url }`, a new
 * link, the old one refused from now on. The owner's live session only: 401, 403 otherwise.
 */
import type { CalendarUrlAnswer } from '../src/features/owner/calendar-link.ts';
import { calendarFeedUrl, calendarToken, replaceCalendarToken } from './_lib/owner/calendar-feed.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json } from './_lib/platform/http.ts';

export default handler(['GET', 'POST'], async (req) => {
  await requireOwner(req);
  const db = await getDb();
  const token = req.method === 'POST' ? await replaceCalendarToken(db) : await calendarToken(db);
  return json({ url: calendarFeedUrl(siteOrigin(req), token) } satisfies CalendarUrlAnswer);
});

export const config = { path: '/api/owner/calendar-url' };
