/**
 * The owner's calendar feed (docs/product/calendar-feed.md#calendar-feed): the one link's token in
 * `owner_calendar`, made on the first ask and replaced on a new one, and the feed itself, every visit
 * still to do from today on as an iCalendar event written by the customers' calendar module, so each
 * entry carries the UID, times and status of the customer's own file.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { visitCalendarUid, visitEvent, writeCalendar } from '../../../src/features/mail/calendar.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import type { VisitFacts } from '../../../src/features/mail/visit-messages.ts';
import { deskPath } from '../../../src/features/visits/desk-link.ts';
import { VISIT_WINDOWS } from '../../../src/features/visits/windows.ts';
import { formatClock } from '../../../src/lib/dates.ts';
import { SITE } from '../../../src/site.ts';
import { factsOf } from '../notices/visit-facts.ts';
import type { Db } from '../platform/db.ts';
import { holdsPlaceSql, SELECT_VISITS, type VisitWithOrder } from '../visits/store.ts';

/** The feed's path; its link adds `?t=<token>` (docs/product/calendar-feed.md#the-link). */
export const CALENDAR_FEED_PATH = '/api/calendar';

/** What a link that is not the current one answers, with 404. */
export const CALENDAR_LINK_INVALID =
  'This calendar link is not valid: show the current one on the desk, under Export, Calendar feed.';

/** What a token of ours looks like: 32 random bytes in base64url. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's link for `token` on the site at `origin`. */
export function calendarFeedUrl(origin: string, token: string): string {
  return `${origin}${CALENDAR_FEED_PATH}?t=${token}`;
}

const newToken = () => randomBytes(32).toString('base64url');

/** The link's token, made on the first ask (two first asks at once keep one). */
export async function calendarToken(db: Db): Promise<string> {
  await db.query('insert into owner_calendar (id, token) values (true, $1) on conflict (id) do nothing', [newToken()]);
  const [row] = await db.query<{ token: string }>('select token from owner_calendar where id');
  if (!row) throw new Error('The calendar link was not kept');
  return row.token;
}

/** A new token in place of the old one, which is refused from now on. */
export async function replaceCalendarToken(db: Db): Promise<string> {
  const [row] = await db.query<{ token: string }>(
    `insert into owner_calendar (id, token) values (true, $1)
     on conflict (id) do update set token = excluded.token, created_at = now()
     returning token`,
    [newToken()],
  );
  if (!row) throw new Error('The calendar link was not kept');
  return row.token;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `token` is the link's current token, compared in constant time. */
export async function isCalendarToken(db: Db, token: string): Promise<boolean> {
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return false;
  const [row] = await db.query<{ token: string }>('select token from owner_calendar where id');
  return row !== undefined && timingSafeEqual(digest(row.token), digest(token));
}

/** The visits still to do (requested or confirmed) from `today` on. */
export async function feedVisits(db: Db, today: string): Promise<VisitWithOrder[]> {
  return db.query<VisitWithOrder>(`${SELECT_VISITS} where v.day >= $1 and ${holdsPlaceSql('v')}`, [today]);
}

/** When a visit's entry starts, for the feed's order: its confirmed start, else its window's. */
const startOf = (row: VisitWithOrder) => `${row.day} ${row.start_time ?? VISIT_WINDOWS[row.time_window].start}`;

/** The entry's description, one fact a line (docs/product/calendar-feed.md#what-the-feed-holds). */
function description(row: VisitWithOrder, facts: VisitFacts, deskUrl: string): string {
  const when = facts.confirmed
    ? [`Confirmed ${formatClock(facts.confirmed.start)}-${formatClock(facts.confirmed.end)}`]
    : [
        `Requested: ${VISIT_WINDOWS[row.time_window].label}, no time yet`,
        ...(row.proposed_start ? [`Proposed ${formatClock(row.proposed_start)}, no answer yet`] : []),
      ];
  return [
    ...when,
    row.phone.trim() ? `Phone: ${row.phone}` : 'No phone yet',
    `Order ${facts.orderNumber}${row.plan_visit_no === null ? '' : `, plan visit ${row.plan_visit_no}`}`,
    ...(row.notes.trim() ? [`Notes: ${row.notes.trim()}`] : []),
    `Open on the desk: ${deskUrl}`,
  ].join('\n');
}

/**
 * The feed: one calendar with an event per visit, soonest first, each under the UID of the
 * customer's file; a second visit of one plan to do under its own (`<order>-<visit number>`), so
 * neither hides the other. `origin` is the site's, for the desk's links.
 */
export function calendarFeed(rows: readonly VisitWithOrder[], origin: string): string {
  const used = new Set<string>();
  const events = [...rows]
    .sort((a, b) => startOf(a).localeCompare(startOf(b)) || a.id.localeCompare(b.id))
    .map((row) => {
      const facts = factsOf(row, {});
      let uid = visitCalendarUid(facts.orderNumber);
      if (used.has(uid)) uid = visitCalendarUid(`${facts.orderNumber}-${row.plan_visit_no ?? row.id}`);
      used.add(uid);
      const deskUrl = `${origin}${deskPath({ visit: row.id })}`;
      return {
        ...visitEvent(facts, uid),
        title: `${visitService(row)} – ${row.customer_name?.trim() || row.customer_email}`,
        description: description(row, facts, deskUrl),
        url: deskUrl,
      };
    });
  return writeCalendar(events, { calName: `${SITE.name} visits` });
}
