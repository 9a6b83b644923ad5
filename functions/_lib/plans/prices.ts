/**
 * The prices a plan is sold at, at the card provider (docs/product/plans.md#billing-periods): one per
 * plan and period. A dashboard price named by its variable (STRIPE_PRICE_LITE_MONTHLY, ...) is
 * sold as it is, so production's start checks each one against the site's own price and refuses
 * to run when they differ (the site must never show one price and charge another); a period with
 * no variable is sold with an inline price built from the same figures. The embedded default makes
 * the six prices in its emulator at start, like a dashboard, and lets its billing portal switch
 * between them.
 */
import type Stripe from 'stripe';
import { CURRENCY } from '../../../src/lib/format.ts';
import { formatMoney } from '../../../src/lib/money.ts';
import {
  BILLING_INTERVALS,
  PLAN_PRICES,
  priceVariable,
  subscriptionPriceCents,
  type PlanPrice,
} from '../../../src/features/plans/prices.ts';
import { BILLING_PERIODS, PERIOD_TERMS, PLANS, getPlan, type PlanType } from '../../../src/features/plans/plans.ts';

/** The dashboard price id configured for a plan and period, if any. */
export function planPriceId(which: PlanPrice, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[priceVariable(which)]?.trim() || undefined;
}

/** Which plan and period each configured dashboard price sells, for reading subscriptions back. */
export function priceCatalogue(env: NodeJS.ProcessEnv = process.env): Record<string, PlanPrice> {
  const catalogue: Record<string, PlanPrice> = {};
  for (const which of PLAN_PRICES) {
    const id = planPriceId(which, env);
    if (id) catalogue[id] = which;
  }
  return catalogue;
}

/** The checkout line that sells a plan for a period: the dashboard price, or the same price inline. */
export function planLineItem(
  which: PlanPrice,
  env: NodeJS.ProcessEnv = process.env,
): Stripe.Checkout.SessionCreateParams.LineItem {
  const id = planPriceId(which, env);
  if (id) return { price: id, quantity: 1 };
  const { interval, intervalCount } = BILLING_INTERVALS[which.period];
  return {
    quantity: 1,
    price_data: {
      currency: CURRENCY,
      unit_amount: subscriptionPriceCents(which.plan, which.period),
      recurring: { interval, interval_count: intervalCount },
      product_data: { name: getPlan(which.plan).name },
    },
  };
}

function dollars(cents: number | null | undefined, currency = CURRENCY): string {
  return cents === null || cents === undefined ? 'no fixed amount' : formatMoney(cents, currency);
}

function every(interval: string | undefined, count: number | undefined): string {
  if (!interval) return 'once (not recurring)';
  return count && count > 1 ? `every ${count} ${interval}s` : `every ${interval}`;
}

/**
 * How a dashboard price differs from what the site sells for that plan and period: one line per
 * difference (amount, currency, interval, interval count, not active), naming the variable.
 */
export function priceMismatches(which: PlanPrice, price: Stripe.Price): string[] {
  const name = `${priceVariable(which)} (${price.id})`;
  const sold = `${getPlan(which.plan).name} (${PERIOD_TERMS[which.period].name})`;
  const expected = BILLING_INTERVALS[which.period];
  const cents = subscriptionPriceCents(which.plan, which.period);
  const problems: string[] = [];
  if (price.unit_amount !== cents) {
    problems.push(
      `${name}: the amount is ${dollars(price.unit_amount, price.currency)}, but the site sells ${sold} at ${dollars(cents)}`,
    );
  }
  if (price.currency !== CURRENCY) {
    problems.push(`${name}: the currency is ${price.currency}, but the site charges ${CURRENCY}`);
  }
  const recurring = price.recurring;
  if (recurring?.interval !== expected.interval) {
    problems.push(
      `${name}: the interval is ${every(recurring?.interval, recurring?.interval_count)}, but the site bills ${sold} ${every(expected.interval, expected.intervalCount)}`,
    );
  } else if (recurring.interval_count !== expected.intervalCount) {
    problems.push(
      `${name}: the interval_count is ${recurring.interval_count}, but the site bills ${sold} ${every(expected.interval, expected.intervalCount)}`,
    );
  }
  if (!price.active) problems.push(`${name}: the price is archived (not active), so checkout cannot sell it`);
  return problems;
}

/** Dashboard prices found right at checkout, and when: each is read again after RECHECK_MS. */
const checkedPrices = new Map<string, number>();
const RECHECK_MS = 10 * 60 * 1000;

/**
 * How the dashboard price a plan and period is about to be sold at differs from the site's price
 * (priceMismatches), read at checkout: a deployment without a long-running server (Netlify) never
 * runs the start's check, and a price can be edited in the dashboard after a start. A price found
 * right is trusted for RECHECK_MS; an inline price (no variable) is the site's own. The provider's
 * errors are thrown.
 */
export async function planPriceMismatches(
  stripe: Stripe,
  which: PlanPrice,
  env: NodeJS.ProcessEnv = process.env,
  now: number = Date.now(),
): Promise<string[]> {
  const id = planPriceId(which, env);
  if (!id) return [];
  const checkedAt = checkedPrices.get(id);
  if (checkedAt !== undefined && now - checkedAt < RECHECK_MS) return [];
  const problems = priceMismatches(which, await stripe.prices.retrieve(id));
  if (problems.length === 0) checkedPrices.set(id, now);
  else checkedPrices.delete(id);
  return problems;
}

/** What checking the dashboard prices found. */
export interface PriceCheck {
  /** Why the site must not start: a price that differs, does not exist or cannot be read with this key. */
  problems: string[];
  /** What could not be checked (the provider did not answer); the site starts and says so. */
  warnings: string[];
}

/**
 * Reads every configured dashboard price from the card provider and compares it with the site's
 * price for that plan and period. Nothing configured, nothing read.
 */
export async function checkDashboardPrices(stripe: Stripe, env: NodeJS.ProcessEnv = process.env): Promise<PriceCheck> {
  const check: PriceCheck = { problems: [], warnings: [] };
  for (const which of PLAN_PRICES) {
    const id = planPriceId(which, env);
    if (!id) continue;
    let price: Stripe.Price;
    try {
      // Bounded: a provider that does not answer must not hold the start for minutes.
      price = await stripe.prices.retrieve(id, {}, { timeout: 10_000, maxNetworkRetries: 1 });
    } catch (error) {
      const failure = error as { type?: string; statusCode?: number; message?: string };
      const line = `${priceVariable(which)} (${id}): ${failure.message ?? String(error)}`;
      // A missing price or a refused key is a configuration to fix; an outage is not.
      if (failure.type === 'StripeInvalidRequestError' || failure.type === 'StripeAuthenticationError') {
        check.problems.push(line);
      } else {
        check.warnings.push(line);
      }
      continue;
    }
    check.problems.push(...priceMismatches(which, price));
  }
  return check;
}

/** The lines production's start prints when its dashboard prices do not match the site. */
export function describePriceProblems(problems: readonly string[]): string {
  return [
    "The card provider's dashboard prices do not match the prices the site shows:",
    ...problems.map((p) => `  - ${p}`),
    'Fix the price in the Stripe dashboard or the variable (docs/deploy.md, step 3), then start again.',
  ].join('\n');
}

/**
 * Production's start check (server/index.ts): reads the configured dashboard prices and returns
 * the text to refuse the start with when one differs from the site's price, else null. Prices it
 * could not read because the provider did not answer are logged as warnings and do not stop it.
 */
export async function planPricesProblem(
  stripe: () => Stripe,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  if (!PLAN_PRICES.some((which) => planPriceId(which, env))) return null;
  const { problems, warnings } = await checkDashboardPrices(stripe(), env);
  for (const warning of warnings) console.warn(`Warning: could not check a dashboard price: ${warning}`);
  return problems.length > 0 ? describePriceProblems(problems) : null;
}

/** The lookup key of a plan's price in the embedded default's emulator. */
export function lookupKey({ plan, period }: PlanPrice): string {
  return `autopilot_${plan}_${period}`;
}

/**
 * The embedded default's dashboard: finds (or makes, on the first start) the six plan prices in
 * the emulator by lookup key, names them in the STRIPE_PRICE_* variables the functions read, and
 * lets the billing portal switch between them, prorated and invoiced at once
 * (docs/product/plans.md#cancellation-and-plan-changes). A variable already set is kept.
 */
export async function setUpEmbeddedPlanPrices(stripe: Stripe, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const keys = PLAN_PRICES.map(lookupKey);
  const existing = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
  const byKey = new Map(existing.data.map((price) => [price.lookup_key, price]));
  const products = new Map<PlanType, string>();
  for (const which of PLAN_PRICES) {
    let price = byKey.get(lookupKey(which));
    const product = products.get(which.plan) ?? (typeof price?.product === 'string' ? price.product : undefined);
    if (!price) {
      const { interval, intervalCount } = BILLING_INTERVALS[which.period];
      price = await stripe.prices.create({
        currency: CURRENCY,
        unit_amount: subscriptionPriceCents(which.plan, which.period),
        recurring: { interval, interval_count: intervalCount },
        lookup_key: lookupKey(which),
        nickname: `${getPlan(which.plan).name} ${PERIOD_TERMS[which.period].name}`,
        ...(product ? { product } : { product_data: { name: getPlan(which.plan).name } }),
      });
    }
    products.set(which.plan, typeof price.product === 'string' ? price.product : price.product.id);
    env[priceVariable(which)] ??= price.id;
  }
  const [portal] = (await stripe.billingPortal.configurations.list({ is_default: true, limit: 1 })).data;
  if (!portal) return;
  const update = {
    enabled: true,
    default_allowed_updates: ['price' as const],
    proration_behavior: 'always_invoice' as const,
    products: PLANS.map((plan) => ({
      product: products.get(plan.type) ?? '',
      prices: BILLING_PERIODS.map((period) => planPriceId({ plan: plan.type, period }, env) ?? ''),
    })),
  };
  const current = portal.features.subscription_update;
  // Set once: a start that finds the portal as it should be changes nothing at the provider.
  const same =
    current.enabled &&
    current.proration_behavior === update.proration_behavior &&
    JSON.stringify(current.default_allowed_updates) === JSON.stringify(update.default_allowed_updates) &&
    JSON.stringify((current.products ?? []).map((p) => ({ product: p.product, prices: p.prices }))) ===
      JSON.stringify(update.products);
  if (!same) await stripe.billingPortal.configurations.update(portal.id, { features: { subscription_update: update } });
}
