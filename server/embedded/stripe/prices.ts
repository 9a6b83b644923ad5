/**
 * Line items of a Checkout Session: `line_items[i][price_data]` (inline prices, one-time or
 * recurring) validated with Stripe's messages and turned into price objects.
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

/** A price object (Stripe's shape) with its product's name alongside for display. */
export interface Price extends StripeObject {
  object: 'price';
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: Interval; interval_count: number; meter: null; usage_type: 'licensed' } | null;
  type: 'one_time' | 'recurring';
}

/** One line of a session, kept privately for the hosted page and the subscription it creates. */
export interface LineItem {
  price: Price;
  productName: string;
  productDescription: string | null;
  quantity: number;
  amount: number;
}

function priceFromData(
  data: Params,
  base: string,
  created: number,
): { price: Price; name: string; description: string | null } {
  rejectUnknown(data, ['currency', 'unit_amount', 'product', 'product_data', 'recurring', 'tax_behavior'], base);
  const currency = requiredString(data['currency'], paramName(base, 'currency'), 3).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(paramName(base, 'currency'), `Invalid currency: ${currency}`);
  const unitAmount = optionalInteger(data['unit_amount'], paramName(base, 'unit_amount'), 0, 99_999_999);
  if (unitAmount === undefined) throw missingParam(paramName(base, 'unit_amount'));
  const productId = optionalString(data['product'], paramName(base, 'product'));
  // The emulator has no product catalogue: a named product cannot be found.
  if (productId !== undefined) throw noSuch('product', productId, paramName(base, 'product'), 400);
  const productData = optionalHash(data['product_data'], paramName(base, 'product_data'));
  if (!productData) throw missingParam(paramName(base, 'product_data'));
  const productBase = paramName(base, 'product_data');
  rejectUnknown(productData, ['name', 'description', 'metadata', 'images', 'tax_code', 'unit_label'], productBase);
  const name = requiredString(productData['name'], paramName(productBase, 'name'), 250);
  const description = optionalString(productData['description'], paramName(productBase, 'description'), 5000) ?? null;
  metadata(productData['metadata'], paramName(productBase, 'metadata'));
  const recurringData = optionalHash(data['recurring'], paramName(base, 'recurring'));
  let recurring: Price['recurring'] = null;
  if (recurringData) {
    const recurringBase = paramName(base, 'recurring');
    rejectUnknown(recurringData, ['interval', 'interval_count'], recurringBase);
    const interval = optionalEnum(recurringData['interval'], paramName(recurringBase, 'interval'), [
      'day',
      'week',
      'month',
      'year',
    ] as const);
    if (!interval) throw missingParam(paramName(recurringBase, 'interval'));
    const count = optionalInteger(recurringData['interval_count'], paramName(recurringBase, 'interval_count'), 1, 365);
    recurring = { interval, interval_count: count ?? 1, meter: null, usage_type: 'licensed' };
  }
  const price: Price = {
    id: newId('price'),
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: newId('prod'),
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
  return { price, name, description };
}

/** Validates `line_items` for a session in `mode`; throws Stripe's errors naming the field. */
export function parseLineItems(
  value: string | Params | undefined,
  mode: 'payment' | 'subscription',
  created: number,
): LineItem[] {
  const list = optionalList(value, 'line_items');
  if (!list || list.length === 0) throw missingParam('line_items');
  if (list.length > 100) throw invalidParam('line_items', 'Invalid line_items: at most 100 line items are allowed');
  const items = list.map((entry, index): LineItem => {
    const base = `line_items[${index}]`;
    if (typeof entry === 'string') throw invalidParam(base, `Invalid object: ${base} must be a hash`);
    rejectUnknown(entry, ['price', 'price_data', 'quantity', 'adjustable_quantity', 'tax_rates'], base);
    const priceId = optionalString(entry['price'], paramName(base, 'price'));
    // Dashboard prices live in a real Stripe account, not in the emulator.
    if (priceId !== undefined) throw noSuch('price', priceId, paramName(base, 'price'), 400);
    const data = optionalHash(entry['price_data'], paramName(base, 'price_data'));
    if (!data) throw missingParam(paramName(base, 'price_data'));
    const quantity = optionalInteger(entry['quantity'], paramName(base, 'quantity'), 1, 999_999);
    if (quantity === undefined) throw missingParam(paramName(base, 'quantity'));
    const { price, name, description } = priceFromData(data, paramName(base, 'price_data'), created);
    if (mode === 'payment' && price.recurring) {
      throw invalidParam(
        paramName(base, 'price_data'),
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    return {
      price,
      productName: name,
      productDescription: description,
      quantity,
      amount: price.unit_amount * quantity,
    };
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
