/**
 * Netlify only (a scheduled function): the visit reminders at 5 PM Springfield time the day before
 * (docs/product.md#visit-reminder). Netlify's schedules are in UTC, so it fires at 22:00 and 23:00
 * UTC, one of which is 5 PM in Springfield whether daylight time is on or not; each reminder goes
 * once (functions/_lib/visit-reminders.ts). The Node server runs the same check itself and does not
 * mount this module.
 */
import { getDb } from './_lib/db.ts';
import { handler } from './_lib/http.ts';
import { sendVisitReminders } from './_lib/visit-reminders.ts';

// Netlify starts a scheduled run with a POST carrying {next_run}, which this run does not need.
export default handler(['POST'], async () => {
  await sendVisitReminders(await getDb());
  return new Response(null, { status: 204 });
});

export const config = { schedule: '0 22,23 * * *' };
