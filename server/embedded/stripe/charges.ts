/**
 * Card payments as Stripe records them: every payment intent that succeeds has one charge (its
 * `latest_charge`), carrying the payment intent's id, the card's details and, once refunded in
 * full or in part, the cumulative `amount_refunded`. The charge is what `charge.refunded` sends.
 */
import type Stripe from 'stripe';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { buildPaymentIntent } from './billing.ts';
import type { CardOnFile } from './resources/customers.ts';
import { load, save, textOr, type StripeObject } from './store.ts';

/** The card a payment was made with, as the charge describes it. */
export interface ChargedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Who paid, as the charge's billing details say. */
export interface Payer {
  email: string | null;
  name: string | null;
}

/** A succeeded card charge for `intent` (a payment intent made by buildPaymentIntent). */
export function buildCharge(intent: StripeObject, card: ChargedCard | null, payer: Payer): StripeObject {
  const amount = Number(intent['amount_received'] ?? 0);
  const charge = {
    id: textOr(intent['latest_charge'], ''),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: payer.email, name: payer.name, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: Number(intent['created']),
    currency: textOr(intent['currency'], 'usd'),
    customer: typeof intent['customer'] === 'string' ? intent['customer'] : null,
    description: typeof intent['description'] === 'string' ? intent['description'] : null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: { ...(intent['metadata'] as Record<string, string> | undefined) },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: intent.id,
    payment_method: typeof intent['payment_method'] === 'string' ? intent['payment_method'] : null,
    payment_method_details: card
      ? {
          card: {
            amount_authorized: amount,
            authorization_code: null,
            brand: card.brand,
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
            country: 'US',
            electronic_commerce_indicator: null,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            funding: 'credit',
            installments: null,
            last4: card.last4,
            mandate: null,
            network: card.brand,
            network_transaction_id: null,
            regulated_status: 'unregulated',
            three_d_secure: null,
            transaction_link_id: null,
            wallet: null,
          },
          type: 'card',
        }
      : null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
  return charge;
}

/**
 * The card behind a payment method id: a payment method object the API made (a test card
 * attached), else the card the customer keeps on file from a checkout.
 */
export async function cardFor(db: Db, paymentMethod: string, onFile?: CardOnFile): Promise<ChargedCard | null> {
  const stored = paymentMethod ? await load(db, 'payment_method', paymentMethod) : null;
  const card = stored?.data['card'] as
    { brand: string; last4: string; exp_month: number; exp_year: number } | undefined;
  if (card) return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  return onFile
    ? { brand: onFile.brand, last4: onFile.last4, expMonth: onFile.expMonth, expYear: onFile.expYear }
    : null;
}

/** Saves a succeeded payment: its payment intent and the charge it made. */
export async function savePayment(
  db: Db,
  input: Parameters<typeof buildPaymentIntent>[0] & { card: ChargedCard | null; payer: Payer },
): Promise<StripeObject> {
  const intent = buildPaymentIntent(input);
  await save(db, intent);
  await save(db, buildCharge(intent, input.card, input.payer));
  return intent;
}
