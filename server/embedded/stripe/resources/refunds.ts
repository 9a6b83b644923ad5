/**
 * `/v1/refunds` and `/v1/payment_intents/:id`: a card payment refunded in full or in part, at most
 * what it received, with the `refund.created` event. Test-mode refunds succeed at once.
 */
import type { ApiCall } from '../call.ts';
import { StripeError, invalidParam, missingParam, noSuch } from '../errors.ts';
import { recordEvent } from '../events.ts';
import { newId } from '../ids.ts';
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
  const refund: StripeObject = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge,
    created: now,
    currency: intent['currency'],
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: metadata(params['metadata'], 'metadata'),
    payment_intent: intent.id,
    reason:
      optionalEnum(params['reason'], 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  await save(db, refund);
  await save(db, intent, { ...stored.private, refunded: refunded + amount });
  await recordEvent(db, 'refund.created', refund, { created: now, request });
  return refund;
}
