/**
 * POST /api/create-subscription-checkout {planType, billingPeriod?, planRequestId?}: a hosted
 * checkout for an Autopilot plan paid monthly (the default), every 3 months or yearly, at the
 * price the plan pages show (docs/product/plans.md#billing-periods), billed to the user's customer, with
 * a pending order recorded -> {url}. A customer with a live plan gets 409 and the way to change it
 * (docs/product/plans.md#one-live-plan-per-customer); any other subscription checkout the customer still
 * has open is expired first, so two tabs cannot pay for two plans. The plan request the customer
 * sent from the plan page becomes the plan's visit details (docs/product/plans.md#plan-visit-details),
 * and its texts' consent box, ticked while texts are on, the plan's consent (docs/product/texts.md#consent).
 */
import Stripe from 'stripe';
import { subscriptionPriceCents } from '../src/features/plans/prices.ts';
import { subscriptionCheckoutRequest } from '../src/features/plans/checkout-request.ts';
import { getPlan } from '../src/features/plans/plans.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { SITE } from '../src/site.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { findOrCreateCustomerId } from './_lib/payments/customers.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { recordPendingOrder } from './_lib/payments/orders.ts';
import { planRequestDetails, writePlanDetails } from './_lib/plans/details.ts';
import { planLineItem, planPriceMismatches } from './_lib/plans/prices.ts';
import { createCheckoutSession, paymentSuccessUrl, providerFailure, stripeClient } from './_lib/platform/stripe.ts';
import { setPlanConsent } from './_lib/texts/consents.ts';
import { toE164 } from './_lib/texts/phone.ts';
import { textsConfigured } from './_lib/texts/queue.ts';
import { PLAN_CONSENT_WORDING } from '../src/features/texts/consent.ts';
import { planRows, RETRYING_STATUSES, subscriptionAnswer } from './_lib/plans/subscription-status.ts';

/** The 409 of docs/product/plans.md#one-live-plan-per-customer, shown beside the Subscribe buttons. */
export const PLAN_ALREADY_LIVE = 'You already have an active Autopilot plan. Manage it from your account.';

/** The 409 for a customer whose plan's renewal payment failed and is still being collected. */
export const PLAN_PAYMENT_DUE =
  "Your Autopilot plan's last payment did not go through. Update your card with Change plan or Manage billing on your account page, and the plan continues.";

/** The 503 when the dashboard price differs from the price the plan pages show. */
export const PLAN_PRICE_UNAVAILABLE = `Autopilot plans cannot be paid online right now. Please call us at ${SITE.phone.display}.`;

/**
 * Expires the customer's open subscription checkouts recorded before `keep` (one already paid or
 * gone is left alone), in the order our orders table recorded them: two created at the same
 * instant would otherwise each expire the other, and the provider's creation time (whole
 * seconds) cannot order two requests of one second (docs/product/plans.md#one-live-plan-per-customer).
 * A checkout with no order recorded yet is another request still under way, which will expire
 * this one if it comes later; one created outside the site goes if it was created earlier.
 */
async function expireOlderSubscriptionCheckouts(
  db: Db,
  stripe: Stripe,
  customer: string,
  keep: Pick<Stripe.Checkout.Session, 'created' | 'id'>,
): Promise<void> {
  let sessions: Stripe.Checkout.Session[];
  try {
    sessions = (await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 })).data;
  } catch (error) {
    throw providerFailure('list open checkouts', error);
  }
  const others = sessions.filter((session) => session.mode === 'subscription' && session.id !== keep.id);
  if (others.length === 0) return;
  const recorded = new Map(
    (
      await db.query<{ checkout_session_id: string; id: string }>(
        'select checkout_session_id, id::text from orders where checkout_session_id = any($1::text[])',
        [[keep.id, ...others.map((session) => session.id)]],
      )
    ).map((row) => [row.checkout_session_id, BigInt(row.id)]),
  );
  const mine = recorded.get(keep.id);
  for (const session of others) {
    const theirs = recorded.get(session.id);
    const older =
      theirs !== undefined && mine !== undefined
        ? theirs < mine
        : theirs === undefined && session.created < keep.created;
    if (!older) continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      // Paid or expired since it was listed: the webhook handler keeps one plan if it was paid.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
      throw providerFailure('expire an open checkout', error);
    }
  }
}

export default handler(['POST'], async (req) => {
  const user = await requireLiveSession(req);
  const parsed = subscriptionCheckoutRequest.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const { planType: plan, billingPeriod: period, planRequestId } = parsed.data;

  const db = await getDb();
  const request = planRequestId ? await planRequestDetails(db, planRequestId) : null;
  if (planRequestId && !request) {
    throw new HttpError(400, 'planRequestId: no plan request is stored under this id');
  }
  // A second subscription would bill the customer twice for the same visits.
  const rows = await planRows(db, user.id);
  if (subscriptionAnswer(rows, clock.now()).subscribed) throw new HttpError(409, PLAN_ALREADY_LIVE);
  // A plan whose renewal failed is still being collected: paid later, it would be live beside a new
  // one, and the new one refunded as a second plan. Its card is updated in the billing portal.
  if (rows.some((row) => RETRYING_STATUSES.has(row.status))) throw new HttpError(409, PLAN_PAYMENT_DUE);

  const stripe = stripeClient();
  let mismatches: string[];
  try {
    mismatches = await planPriceMismatches(stripe, { plan, period });
  } catch (error) {
    throw providerFailure('read the plan price', error);
  }
  if (mismatches.length > 0) {
    // Never charge other than the page shows: the owner reads why in the log.
    console.error(`Plan price differs from the site's, checkout refused:\n  - ${mismatches.join('\n  - ')}`);
    throw new HttpError(503, PLAN_PRICE_UNAVAILABLE);
  }
  const customer = await findOrCreateCustomerId(db, stripe, user);
  const origin = siteOrigin(req);
  const cents = subscriptionPriceCents(plan, period);
  const metadata: Record<string, string> = {
    user_id: user.id,
    plan,
    billing_period: period,
    ...(planRequestId ? { plan_request_id: planRequestId } : {}),
  };
  const session = await createCheckoutSession(
    stripe,
    {
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [planLineItem({ plan, period })],
      metadata,
      subscription_data: { metadata },
      success_url: paymentSuccessUrl(origin),
      cancel_url: `${origin}${getPlan(plan).href}`,
    },
    'create subscription checkout',
  );
  // The price was checked above; this catches an amount the provider computed otherwise.
  if (session.amount_total !== cents) {
    await stripe.checkout.sessions.expire(session.id).catch(() => {});
    throw providerFailure(
      'create subscription checkout',
      new Error(`session ${session.id} totals ${String(session.amount_total)} cents, the site sells ${cents}`),
    );
  }
  if (request) {
    const { textConsent: ticked = false, ...details } = request.details;
    // Recorded only while texts are on (the box is shown only then), for a phone texts can reach.
    const phone = ticked && textsConfigured() ? toE164(details.phone) : null;
    await db.transaction(async (tx) => {
      await writePlanDetails(tx, user.id, details, planRequestId ?? null);
      // New visit details: the plan's standing consent ends, and the one ticked on the sign-up takes its place.
      await setPlanConsent(
        tx,
        user.id,
        phone ? { phone, email: user.email, userId: user.id, wording: PLAN_CONSENT_WORDING, page: request.page } : null,
      );
    });
  }
  // Recorded before the older checkouts are expired: the order of the records decides which is older.
  await recordPendingOrder(db, {
    sessionId: session.id,
    userId: user.id,
    kind: 'subscription',
    item: plan,
    options: { billingPeriod: period, ...(planRequestId ? { planRequestId } : {}) },
    amountCents: cents,
    // As a booking's: the owner has a name and e-mail even before visit details are given.
    customer: { name: user.name, email: user.email },
  });
  await expireOlderSubscriptionCheckouts(db, stripe, customer, session);
  return json({ url: session.url });
});

export const config = { path: '/api/create-subscription-checkout' };
