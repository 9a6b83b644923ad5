/**
 * POST /api/stripe-webhook: events from the card provider, verified against STRIPE_WEBHOOK_SECRET
 * with the SDK on the raw body, each applied exactly once (its id is recorded in the same
 * transaction as its effects). Events we do not act on are acknowledged at once. After the
 * transaction, the event's own subscription, if it is a second live plan, is cancelled and refunded
 * (docs/product/plans.md#one-live-plan-per-customer); a failure there is kept for the site's own retry
 * and never fails this delivery or any other.
 */
import Stripe from 'stripe';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, json, readLimited, serverHandler } from './_lib/platform/http.ts';
import { announceLeadsStored } from './_lib/leads/leads.ts';
import { announceMailQueued } from './_lib/platform/mail.ts';
import { announceTextQueued } from './_lib/texts/queue.ts';
import { applyEvent, HANDLED_EVENTS } from './_lib/payments/events.ts';
import { settleDuplicatePlan } from './_lib/payments/one-plan.ts';
import { refundDuplicateExtras } from './_lib/payments/extras.ts';
import { priceCatalogue } from './_lib/plans/prices.ts';
import { receiptUrlOf } from './_lib/payments/receipts.ts';
import { eventProblem, eventSubscriptionId } from './_lib/payments/provider-objects.ts';
import { stripeClient, webhookSecret } from './_lib/platform/stripe.ts';
import { assertSaneEvent } from './_lib/platform/webhook-event-guard.ts';

const MAX_EVENT_BYTES = 512 * 1024;

export default serverHandler(['POST'], async (req) => {
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  const secret = webhookSecret();
  const payload = await readLimited(req, MAX_EVENT_BYTES);
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    throw new HttpError(400, "Invalid Stripe-Signature: the event is not signed with this endpoint's secret");
  }
  if (!HANDLED_EVENTS.has(event.type)) return json({ received: true });
  // Signed but not what its type promises: refused whole (the provider retries), never half-applied.
  assertSaneEvent(event);
  const problem = eventProblem(event);
  if (problem) throw new HttpError(400, `Event ${String(event.id)}: ${problem}`);

  // The booking e-mail's receipt link, read before the transaction (docs/product/emails.md#receipts).
  const receiptUrl = await receiptUrlOf(event, stripeClient);
  const db = await getDb();
  const catalogue = priceCatalogue();
  const applied = await db.transaction(async (tx) => {
    const fresh = await tx.query(
      'insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id',
      [event.id, event.type],
    );
    if (fresh.length === 0) return false;
    await applyEvent(tx, event, catalogue, { receiptUrl });
    return true;
  });
  // What the event queued (e-mails, owner events) is committed now: wake the outboxes.
  if (applied) {
    announceMailQueued();
    announceTextQueued();
    announceLeadsStored();
  }
  // Also on a duplicate delivery, which may find the plan's settlement still pending. Only this
  // event's plan: a failure is recorded and retried by the site, never answered as an error.
  const subscriptionId = eventSubscriptionId(event);
  if (subscriptionId) await settleDuplicatePlan(db, stripeClient, subscriptionId);
  // A second payment of one pay link is refunded at once (docs/product/extras.md#paid); a failure is
  // left for the schedule's retry (refundDuplicateExtras logs it), never answered as an error.
  const payRequest = payRequestCheckout(event);
  if (payRequest) await refundDuplicateExtras(db, stripeClient, payRequest);
  return json({ received: true, duplicate: !applied });
});

/** The checkout of a pay request that an event completes, or null. */
function payRequestCheckout(event: Stripe.Event): string | null {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return null;
  }
  const session = event.data.object;
  return session.metadata?.['pay_request_id'] ? session.id : null;
}

export const config = { path: '/api/stripe-webhook' };
