/**
 * The owner's Due list (docs/product/due-again.md#the-owners-list): `GET /api/owner/due?within=DAYS`
 * -> `{ due }`, the customers whose service is due again within the next DAYS (1 to 365, default
 * 30) or overdue, soonest first, with when they were reminded and followed up; 400 naming `within`
 * for anything else. The owner's live session only: 401, 403 otherwise.
 */
import type { OwnerDueAnswer } from '../src/features/visits/owner-api.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json } from './_lib/platform/http.ts';
import { dueCustomers, withinDays } from './_lib/owner/due.ts';

export default handler(['GET'], async (req) => {
  await requireOwner(req);
  const within = withinDays(new URL(req.url).searchParams.get('within'));
  const answer: OwnerDueAnswer = { due: await dueCustomers(await getDb(), within, now()) };
  return json(answer);
});

export const config = { path: '/api/owner/due' };
