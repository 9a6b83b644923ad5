/**
 * GET /api/availability: the bookable days (tomorrow through three weeks, Sundays left out) with
 * each window's places and the closed days, for the booking card (docs/product/visits.md#capacity-and-closed-days),
 * and whether texts are on, for its consent box (docs/product/texts.md#consent).
 * Public: it names no one, only how many places are taken.
 */
import { bookableDays } from '../src/features/visits/windows.ts';
import type { AvailabilityAnswer } from '../src/features/visits/capacity.ts';
import { businessToday } from '../src/lib/dates.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json } from './_lib/platform/http.ts';
import { closedDays, placesTaken, visitsPerWindow } from './_lib/visits/capacity.ts';
import { textsConfigured } from './_lib/texts/queue.ts';

export default handler(['GET'], async () => {
  const db = await getDb();
  const days = bookableDays(businessToday(now()));
  const first = days[0]?.date ?? businessToday(now());
  const last = days.at(-1)?.date ?? first;
  const [capacity, closed, taken] = await Promise.all([
    visitsPerWindow(db),
    closedDays(db, first, last),
    placesTaken(db, first, last),
  ]);
  const answer: AvailabilityAnswer = {
    capacity,
    days: days.map((day) => ({
      date: day.date,
      closed: closed.get(day.date)?.reason ?? null,
      windows: Object.fromEntries(
        day.windows.map((window) => {
          const booked = taken.get(`${day.date} ${window}`) ?? 0;
          return [window, { booked, full: booked >= capacity }];
        }),
      ),
    })),
    texts: textsConfigured(),
  };
  return json(answer);
});

export const config = { path: '/api/availability' };
