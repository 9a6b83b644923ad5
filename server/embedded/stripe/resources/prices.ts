/**
 * `/v1/products` and `/v1/prices`: the account's catalogue, as the dashboard keeps it. Prices are
 * what checkout sells by id (`line_items[i][price]`) and what the billing portal switches between;
 * a lookup key names one price at a time.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import type { ApiCall, ListObject } from '../call.ts';
import { invalidParam, missingParam, noSuch } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  metadata,
  optionalBoolean,
  optionalHash,
  optionalInteger,
  optionalList,
  optionalString,
  rejectUnknown,
} from '../params.ts';
import {
  parseCurrency,
  parseProductData,
  parseRecurring,
  priceObject,
  type KnownPrice,
  type Price,
} from '../prices.ts';
import { list, load, save, textOr, type StripeObject } from '../store.ts';

/** A product object with Stripe's fields. */
export function productObject(fields: {
  id?: string;
  created: number;
  name: string;
  description: string | null;
  metadata?: Record<string, string>;
}): StripeObject {
  return {
    id: fields.id ?? newId('prod'),
    object: 'product',
    active: true,
    created: fields.created,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: fields.created,
    url: null,
  };
}

/** POST /v1/products */
export async function createProduct({ db, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['name', 'description', 'metadata', 'active', 'expand']);
  const { name, description } = parseProductData(
    { name: params['name'] ?? '', description: params['description'] ?? '' },
    '',
  );
  const product = productObject({
    created: now,
    name,
    description,
    metadata: metadata(params['metadata'], 'metadata'),
  });
  await save(db, product);
  return product;
}

/** GET /v1/products/:id */
export async function retrieveProduct({ db, id }: ApiCall): Promise<StripeObject> {
  const stored = await load(db, 'product', id);
  if (!stored) throw noSuch('product', id, 'id');
  return stored.data;
}

/** The account's prices among `ids`, with their products' names, by id. */
export async function loadKnownPrices(db: Db, ids: readonly string[]): Promise<Map<string, KnownPrice>> {
  const found = new Map<string, KnownPrice>();
  for (const id of new Set(ids)) {
    const price = await load<Price>(db, 'price', id);
    if (!price) continue;
    const product = await load(db, 'product', price.data.product);
    found.set(id, {
      price: price.data,
      productName: textOr(product?.data['name'], 'Product'),
      productDescription: typeof product?.data['description'] === 'string' ? product.data['description'] : null,
    });
  }
  return found;
}

async function pricesWithLookupKey(db: Db, key: string): Promise<Price[]> {
  const all = await list<Price>(db, 'price', { limit: 10_000 });
  return all.map((p) => p.data).filter((p) => p.lookup_key === key);
}

/** POST /v1/prices */
export async function createPrice({ db, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, [
    'currency',
    'unit_amount',
    'recurring',
    'product',
    'product_data',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'metadata',
    'active',
    'tax_behavior',
    'expand',
  ]);
  const currency = parseCurrency(params['currency'], 'currency');
  const unitAmount = optionalInteger(params['unit_amount'], 'unit_amount', 0, 99_999_999);
  if (unitAmount === undefined) throw missingParam('unit_amount');
  const recurring = parseRecurring(params['recurring'], 'recurring');
  const productId = optionalString(params['product'], 'product', 255);
  const productData = optionalHash(params['product_data'], 'product_data');
  if (productId && productData) {
    throw invalidParam('product', 'You may only specify one of these parameters: product, product_data.');
  }
  let product: string;
  if (productId) {
    if (!(await load(db, 'product', productId))) throw noSuch('product', productId, 'product', 400);
    product = productId;
  } else {
    if (!productData) throw missingParam('product');
    const { name, description } = parseProductData(productData, 'product_data');
    const made = productObject({
      created: now,
      name,
      description,
      metadata: metadata(productData['metadata'], 'product_data[metadata]'),
    });
    await save(db, made);
    product = made.id;
  }
  const lookupKey = optionalString(params['lookup_key'], 'lookup_key', 200) ?? null;
  const transfer = optionalBoolean(params['transfer_lookup_key'], 'transfer_lookup_key') ?? false;
  if (lookupKey) {
    const holders = await pricesWithLookupKey(db, lookupKey);
    if (holders.length > 0 && !transfer) {
      throw invalidParam(
        'lookup_key',
        `A price (\`${holders[0]?.id ?? ''}\`) already uses that lookup key. Pass \`transfer_lookup_key\` to move it.`,
      );
    }
    for (const holder of holders) await save(db, { ...holder, lookup_key: null });
  }
  const price = priceObject({
    created: now,
    currency,
    unitAmount,
    product,
    recurring,
    active: optionalBoolean(params['active'], 'active') ?? true,
    lookupKey,
    nickname: optionalString(params['nickname'], 'nickname', 250) ?? null,
    metadata: metadata(params['metadata'], 'metadata'),
  });
  await save(db, price);
  return price;
}

/** GET /v1/prices/:id */
export async function retrievePrice({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const stored = await load(db, 'price', id);
  if (!stored) throw noSuch('price', id, 'id');
  return stored.data;
}

/** GET /v1/prices?lookup_keys[]=...&active=...&product=... */
export async function listPrices({ db, params }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['lookup_keys', 'active', 'product', 'type', 'limit', 'expand']);
  const limit = optionalInteger(params['limit'], 'limit', 1, 100) ?? 10;
  const keys = optionalList(params['lookup_keys'], 'lookup_keys')?.map(String);
  const active = optionalBoolean(params['active'], 'active');
  const product = optionalString(params['product'], 'product', 255);
  const all = (await list<Price>(db, 'price', { limit: 10_000 })).map((p) => p.data);
  const matching = all.filter(
    (p) =>
      (keys === undefined || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
      (active === undefined || p.active === active) &&
      (product === undefined || p.product === product),
  );
  return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/prices' };
}
