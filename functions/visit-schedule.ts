/**
 * Netlify only (a scheduled function, every hour): the site's schedule for visits
 * (docs/product.md#plan-visits): each live plan makes the visits that became owed, and the owner is
 * told of the unconfirmed ones due within 7 days (visit.due); the review requests of the visits done
 * the day before go out (docs/product.md#review-requests). Netlify keeps no
 * process running between requests; the Node server runs the same schedule on a timer (and, in the
 * embedded default, at each advance of the clock) and does not mount this module.
 */
import { getDb } from './_lib/db.ts';
import { handler } from './_lib/http.ts';
import { runVisitSchedule } from './_lib/plan-visits.ts';

// Netlify starts a scheduled run with a POST carrying {next_run}, which this run does not need.
export default handler(['POST'], async () => {
  await runVisitSchedule(await getDb());
  return new Response(null, { status: 204 });
});

export const config = { schedule: '@hourly' };
