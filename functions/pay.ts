/**
 * The pay link of extras (docs/product/extras.md#the-pay-link): `GET /api/pay?t=<link>[&session_id=cs_…]`
 * reads the pay request the link names, with its visit and the tips offered (back from the hosted
 * checkout, that checkout is asked for first, so a late webhook never keeps the customer waiting);
 * `POST /api/pay` with `{ t, tip }` starts the hosted checkout of exactly the stored lines and the
 * tip computed here -> `{ url }`. A link works without a session, for its pay request only: 400 for
 * an altered link, 410 for an expired one, in words /pay shows.
 */
import * as z from 'zod/mini';
import { TIP_MAX_CENTS, TIP_PERCENTS, tipCents, tipChoice, type PayAnswer } from '../src/features/extras/extras.ts';
import { visitService } from '../src/features/mail/describe.ts';
import { visitAddress } from '../src/features/visits/windows.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { ALTERED_TEXT, EXPIRED_TEXT } from '../src/features/extras/pay-view.ts';
import { now } from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { announceLeadsStored } from './_lib/leads/leads.ts';
import { announceMailQueued } from './_lib/platform/mail.ts';
import { stripeClient } from './_lib/platform/stripe.ts';
import {
  checkReturnedCheckout,
  findPayRequest,
  payRequestView,
  refundDuplicateExtras,
  refundedOf,
  startPayCheckout,
  type PayRequestRow,
} from './_lib/payments/extras.ts';
import { readPayLink } from './_lib/payments/pay-links.ts';
import { findVisit } from './_lib/visits/store.ts';
import { visitLinkSecret } from './_lib/visits/links.ts';

/** The body of POST /api/pay (exported for the bad-input suite): the link and the tip; any amount sent is ignored. */
export const payRequestBody = z.object({
  t: z.string('t must be the link').check(z.maxLength(2000, 't is too long')),
  tip: tipChoice,
});

/** The pay request a link names; 400 altered, 410 expired, 404 when it names none. */
async function requestOfLink(db: Db, token: string): Promise<PayRequestRow> {
  const secret = visitLinkSecret();
  if (!secret) throw new HttpError(400, ALTERED_TEXT);
  const check = readPayLink(token, secret, now());
  if (!check.ok) {
    if (check.problem === 'expired') throw new HttpError(410, EXPIRED_TEXT);
    throw new HttpError(400, ALTERED_TEXT);
  }
  const request = await findPayRequest(db, check.claims.payRequestId);
  if (!request) throw new HttpError(400, ALTERED_TEXT);
  return request;
}

async function answerOf(db: Db, request: PayRequestRow): Promise<PayAnswer> {
  const visit = await findVisit(db, request.visit_id);
  return {
    payRequest: payRequestView(request, await refundedOf(db, request)),
    visit: { service: visitService(visit), date: visit.day, address: visitAddress(visit) },
    tips: TIP_PERCENTS.map((percent) => ({
      percent,
      cents: tipCents(request.amount_cents, { kind: 'percent', percent }),
    })),
    tipMaxCents: TIP_MAX_CENTS,
  };
}

export default handler(['GET', 'POST'], async (req) => {
  const db = await getDb();
  if (req.method === 'GET') {
    const url = new URL(req.url);
    let request = await requestOfLink(db, url.searchParams.get('t') ?? '');
    const sessionId = url.searchParams.get('session_id');
    if (sessionId && request.status === 'unpaid' && /^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) {
      await checkReturnedCheckout(db, stripeClient(), request.id, sessionId);
      // A second payment of the link, recorded just now, is refunded at once (docs/product/extras.md#paid).
      await refundDuplicateExtras(db, stripeClient, sessionId);
      announceMailQueued();
      announceLeadsStored();
      request = (await findPayRequest(db, request.id)) ?? request;
    }
    return json(await answerOf(db, request), 200, { 'Cache-Control': 'no-store' });
  }
  const parsed = payRequestBody.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const request = await requestOfLink(db, parsed.data.t);
  const origin = siteOrigin(req);
  const back = `${origin}/pay?t=${encodeURIComponent(parsed.data.t)}`;
  const url = await startPayCheckout(db, stripeClient(), {
    requestId: request.id,
    tipCents: tipCents(request.amount_cents, parsed.data.tip),
    successUrl: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
  });
  return json({ url }, 200, { 'Cache-Control': 'no-store' });
});

export const config = { path: '/api/pay' };
