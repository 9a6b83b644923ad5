/** POST /api/check-subscription: the signed-in user's plan, read from the subscriptions table. */
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json } from './_lib/platform/http.ts';
import { planRows, subscriptionAnswer } from './_lib/plans/subscription-status.ts';

export default handler(['POST'], async (req) => {
  const user = await requireLiveSession(req);
  const db = await getDb();
  return json(subscriptionAnswer(await planRows(db, user.id), clock.now()));
});

export const config = { path: '/api/check-subscription' };
