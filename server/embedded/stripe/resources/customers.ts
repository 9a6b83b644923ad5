/** `/v1/customers`: create, retrieve, and list (optionally by e-mail); and the card a customer keeps on file. */
import type { ApiCall, ListObject } from '../call.ts';
import { noSuch } from '../errors.ts';
import type { AcceptedCard } from '../hosted/card.ts';
import { newId } from '../ids.ts';
import { metadata, optionalInteger, optionalString, rejectUnknown } from '../params.ts';
import { list, load, save, type StripeObject } from '../store.ts';

/** The card on file of a customer (the emulator's private state; the portal shows it). */
export interface CardOnFile {
  id: string;
  brand: AcceptedCard['brand'];
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A customer object with Stripe's fields. */
export function customerObject(fields: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  phone?: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
}): StripeObject {
  return {
    id: fields.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_prefix: fields.id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** POST /v1/customers */
export async function createCustomer({ db, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['email', 'name', 'phone', 'description', 'metadata', 'expand']);
  const customer = customerObject({
    id: newId('cus'),
    created: now,
    email: optionalString(params['email'], 'email', 512) ?? null,
    name: optionalString(params['name'], 'name', 256) ?? null,
    phone: optionalString(params['phone'], 'phone', 20) ?? null,
    description: optionalString(params['description'], 'description', 350) ?? null,
    metadata: metadata(params['metadata'], 'metadata'),
  });
  await save(db, customer);
  return customer;
}

/** GET /v1/customers/:id */
export async function retrieveCustomer({ db, id }: ApiCall): Promise<StripeObject> {
  const stored = await load(db, 'customer', id);
  if (!stored) throw noSuch('customer', id, 'id');
  return stored.data;
}

/** GET /v1/customers?email=...&limit=... */
export async function listCustomers({ db, params }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['email', 'limit', 'expand']);
  const limit = optionalInteger(params['limit'], 'limit', 1, 100) ?? 10;
  const email = optionalString(params['email'], 'email', 512);
  const rows = await list(db, 'customer', { ...(email === undefined ? {} : { email }), limit: limit + 1 });
  return {
    object: 'list',
    data: rows.slice(0, limit).map((r) => r.data),
    has_more: rows.length > limit,
    url: '/v1/customers',
  };
}
