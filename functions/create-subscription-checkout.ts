/**
 * POST /api/create-subscription-checkout {planType}: a hosted checkout for a monthly Autopilot
 * plan, billed to the user's customer, with a pending order recorded -> {url}.
 */
import type Stripe from 'stripe';
import { getPlan } from '../src/features/plans/plans.ts';
import { SUBSCRIPTION_MONTHLY_CENTS } from '../src/features/checkout/pricing.ts';
import { subscriptionCheckoutRequest } from '../src/features/checkout/requests.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { requireLiveSession } from './_lib/auth.ts';
import { siteOrigin } from './_lib/config.ts';
import { findOrCreateCustomerId } from './_lib/customers.ts';
import { getDb } from './_lib/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/http.ts';
import { recordPendingOrder } from './_lib/orders.ts';
import { createCheckoutSession, paymentSuccessUrl, planPriceId, stripeClient } from './_lib/stripe.ts';
import { subscriptionAnswer, type SubscriptionRow } from './_lib/subscription-status.ts';

export default handler(['POST'], async (req) => {
  const user = await requireLiveSession(req);
  const parsed = subscriptionCheckoutRequest.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const plan = parsed.data.planType;

  const db = await getDb();
  const rows = await db.query<SubscriptionRow>(
    'select tier, status, current_period_end from subscriptions where user_id = $1',
    [user.id],
  );
  // A second subscription would bill the customer twice for the same visits.
  if (subscriptionAnswer(rows, new Date()).subscribed) {
    throw new HttpError(409, 'You already have an active Autopilot plan. Manage it from your account.');
  }

  const stripe = stripeClient();
  const customer = await findOrCreateCustomerId(db, stripe, user);
  const origin = siteOrigin(req);
  const priceId = planPriceId(plan);
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
    ? { price: priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: SUBSCRIPTION_MONTHLY_CENTS[plan],
          recurring: { interval: 'month' },
          product_data: { name: getPlan(plan).name },
        },
      };
  const metadata = { user_id: user.id, plan };
  const session = await createCheckoutSession(
    stripe,
    {
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [lineItem],
      metadata,
      subscription_data: { metadata },
      success_url: paymentSuccessUrl(origin),
      cancel_url: `${origin}${getPlan(plan).href}`,
    },
    'create subscription checkout',
  );

  await recordPendingOrder(db, {
    sessionId: session.id,
    userId: user.id,
    kind: 'subscription',
    item: plan,
    options: {},
    amountCents: session.amount_total ?? SUBSCRIPTION_MONTHLY_CENTS[plan],
  });
  return json({ url: session.url });
});

export const config = { path: '/api/create-subscription-checkout' };
