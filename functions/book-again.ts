/**
 * Book again (docs/product/due-again.md#book-again): `GET /api/book-again?t=<token>` reads the visit
 * done a Book again link names -> `{ serviceType, options, visit: { street, city, zip, phone, notes },
 * bookedAgainOn }`, for the service page to fill its booking card as last time; `bookedAgainOn` is
 * the day (Springfield) of the newest paid booking of that service by that customer made since the
 * visit was done, or null. No session: the signed link is the whole authority, for that one visit.
 * 400 for an altered or unknown link, 410 for an expired one, in the words the page shows.
 */
import { BOOK_AGAIN_ALTERED, BOOK_AGAIN_EXPIRED, type BookAgainAnswer } from '../src/features/booking/book-again.ts';
import { businessToday } from '../src/lib/dates.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { HttpError, handler, json } from './_lib/platform/http.ts';
import { bookedSinceSql } from './_lib/notices/due-again.ts';
import { readBookAgainLink } from './_lib/visits/book-again-links.ts';
import { visitLinkSecret } from './_lib/visits/links.ts';
import type { VisitRow } from './_lib/visits/store.ts';

type BookedVisit = Pick<VisitRow, 'id' | 'service' | 'options' | 'street' | 'city' | 'zip' | 'phone' | 'notes'> & {
  booked_again_at: Date | null;
};

/** The visit a link names, with its newest booking of the same service since; 400 altered, 410 expired. */
async function visitOfLink(db: Db, token: string): Promise<BookedVisit> {
  const secret = visitLinkSecret();
  if (!secret) throw new HttpError(400, BOOK_AGAIN_ALTERED);
  const check = readBookAgainLink(token, secret, now());
  if (!check.ok)
    throw new HttpError(
      check.problem === 'expired' ? 410 : 400,
      check.problem === 'expired' ? BOOK_AGAIN_EXPIRED : BOOK_AGAIN_ALTERED,
    );
  const [visit] = await db.query<BookedVisit>(
    `select v.id, v.service, v.options, v.street, v.city, v.zip, v.phone, v.notes,
            (select max(o.created_at) ${bookedSinceSql('v')}) as booked_again_at
     from visits v where v.id = $1 and v.status = 'done' and v.plan_visit_no is null`,
    [check.claims.visitId],
  );
  if (!visit) throw new HttpError(400, BOOK_AGAIN_ALTERED);
  return visit;
}

export default handler(['GET'], async (req) => {
  const token = new URL(req.url).searchParams.get('t') ?? '';
  const visit = await visitOfLink(await getDb(), token.slice(0, 2000));
  const answer: BookAgainAnswer = {
    serviceType: visit.service,
    options: visit.options,
    visit: { street: visit.street, city: visit.city, zip: visit.zip, phone: visit.phone, notes: visit.notes },
    bookedAgainOn: visit.booked_again_at ? businessToday(new Date(visit.booked_again_at)) : null,
  };
  return json(answer, 200, { 'Cache-Control': 'no-store' });
});

export const config = { path: '/api/book-again' };
