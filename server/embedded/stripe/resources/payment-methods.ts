/**
 * `/v1/payment_methods`: retrieve, and attach to a customer, including Stripe's test payment
 * methods (`pm_card_visa`, `pm_card_mastercard`, and `pm_card_chargeCustomerFail`, the card
 * 4000 0000 0000 0341 that attaches but whose charges fail), so a test can make a plan's renewal
 * fail as it would with Stripe: attach it and make it the subscription's default payment method.
 */
import type { ApiCall } from '../call.ts';
import { StripeError, noSuch } from '../errors.ts';
import { newId } from '../ids.ts';
import { rejectUnknown, requiredString } from '../params.ts';
import { load, save, type StripeObject } from '../store.ts';

/** A test payment method: its card, and whether charging it fails. */
interface TestCard {
  brand: 'visa' | 'mastercard';
  last4: string;
  failsCharges: boolean;
}

/** Stripe's test PaymentMethod ids this emulator knows (docs.stripe.com/testing). */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', failsCharges: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', failsCharges: false },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', failsCharges: true },
};

/** A card payment method object. */
function paymentMethodObject(id: string, card: TestCard, customer: string, now: number): StripeObject {
  const expYear = new Date(now * 1000).getUTCFullYear() + 3;
  return {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: 12,
      exp_year: expYear,
      fingerprint: `fp_${card.last4}`,
      funding: 'credit',
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      wallet: null,
    },
    created: now,
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

/** Whether charging the payment method `id` fails (only the failing test card's does). */
export async function chargeFails(db: ApiCall['db'], id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || id === '') return false;
  const stored = await load(db, 'payment_method', id);
  return stored?.private['failsCharges'] === true;
}

/** GET /v1/payment_methods/:id */
export async function retrievePaymentMethod({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const stored = await load(db, 'payment_method', id);
  if (!stored) throw noSuch('PaymentMethod', id, 'payment_method');
  return stored.data;
}

/** POST /v1/payment_methods/:id/attach {customer}: a test id makes a new payment method, as Stripe does. */
export async function attachPaymentMethod({ db, id, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['customer', 'expand']);
  const customer = requiredString(params['customer'], 'customer', 255);
  if (!(await load(db, 'customer', customer))) throw noSuch('customer', customer, 'customer', 400);
  const test = Object.hasOwn(TEST_PAYMENT_METHODS, id) ? TEST_PAYMENT_METHODS[id] : undefined;
  if (test) {
    const created = paymentMethodObject(newId('pm'), test, customer, now);
    await save(db, created, { failsCharges: test.failsCharges });
    return created;
  }
  const stored = await load(db, 'payment_method', id, true);
  if (!stored) throw noSuch('PaymentMethod', id, 'payment_method');
  const owner = stored.data['customer'];
  if (owner === customer) return stored.data;
  if (owner) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'The payment method you provided has already been attached to a customer.',
      { code: 'payment_method_unexpected_state' },
    );
  }
  const attached = { ...stored.data, customer };
  await save(db, attached);
  return attached;
}
