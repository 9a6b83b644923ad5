/** POST /api/customer-portal: a link to the card provider's billing portal for the user -> {url}. */
import type Stripe from 'stripe';
import { requireLiveSession } from './_lib/platform/auth.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { findCustomerId } from './_lib/payments/customers.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json } from './_lib/platform/http.ts';
import { providerFailure, stripeClient } from './_lib/platform/stripe.ts';

export default handler(['POST'], async (req) => {
  const user = await requireLiveSession(req);
  const db = await getDb();
  const customer = await findCustomerId(db, user.id);
  if (!customer) {
    throw new HttpError(404, 'No billing account yet: subscribe to a plan or book a service first.');
  }
  let session: Stripe.BillingPortal.Session;
  try {
    session = await stripeClient().billingPortal.sessions.create({
      customer,
      return_url: `${siteOrigin(req)}/account`,
    });
  } catch (error) {
    throw providerFailure('create billing portal session', error);
  }
  return json({ url: session.url });
});

export const config = { path: '/api/customer-portal' };
