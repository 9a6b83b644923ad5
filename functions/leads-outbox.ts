/**
 * Netlify only (a scheduled function, every minute): tries again the second plans whose settlement
 * is due (docs/product.md#one-live-plan-per-customer), then relays the stored leads and owner events that
 * are due to the automation webhooks, and the e-mails to SMTP_URL, for at most 20 s of the run's 30. Netlify keeps no process running
 * between requests; the Node server runs the same outbox continuously instead and does not mount
 * this module.
 */
import { getDb } from './_lib/db.ts';
import { handler } from './_lib/http.ts';
import { mailQueue } from './_lib/mail.ts';
import { settleDuePlans } from './_lib/one-plan.ts';
import { drainOutbox } from './_lib/outbox.ts';
import { stripeClient } from './_lib/stripe.ts';

/** How long one run may spend sending; Netlify stops a scheduled function after 30 s. */
export const DRAIN_BUDGET_MS = 20_000;

// Netlify starts a scheduled run with a POST carrying {next_run}, which this run does not need.
export default handler(['POST'], async () => {
  const db = await getDb();
  // Without payments configured there is nothing to settle (and no client to settle it with).
  if (process.env['STRIPE_SECRET_KEY']) await settleDuePlans(db, stripeClient);
  // Half the budget each: the leads and owner events, then the e-mails.
  await drainOutbox({ db }, DRAIN_BUDGET_MS / 2);
  await drainOutbox({ db, queue: mailQueue(process.env, db) }, DRAIN_BUDGET_MS / 2);
  return new Response(null, { status: 204 });
});

export const config = { schedule: '* * * * *' };
