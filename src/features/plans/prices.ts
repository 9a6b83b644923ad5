/**
 * What a plan costs per period, in cents, and how the card provider bills each period
 * (docs/product/plans.md#billing-periods): the plan pages' own figures (plans.ts), never a second one.
 * Framework-free, no secrets. Shared core: Node loads it directly from functions/ and from the
 * embedded Stripe emulator, so relative imports with the extension only.
 */
import { CURRENCY } from '../../lib/format.ts';
import { BILLING_PERIODS, getPlan, periodPrice, PLANS, type BillingPeriod, type PlanType } from './plans.ts';

/** The card provider's recurring interval of a billing period (docs/product/plans.md#billing-periods). */
export interface BillingInterval {
  interval: 'month' | 'year';
  intervalCount: number;
}

/** Monthly: every month; quarterly: every 3 months; annual: every year. */
export const BILLING_INTERVALS: Readonly<Record<BillingPeriod, BillingInterval>> = {
  monthly: { interval: 'month', intervalCount: 1 },
  quarterly: { interval: 'month', intervalCount: 3 },
  annual: { interval: 'year', intervalCount: 1 },
};

/** What a plan costs per period, in cents: the plan page's price, never a second figure. */
export function subscriptionPriceCents(plan: PlanType, period: BillingPeriod): number {
  return periodPrice(getPlan(plan), period) * 100;
}

/** Every plan price in cents, by plan and period (docs/product/plans.md#billing-periods). */
export const SUBSCRIPTION_PRICE_CENTS: Readonly<Record<PlanType, Readonly<Record<BillingPeriod, number>>>> =
  Object.fromEntries(
    PLANS.map((plan) => [
      plan.type,
      Object.fromEntries(BILLING_PERIODS.map((period) => [period, subscriptionPriceCents(plan.type, period)])),
    ]),
  ) as Record<PlanType, Record<BillingPeriod, number>>;

/**
 * The plan and period a recurring price sells, from its amount, currency and interval; null when it
 * is none of ours. Every plan price is a different amount, so this is never ambiguous.
 */
export function planOfPrice(price: {
  unitAmount: number | null | undefined;
  currency?: string | null | undefined;
  interval?: string | null | undefined;
  intervalCount?: number | null | undefined;
}): { plan: PlanType; period: BillingPeriod } | null {
  if (price.currency && price.currency !== CURRENCY) return null;
  for (const plan of PLANS) {
    for (const period of BILLING_PERIODS) {
      const { interval, intervalCount } = BILLING_INTERVALS[period];
      if (subscriptionPriceCents(plan.type, period) !== price.unitAmount) continue;
      // A price read without its interval (an old payload) is matched on the amount alone.
      if (price.interval && (price.interval !== interval || (price.intervalCount ?? 1) !== intervalCount)) continue;
      return { plan: plan.type, period };
    }
  }
  return null;
}

/** A plan and the period it is paid in. */
export interface PlanPrice {
  plan: PlanType;
  period: BillingPeriod;
}

/** The variable holding the dashboard price id of a plan and period, e.g. STRIPE_PRICE_FULL_ANNUAL. */
export function priceVariable({ plan, period }: PlanPrice): string {
  return `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}`;
}

/** Every plan and period, in the order the README lists their variables. */
export const PLAN_PRICES: readonly PlanPrice[] = PLANS.flatMap((plan) =>
  BILLING_PERIODS.map((period) => ({ plan: plan.type, period })),
);
