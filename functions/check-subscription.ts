/** POST /api/check-subscription: the signed-in user's plan, read from the subscriptions table. */
import { requireUser } from './_lib/auth.ts';
import { getDb } from './_lib/db.ts';
import { handler, json } from './_lib/http.ts';
import { subscriptionAnswer, type SubscriptionRow } from './_lib/subscription-status.ts';

export default handler(['POST'], async (req) => {
  const user = await requireUser(req);
  const db = await getDb();
  const rows = await db.query<SubscriptionRow>(
    'select tier, status, current_period_end from subscriptions where user_id = $1',
    [user.id],
  );
  return json(subscriptionAnswer(rows, new Date()));
});

export const config = { path: '/api/check-subscription' };
