/**
 * `/v1/checkout/sessions`: create (modes payment and subscription), retrieve, list (by customer,
 * status or subscription) and expire. A session past `expires_at` expires on its own, with the
 * `checkout.session.expired` event Stripe sends.
 */
import type { ApiCall, ListObject } from '../call.ts';
import { invalidParam, noSuch, StripeError } from '../errors.ts';
import { recordEvent, type EventRequest } from '../events.ts';
import { newId } from '../ids.ts';
import {
  metadata,
  optionalBoolean,
  optionalEnum,
  optionalHash,
  optionalInteger,
  optionalList,
  optionalString,
  optionalUrl,
  rejectUnknown,
} from '../params.ts';
import { CHECKOUT_PREFIX } from '../paths.ts';
import { linePriceIds, parseLineItems, type LineItem } from '../prices.ts';
import { loadKnownPrices } from './prices.ts';
import { list, load, save, type StripeObject } from '../store.ts';
import type { Db } from '../../../../functions/_lib/platform/db.ts';

/** A Checkout Session as stored: the API object plus its line items and sub-object metadata. */
export interface SessionState {
  session: StripeObject & {
    mode: 'payment' | 'subscription';
    status: 'open' | 'complete' | 'expired';
    customer: string | null;
    customer_email: string | null;
    success_url: string | null;
    cancel_url: string | null;
    expires_at: number;
    amount_total: number;
    currency: string;
    metadata: Record<string, string>;
  };
  lineItems: LineItem[];
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

const DAY = 24 * 60 * 60;

const ALLOWED = [
  'mode',
  'line_items',
  'customer',
  'customer_email',
  'customer_creation',
  'client_reference_id',
  'metadata',
  'subscription_data',
  'payment_intent_data',
  'success_url',
  'cancel_url',
  'expires_at',
  'locale',
  'ui_mode',
  'payment_method_types',
  'custom_text',
  'invoice_creation',
  'expand',
];

/** The invoice data a post-purchase invoice is made with (Stripe's `invoice_creation.invoice_data`). */
export interface InvoiceData {
  account_tax_ids: null;
  custom_fields: null;
  description: string | null;
  footer: string | null;
  issuer: null;
  metadata: Record<string, string>;
  rendering_options: null;
}

/**
 * `invoice_creation` (payment mode only): whether a paid session makes a post-purchase invoice,
 * and its description, footer and metadata (the other fields of `invoice_data` are not emulated).
 */
function invoiceCreation(
  value: Parameters<typeof optionalHash>[0],
  mode: 'payment' | 'subscription',
): { enabled: boolean; invoice_data: InvoiceData } | null {
  const hash = optionalHash(value, 'invoice_creation');
  if (hash && mode !== 'payment') {
    throw invalidParam('invoice_creation', '`invoice_creation` can only be used in `payment` mode.');
  }
  if (mode !== 'payment') return null;
  if (hash) rejectUnknown(hash, ['enabled', 'invoice_data'], 'invoice_creation');
  const enabled = optionalBoolean(hash?.['enabled'], 'invoice_creation[enabled]');
  if (hash && enabled === undefined) {
    throw invalidParam(
      'invoice_creation[enabled]',
      'Missing required param: invoice_creation[enabled].',
      'parameter_missing',
    );
  }
  const data = optionalHash(hash?.['invoice_data'], 'invoice_creation[invoice_data]');
  if (data) rejectUnknown(data, ['description', 'footer', 'metadata'], 'invoice_creation[invoice_data]');
  return {
    enabled: enabled ?? false,
    invoice_data: {
      account_tax_ids: null,
      custom_fields: null,
      description: optionalString(data?.['description'], 'invoice_creation[invoice_data][description]', 1500) ?? null,
      footer: optionalString(data?.['footer'], 'invoice_creation[invoice_data][footer]', 5000) ?? null,
      issuer: null,
      metadata: metadata(data?.['metadata'], 'invoice_creation[invoice_data][metadata]'),
      rendering_options: null,
    },
  };
}

/** `custom_text`: the submit message (Stripe's limit, 1200 characters); other positions are not emulated. */
function customText(value: Parameters<typeof optionalHash>[0]): { submit: { message: string } | null } {
  const hash = optionalHash(value, 'custom_text');
  if (!hash) return { submit: null };
  rejectUnknown(hash, ['submit'], 'custom_text');
  const submit = optionalHash(hash['submit'], 'custom_text[submit]');
  if (!submit) return { submit: null };
  rejectUnknown(submit, ['message'], 'custom_text[submit]');
  const message = optionalString(submit['message'], 'custom_text[submit][message]', 1200);
  if (!message)
    throw invalidParam(
      'custom_text[submit][message]',
      'Missing required param: custom_text[submit][message].',
      'parameter_missing',
    );
  return { submit: { message } };
}

/** POST /v1/checkout/sessions */
export async function createCheckoutSession({ db, params, now, origin }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ALLOWED);
  const mode = optionalEnum(params['mode'], 'mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw invalidParam('mode', 'Missing required param: mode.', 'parameter_missing');
  if (mode === 'setup') throw invalidParam('mode', 'The Stripe emulator supports modes payment and subscription only.');
  optionalEnum(params['ui_mode'], 'ui_mode', ['hosted_page', 'hosted'] as const);
  const methods = optionalList(params['payment_method_types'], 'payment_method_types');
  if (methods?.some((m) => m !== 'card')) {
    throw invalidParam('payment_method_types', 'The Stripe emulator accepts card payments only.');
  }
  const known = await loadKnownPrices(db, linePriceIds(params['line_items']));
  const lineItems = parseLineItems(params['line_items'], mode, now, known);

  const customerId = optionalString(params['customer'], 'customer', 255) ?? null;
  const customerEmail = optionalString(params['customer_email'], 'customer_email', 800) ?? null;
  if (customerId && customerEmail) {
    throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  }
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
  }
  if (customerId && !(await load(db, 'customer', customerId))) throw noSuch('customer', customerId, 'customer', 400);
  const customerCreation = optionalEnum(params['customer_creation'], 'customer_creation', [
    'always',
    'if_required',
  ] as const);
  if (customerCreation && mode !== 'payment') {
    throw invalidParam('customer_creation', '`customer_creation` can only be used in `payment` mode.');
  }

  const subscriptionData = optionalHash(params['subscription_data'], 'subscription_data');
  if (subscriptionData && mode !== 'subscription') {
    throw invalidParam('subscription_data', 'You can only pass `subscription_data` in `subscription` mode.');
  }
  if (subscriptionData) rejectUnknown(subscriptionData, ['metadata', 'description'], 'subscription_data');
  const paymentIntentData = optionalHash(params['payment_intent_data'], 'payment_intent_data');
  if (paymentIntentData && mode !== 'payment') {
    throw invalidParam('payment_intent_data', 'You can not pass `payment_intent_data` in `subscription` mode.');
  }
  if (paymentIntentData)
    rejectUnknown(paymentIntentData, ['metadata', 'description', 'receipt_email'], 'payment_intent_data');

  const invoicing = invoiceCreation(params['invoice_creation'], mode);

  const expiresAt = optionalInteger(params['expires_at'], 'expires_at', 0, 4_102_444_800) ?? now + DAY;
  if (expiresAt < now + 30 * 60 || expiresAt > now + DAY) {
    throw invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
  }

  const id = newId('cs_test');
  const total = lineItems.reduce((sum, item) => sum + item.amount, 0);
  const session: SessionState['session'] = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: optionalUrl(params['cancel_url'], 'cancel_url') ?? null,
    client_reference_id: optionalString(params['client_reference_id'], 'client_reference_id', 200) ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: lineItems[0]?.price.currency ?? 'usd',
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: customText(params['custom_text']).submit,
      terms_of_service_acceptance: null,
    },
    customer: customerId,
    customer_creation: customerId ? null : (customerCreation ?? (mode === 'subscription' ? 'always' : 'if_required')),
    customer_details: null,
    customer_email: customerEmail,
    discounts: [],
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: invoicing,
    livemode: false,
    locale: optionalString(params['locale'], 'locale', 10) ?? null,
    metadata: metadata(params['metadata'], 'metadata'),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === 'subscription' ? 'always' : 'if_required',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: optionalUrl(params['success_url'], 'success_url') ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${origin}${CHECKOUT_PREFIX}/${id}`,
  };
  const state: Omit<SessionState, 'session'> = {
    lineItems,
    subscriptionMetadata: metadata(subscriptionData?.['metadata'], 'subscription_data[metadata]'),
    paymentIntentMetadata: metadata(paymentIntentData?.['metadata'], 'payment_intent_data[metadata]'),
  };
  await save(db, session, state);
  return session;
}

/** Expires an open session: no payment is possible after; records `checkout.session.expired`. */
export async function expireSession(
  db: Db,
  session: SessionState['session'],
  now: number,
  request?: EventRequest,
): Promise<SessionState['session']> {
  const expired: SessionState['session'] = { ...session, status: 'expired', url: null };
  await save(db, expired);
  await recordEvent(db, 'checkout.session.expired', expired, { created: now, ...(request ? { request } : {}) });
  return expired;
}

/** A session with its private state, expired (with its event) once past `expires_at`; null if unknown. */
export async function loadSession(db: Db, id: string, now: number, forUpdate = false): Promise<SessionState | null> {
  let stored = await load<SessionState['session']>(db, 'checkout.session', id, forUpdate);
  if (!stored) return null;
  if (stored.data.status === 'open' && stored.data.expires_at <= now) {
    // Locked and read again, so two readers cannot both expire it (and send two events).
    stored = forUpdate ? stored : await load<SessionState['session']>(db, 'checkout.session', id, true);
    if (stored?.data.status === 'open') stored = { ...stored, data: await expireSession(db, stored.data, now) };
  }
  if (!stored) return null;
  return { ...(stored.private as unknown as Omit<SessionState, 'session'>), session: stored.data };
}

/** GET /v1/checkout/sessions/:id */
export async function retrieveCheckoutSession({ db, id, now, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const state = await loadSession(db, id, now);
  if (!state) throw noSuch('checkout.session', id, 'session');
  return state.session;
}

/** GET /v1/checkout/sessions?customer=...&status=...&subscription=...&payment_intent=... (newest first) */
export async function listCheckoutSessions({ db, params, now }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['customer', 'status', 'subscription', 'payment_intent', 'limit', 'expand', 'created']);
  const limit = optionalInteger(params['limit'], 'limit', 1, 100) ?? 10;
  const customer = optionalString(params['customer'], 'customer', 255);
  const subscription = optionalString(params['subscription'], 'subscription', 255);
  const paymentIntent = optionalString(params['payment_intent'], 'payment_intent', 255);
  const status = optionalEnum(params['status'], 'status', ['open', 'complete', 'expired'] as const);
  const rows = await list<SessionState['session']>(db, 'checkout.session', {
    ...(customer === undefined ? {} : { customer }),
    limit: 10_000,
  });
  const sessions: StripeObject[] = [];
  for (const row of rows) {
    // Each read brings a session up to date, so a list never shows one open past its expiry.
    const session = (await loadSession(db, row.data.id, now))?.session ?? row.data;
    if (status !== undefined && session.status !== status) continue;
    if (subscription !== undefined && session['subscription'] !== subscription) continue;
    if (paymentIntent !== undefined && session['payment_intent'] !== paymentIntent) continue;
    sessions.push(session);
  }
  return {
    object: 'list',
    data: sessions.slice(0, limit),
    has_more: sessions.length > limit,
    url: '/v1/checkout/sessions',
  };
}

/** POST /v1/checkout/sessions/:id/expire */
export async function expireCheckoutSession({ db, id, now, params, request }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const state = await loadSession(db, id, now, true);
  if (!state) throw noSuch('checkout.session', id, 'session');
  if (state.session.status !== 'open') {
    throw new StripeError(
      400,
      'invalid_request_error',
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${state.session.status}\`.`,
    );
  }
  return expireSession(db, state.session, now, request);
}
