/**
 * Netlify only (a scheduled function, every minute): relays the stored leads that are due to the
 * automation webhooks, for at most 20 s of the run's 30. Netlify keeps no process running
 * between requests; the Node server runs the same outbox continuously instead and does not mount
 * this module.
 */
import { getDb } from './_lib/db.ts';
import { handler } from './_lib/http.ts';
import { drainOutbox } from './_lib/outbox.ts';

/** How long one run may spend sending; Netlify stops a scheduled function after 30 s. */
export const DRAIN_BUDGET_MS = 20_000;

// Netlify starts a scheduled run with a POST carrying {next_run}, which this run does not need.
export default handler(['POST'], async () => {
  await drainOutbox({ db: await getDb() }, DRAIN_BUDGET_MS);
  return new Response(null, { status: 204 });
});

export const config = { schedule: '* * * * *' };
