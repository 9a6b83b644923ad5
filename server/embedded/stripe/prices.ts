/**
 * Prices, products and the line items of a Checkout Session: a price is either one of the
 * account's own (`line_items[i][price]`, made with POST /v1/prices, as a dashboard price is) or an
 * inline `price_data` (one-time or recurring), validated with Stripe's messages.
 */
import { invalidParam, missingParam, noSuch } from './errors.ts';
import type { Params } from './form.ts';
import { newId } from './ids.ts';
import {
  metadata,
  optionalEnum,
  optionalHash,
  optionalInteger,
  optionalList,
  optionalString,
  paramName,
  rejectUnknown,
  requiredString,
} from './params.ts';
import type { StripeObject } from './store.ts';

/** A billing interval of a recurring price. */
export type Interval = 'day' | 'week' | 'month' | 'year';

/** The recurring part of a price. */
export interface Recurring {
  interval: Interval;
  interval_count: number;
  meter: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

/** A price object (Stripe's shape). */
export interface Price extends StripeObject {
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  metadata: Record<string, string>;
  recurring: Recurring | null;
  type: 'one_time' | 'recurring';
}

/** A price of the account with its product's name and description, for line items and pages. */
export interface KnownPrice {
  price: Price;
  productName: string;
  productDescription: string | null;
}

/** One line of a session, kept privately for the hosted page and the subscription it creates. */
export interface LineItem extends KnownPrice {
  quantity: number;
  amount: number;
}

/** "month", "3 months", "year": what one billing period of a recurring price is. */
export function intervalText(recurring: Pick<Recurring, 'interval' | 'interval_count'>): string {
  return recurring.interval_count > 1 ? `${recurring.interval_count} ${recurring.interval}s` : recurring.interval;
}

/** "per month", "every 3 months", "per year", as Stripe's hosted pages write a price's period. */
export function periodText(recurring: Pick<Recurring, 'interval' | 'interval_count'>): string {
  return recurring.interval_count > 1 ? `every ${intervalText(recurring)}` : `per ${recurring.interval}`;
}

/** A price object with Stripe's fields. */
export function priceObject(fields: {
  id?: string;
  created: number;
  currency: string;
  unitAmount: number;
  product: string;
  recurring: Pick<Recurring, 'interval' | 'interval_count'> | null;
  active?: boolean;
  lookupKey?: string | null;
  nickname?: string | null;
  metadata?: Record<string, string>;
}): Price {
  return {
    id: fields.id ?? newId('price'),
    object: 'price',
    active: fields.active ?? true,
    billing_scheme: 'per_unit',
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring
      ? { ...fields.recurring, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** The `currency` parameter: three letters, lower-cased as Stripe stores it. */
export function parseCurrency(value: string | Params | undefined, name: string): string {
  const currency = requiredString(value, name, 3).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(name, `Invalid currency: ${currency}`);
  return currency;
}

/** The `recurring` hash of a price: an interval and at most a year's worth of them. */
export function parseRecurring(
  value: string | Params | undefined,
  name: string,
): Pick<Recurring, 'interval' | 'interval_count'> | null {
  const data = optionalHash(value, name);
  if (!data) return null;
  rejectUnknown(data, ['interval', 'interval_count', 'usage_type'], name);
  const interval = optionalEnum(data['interval'], paramName(name, 'interval'), [
    'day',
    'week',
    'month',
    'year',
  ] as const);
  if (!interval) throw missingParam(paramName(name, 'interval'));
  const count = optionalInteger(data['interval_count'], paramName(name, 'interval_count'), 1, 365) ?? 1;
  const days = { day: 1, week: 7, month: 31, year: 366 }[interval] * count;
  if (days > 3 * 366) {
    throw invalidParam(
      paramName(name, 'interval_count'),
      'The maximum billing interval is 3 years (36 months or 156 weeks).',
    );
  }
  return { interval, interval_count: count };
}

/** The `product_data` hash: the name (and description) of a product made with the price. */
export function parseProductData(data: Params, base: string): { name: string; description: string | null } {
  rejectUnknown(data, ['name', 'description', 'metadata', 'images', 'tax_code', 'unit_label', 'active'], base);
  const name = requiredString(data['name'], paramName(base, 'name'), 250);
  const description = optionalString(data['description'], paramName(base, 'description'), 5000) ?? null;
  metadata(data['metadata'], paramName(base, 'metadata'));
  return { name, description };
}

function priceFromData(data: Params, base: string, created: number): KnownPrice {
  rejectUnknown(data, ['currency', 'unit_amount', 'product', 'product_data', 'recurring', 'tax_behavior'], base);
  const currency = parseCurrency(data['currency'], paramName(base, 'currency'));
  const unitAmount = optionalInteger(data['unit_amount'], paramName(base, 'unit_amount'), 0, 99_999_999);
  if (unitAmount === undefined) throw missingParam(paramName(base, 'unit_amount'));
  const productId = optionalString(data['product'], paramName(base, 'product'));
  // Inline prices here name their product inline; a catalogue product goes through `price`.
  if (productId !== undefined) throw noSuch('product', productId, paramName(base, 'product'), 400);
  const productData = optionalHash(data['product_data'], paramName(base, 'product_data'));
  if (!productData) throw missingParam(paramName(base, 'product_data'));
  const { name, description } = parseProductData(productData, paramName(base, 'product_data'));
  const recurring = parseRecurring(data['recurring'], paramName(base, 'recurring'));
  // An inline price belongs to this one session: it is not active in the catalogue.
  const price = priceObject({ created, currency, unitAmount, product: newId('prod'), recurring, active: false });
  return { price, productName: name, productDescription: description };
}

/** The price ids that `line_items` names, so the caller can look them up before parsing. */
export function linePriceIds(value: string | Params | undefined): string[] {
  const list = optionalList(value, 'line_items') ?? [];
  return list.flatMap((entry) =>
    typeof entry !== 'string' && typeof entry['price'] === 'string' && entry['price'] !== '' ? [entry['price']] : [],
  );
}

/**
 * Validates `line_items` for a session in `mode`; throws Stripe's errors naming the field. `known`
 * holds the account's prices that the items name by id.
 */
export function parseLineItems(
  value: string | Params | undefined,
  mode: 'payment' | 'subscription',
  created: number,
  known: ReadonlyMap<string, KnownPrice> = new Map(),
): LineItem[] {
  const list = optionalList(value, 'line_items');
  if (!list || list.length === 0) throw missingParam('line_items');
  if (list.length > 100) throw invalidParam('line_items', 'Invalid line_items: at most 100 line items are allowed');
  const items = list.map((entry, index): LineItem => {
    const base = `line_items[${index}]`;
    if (typeof entry === 'string') throw invalidParam(base, `Invalid object: ${base} must be a hash`);
    rejectUnknown(entry, ['price', 'price_data', 'quantity', 'adjustable_quantity', 'tax_rates'], base);
    const priceId = optionalString(entry['price'], paramName(base, 'price'));
    const data = optionalHash(entry['price_data'], paramName(base, 'price_data'));
    if (priceId !== undefined && data) {
      throw invalidParam(base, `You may only specify one of these parameters: price, price_data.`);
    }
    const quantity = optionalInteger(entry['quantity'], paramName(base, 'quantity'), 1, 999_999);
    if (quantity === undefined) throw missingParam(paramName(base, 'quantity'));
    let found: KnownPrice;
    if (priceId !== undefined) {
      const stored = known.get(priceId);
      if (!stored) throw noSuch('price', priceId, paramName(base, 'price'), 400);
      if (!stored.price.active) {
        throw invalidParam(
          paramName(base, 'price'),
          `The price specified is inactive. This field only accepts active prices.`,
        );
      }
      found = stored;
    } else {
      if (!data) throw missingParam(paramName(base, 'price_data'));
      found = priceFromData(data, paramName(base, 'price_data'), created);
    }
    if (mode === 'payment' && found.price.recurring) {
      throw invalidParam(
        paramName(base, priceId === undefined ? 'price_data' : 'price'),
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    return { ...found, quantity, amount: found.price.unit_amount * quantity };
  });
  const currency = items[0]?.price.currency;
  if (items.some((item) => item.price.currency !== currency)) {
    throw invalidParam('line_items', 'All line items must have the same currency.');
  }
  if (mode === 'subscription') {
    const recurring = items.filter((item) => item.price.recurring);
    if (recurring.length === 0) {
      throw invalidParam(
        'line_items',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    }
    const first = recurring[0]?.price.recurring;
    if (
      recurring.some(
        (i) =>
          i.price.recurring?.interval !== first?.interval ||
          i.price.recurring?.interval_count !== first?.interval_count,
      )
    ) {
      throw invalidParam(
        'line_items',
        'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.',
      );
    }
  }
  return items;
}
