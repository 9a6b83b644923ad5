/**
 * `/v1/billing_portal/sessions` (a short-lived link to a customer's hosted billing portal) and
 * `/v1/billing_portal/configurations` (what the portal lets customers do). The account has one
 * default configuration, as a Stripe account has once its portal settings are saved: cancel at the
 * end of the period, and, once products and prices are listed under `subscription_update`,
 * switching between those prices with the configured proration.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import type { ApiCall, ListObject } from '../call.ts';
import { invalidParam, missingParam, noSuch } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalHash,
  optionalList,
  optionalString,
  optionalUrl,
  paramName,
  rejectUnknown,
} from '../params.ts';
import { PORTAL_PREFIX } from '../paths.ts';
import type { Price } from '../prices.ts';
import { list, load, save, type StripeObject } from '../store.ts';

/** How long a portal link works. Stripe keeps it short; an hour suits a developer's tab. */
export const PORTAL_SESSION_SECONDS = 60 * 60;

/** The id of the account's default portal configuration. */
export const DEFAULT_CONFIGURATION_ID = 'bpc_emulatordefault00000000';

/** The part of a configuration the portal pages read. */
export interface PortalConfiguration extends StripeObject {
  features: {
    subscription_cancel: { enabled: boolean; mode: 'at_period_end' | 'immediately' } & Record<string, unknown>;
    subscription_update: {
      enabled: boolean;
      default_allowed_updates: string[];
      products: { product: string; prices: string[] }[];
      proration_behavior: 'always_invoice' | 'create_prorations' | 'none';
    } & Record<string, unknown>;
  } & Record<string, unknown>;
}

function defaultConfiguration(now: number): PortalConfiguration {
  return {
    id: DEFAULT_CONFIGURATION_ID,
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created: now,
    default_return_url: null,
    features: {
      customer_update: { allowed_updates: [], enabled: false },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true, payment_method_configuration: null },
      subscription_cancel: {
        cancellation_reason: { enabled: false, options: [] },
        enabled: true,
        mode: 'at_period_end',
        proration_behavior: 'none',
      },
      subscription_update: {
        billing_cycle_anchor: null,
        default_allowed_updates: [],
        enabled: false,
        products: [],
        proration_behavior: 'none',
        schedule_at_period_end: { conditions: [] },
        trial_update_behavior: 'continue_trial',
      },
    },
    is_default: true,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: {},
    name: null,
    updated: now,
  };
}

/** A configuration by id (the default one when none is named), or null for an unknown id. */
export async function loadConfiguration(
  db: Db,
  id: string = DEFAULT_CONFIGURATION_ID,
): Promise<PortalConfiguration | null> {
  return (await load<PortalConfiguration>(db, 'billing_portal.configuration', id))?.data ?? null;
}

/**
 * Saves the account's default configuration unless it exists: done once at the emulator's start,
 * as an account's portal settings are saved once in the dashboard.
 */
export async function ensureDefaultConfiguration(db: Db, now: number): Promise<void> {
  if (!(await loadConfiguration(db))) await save(db, defaultConfiguration(now));
}

/** GET /v1/billing_portal/configurations?is_default=...&active=... */
export async function listPortalConfigurations({ db, params }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['is_default', 'active', 'limit', 'expand']);
  const isDefault = optionalBoolean(params['is_default'], 'is_default');
  const active = optionalBoolean(params['active'], 'active');
  const all = (await list<PortalConfiguration>(db, 'billing_portal.configuration', { limit: 100 })).map((c) => c.data);
  const matching = all.filter(
    (c) =>
      (isDefault === undefined || c['is_default'] === isDefault) && (active === undefined || c['active'] === active),
  );
  return { object: 'list', data: matching, has_more: false, url: '/v1/billing_portal/configurations' };
}

/** GET /v1/billing_portal/configurations/:id */
export async function retrievePortalConfiguration({ db, id }: ApiCall): Promise<StripeObject> {
  const configuration = await loadConfiguration(db, id);
  if (!configuration) throw noSuch('billing_portal.configuration', id, 'configuration');
  return configuration;
}

/** `features[subscription_update][products]`: products of the catalogue and some of their prices. */
async function parseProducts(db: Db, value: Parameters<typeof optionalList>[0], base: string) {
  const entries = optionalList(value, base) ?? [];
  if (entries.length > 10) throw invalidParam(base, 'A portal configuration can list at most 10 products.');
  const products: { product: string; prices: string[] }[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = paramName(base, index);
    if (typeof entry === 'string') throw invalidParam(at, `Invalid object: ${at} must be a hash`);
    rejectUnknown(entry, ['product', 'prices', 'adjustable_quantity'], at);
    const product = optionalString(entry['product'], paramName(at, 'product'), 255);
    if (!product) throw missingParam(paramName(at, 'product'));
    if (!(await load(db, 'product', product))) throw noSuch('product', product, paramName(at, 'product'), 400);
    const prices = (optionalList(entry['prices'], paramName(at, 'prices')) ?? []).map(String);
    if (prices.length === 0) throw missingParam(paramName(at, 'prices'));
    for (const priceId of prices) {
      const price = await load<Price>(db, 'price', priceId);
      if (!price) throw noSuch('price', priceId, paramName(at, 'prices'), 400);
      if (price.data.product !== product) {
        throw invalidParam(paramName(at, 'prices'), `The price ${priceId} does not belong to the product ${product}.`);
      }
      if (!price.data.recurring) {
        throw invalidParam(paramName(at, 'prices'), `The price ${priceId} is not a recurring price.`);
      }
    }
    products.push({ product, prices });
  }
  return products.map((p) => ({ adjustable_quantity: { enabled: false, maximum: null, minimum: 1 }, ...p }));
}

/** POST /v1/billing_portal/configurations/:id: the features the portal offers. */
export async function updatePortalConfiguration({ db, id, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['features', 'business_profile', 'default_return_url', 'active', 'metadata', 'expand']);
  const configuration = await loadConfiguration(db, id);
  if (!configuration) throw noSuch('billing_portal.configuration', id, 'configuration');
  const updated: PortalConfiguration = structuredClone(configuration);
  const features = optionalHash(params['features'], 'features');
  if (features) {
    rejectUnknown(
      features,
      ['customer_update', 'invoice_history', 'payment_method_update', 'subscription_cancel', 'subscription_update'],
      'features',
    );
    const update = optionalHash(features['subscription_update'], 'features[subscription_update]');
    if (update) {
      const base = 'features[subscription_update]';
      rejectUnknown(update, ['enabled', 'default_allowed_updates', 'products', 'proration_behavior'], base);
      const target = updated.features.subscription_update;
      target.enabled = optionalBoolean(update['enabled'], paramName(base, 'enabled')) ?? target.enabled;
      const allowed = optionalList(update['default_allowed_updates'], paramName(base, 'default_allowed_updates'));
      if (allowed) {
        for (const kind of allowed) {
          if (kind !== 'price' && kind !== 'quantity' && kind !== 'promotion_code') {
            throw invalidParam(
              paramName(base, 'default_allowed_updates'),
              `Invalid default_allowed_updates: ${typeof kind === 'string' ? kind : JSON.stringify(kind)}`,
            );
          }
        }
        target.default_allowed_updates = allowed.map(String);
      }
      if (update['products'] !== undefined)
        target.products = await parseProducts(db, update['products'], paramName(base, 'products'));
      target.proration_behavior =
        optionalEnum(update['proration_behavior'], paramName(base, 'proration_behavior'), [
          'always_invoice',
          'create_prorations',
          'none',
        ] as const) ?? target.proration_behavior;
    }
    const cancel = optionalHash(features['subscription_cancel'], 'features[subscription_cancel]');
    if (cancel) {
      const base = 'features[subscription_cancel]';
      rejectUnknown(cancel, ['enabled', 'mode', 'proration_behavior', 'cancellation_reason'], base);
      const target = updated.features.subscription_cancel;
      target.enabled = optionalBoolean(cancel['enabled'], paramName(base, 'enabled')) ?? target.enabled;
      target.mode =
        optionalEnum(cancel['mode'], paramName(base, 'mode'), ['at_period_end', 'immediately'] as const) ?? target.mode;
    }
  }
  const returnUrl = optionalUrl(params['default_return_url'], 'default_return_url');
  if (returnUrl !== undefined) updated['default_return_url'] = returnUrl;
  updated['updated'] = now;
  await save(db, updated);
  return updated;
}

/** POST /v1/billing_portal/sessions */
export async function createPortalSession({ db, params, now, origin }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['customer', 'return_url', 'configuration', 'locale', 'expand']);
  const customer = optionalString(params['customer'], 'customer', 255);
  if (!customer) throw missingParam('customer');
  if (!(await load(db, 'customer', customer))) throw noSuch('customer', customer, 'customer', 400);
  const configurationId = optionalString(params['configuration'], 'configuration', 255) ?? DEFAULT_CONFIGURATION_ID;
  const configuration = await loadConfiguration(db, configurationId);
  if (!configuration) throw noSuch('billing_portal.configuration', configurationId, 'configuration', 400);
  const id = newId('bps');
  const session: StripeObject = {
    id,
    object: 'billing_portal.session',
    configuration: configuration.id,
    created: now,
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: optionalString(params['locale'], 'locale', 10) ?? null,
    on_behalf_of: null,
    return_url: optionalUrl(params['return_url'], 'return_url') ?? configuration['default_return_url'],
    url: `${origin}${PORTAL_PREFIX}/${id}`,
  };
  await save(db, session, { expiresAt: now + PORTAL_SESSION_SECONDS });
  return session;
}
