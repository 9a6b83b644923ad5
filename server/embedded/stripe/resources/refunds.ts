/**
 * `/v1/refunds` and `/v1/payment_intents/:id`: a card payment refunded in full or in part, at most
 * what it received. As Stripe does, each refund sends `charge.refunded` (the charge with its
 * cumulative `amount_refunded`, `refunded` once nothing is left) and `refund.created`. Test-mode
 * refunds succeed at once.
 */
import type Stripe from 'stripe';
import type { ApiCall } from '../call.ts';
import { buildCharge } from '../charges.ts';
import { StripeError, invalidParam, missingParam, noSuch } from '../errors.ts';
import { recordEvent } from '../events.ts';
import { newId } from '../ids.ts';
import { previousAttributes } from '../ledger.ts';
import { metadata, optionalEnum, optionalInteger, optionalString, rejectUnknown } from '../params.ts';
import { load, save, textOr, type StripeObject } from '../store.ts';

/** GET /v1/payment_intents/:id */
export async function retrievePaymentIntent({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand', 'client_secret']);
  const stored = await load(db, 'payment_intent', id);
  if (!stored) throw noSuch('payment_intent', id, 'intent');
  return stored.data;
}

/** GET /v1/refunds/:id */
export async function retrieveRefund({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const stored = await load(db, 'refund', id);
  if (!stored) throw noSuch('refund', id, 'refund');
  return stored.data;
}

/** POST /v1/refunds */
export async function createRefund({ db, params, now, request }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  if (params['charge'] !== undefined) {
    throw invalidParam('charge', 'The Stripe emulator refunds by payment_intent only.');
  }
  const intentId = optionalString(params['payment_intent'], 'payment_intent', 255);
  if (!intentId) throw missingParam('payment_intent');
  const stored = await load(db, 'payment_intent', intentId, true);
  if (!stored) throw noSuch('payment_intent', intentId, 'payment_intent', 400);
  const intent = stored.data;
  const received = Number(intent['amount_received'] ?? 0);
  const refunded = Number(stored.private['refunded'] ?? 0);
  const charge = textOr(intent['latest_charge'], '');
  if (refunded >= received) {
    throw new StripeError(400, 'invalid_request_error', `Charge ${charge} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = optionalInteger(params['amount'], 'amount', 1, 99_999_999) ?? received - refunded;
  if (amount > received - refunded) {
    throw invalidParam(
      'amount',
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((received - refunded) / 100).toFixed(2)})`,
      'amount_too_large',
    );
  }
  const refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge,
    created: now,
    currency: textOr(intent['currency'], 'usd'),
    customer: typeof intent['customer'] === 'string' ? intent['customer'] : null,
    customer_account: null,
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: metadata(params['metadata'], 'metadata'),
    payment_intent: intent.id,
    payment_method: typeof intent['payment_method'] === 'string' ? intent['payment_method'] : null,
    reason:
      optionalEnum(params['reason'], 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies Stripe.Refund;
  await save(db, refund);
  await save(db, intent, { ...stored.private, refunded: refunded + amount });
  // A payment made before charges were kept has none stored: it is made from its payment intent.
  const before =
    (await load(db, 'charge', charge, true))?.data ?? buildCharge(intent, null, { email: null, name: null });
  const after: StripeObject = {
    ...before,
    amount_refunded: refunded + amount,
    refunded: refunded + amount >= received,
  };
  await save(db, after);
  await recordEvent(db, 'charge.refunded', after, {
    created: now,
    previous: previousAttributes(before, after, ['amount_refunded', 'refunded']),
    request,
  });
  await recordEvent(db, 'refund.created', refund, { created: now, request });
  return refund;
}
