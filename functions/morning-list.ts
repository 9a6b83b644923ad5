/**
 * Netlify only (a scheduled function): the owner's morning list at 6:30 Springfield time
 * (docs/product.md#morning-list). Netlify's schedules are in UTC, so it fires at 11:30 and 12:30
 * UTC, one of which is 6:30 in Springfield whether daylight time is on or not; the list goes when it
 * is due and once per day (functions/_lib/morning-list.ts). The Node server runs the same check
 * itself and does not mount this module.
 */
import { getDb } from './_lib/db.ts';
import { handler } from './_lib/http.ts';
import { sendMorningList } from './_lib/morning-list.ts';

// Netlify starts a scheduled run with a POST carrying {next_run}, which this run does not need.
export default handler(['POST'], async () => {
  await sendMorningList(await getDb());
  return new Response(null, { status: 204 });
});

export const config = { schedule: '30 11,12 * * *' };
