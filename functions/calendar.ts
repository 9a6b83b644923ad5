/**
 * The owner's calendar feed (docs/product/calendar-feed.md#what-the-feed-holds):
 * `GET /api/calendar?t=<token>` (and `HEAD`) -> `text/calendar`, every visit still to do from today
 * on, for the owner's calendar app to subscribe to. The token is the whole authority, as an app
 * has no session; one that is missing, malformed, not ours or replaced -> 404 in words. It travels
 * in the query, which no error line names (docs/product/calendar-feed.md#the-link).
 */
import { businessToday } from '../src/lib/dates.ts';
import { CALENDAR_LINK_INVALID, calendarFeed, feedVisits, isCalendarToken } from './_lib/owner/calendar-feed.ts';
import { now } from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, HttpError } from './_lib/platform/http.ts';

export default handler(['GET', 'HEAD'], async (req) => {
  const db = await getDb();
  if (!(await isCalendarToken(db, new URL(req.url).searchParams.get('t') ?? ''))) {
    throw new HttpError(404, CALENDAR_LINK_INVALID, { 'X-Robots-Tag': 'noindex' });
  }
  const feed = calendarFeed(await feedVisits(db, businessToday(now())), siteOrigin(req));
  return new Response(req.method === 'HEAD' ? null : feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="visits.ics"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    },
  });
});

export const config = { path: '/api/calendar' };
