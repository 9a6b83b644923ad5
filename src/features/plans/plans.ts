/**
 * The Autopilot plans of docs/product/plans.md#plan-prices: what each costs and includes. Display data for the home plans
 * block and the plan pages; the amounts charged come from `prices.ts` (docs/product/plans.md#billing-periods).
 * Browser code imports it: no secrets here. Shared core: Node loads it directly from functions/
 * and from the embedded Stripe emulator in server/, so relative imports with the extension only.
 */

/** The two Autopilot plans' tiers (docs/product/plans.md#plans): the one list every schema and type reads. */
export const PLAN_TYPES = ['lite', 'full'] as const;
/** One plan tier. */
export type PlanType = (typeof PLAN_TYPES)[number];

export interface Plan {
  readonly type: PlanType;
  readonly name: string;
  /** The plan's own page. */
  readonly href: string;
  /** Prices in whole US dollars. */
  readonly monthly: number;
  readonly perVisit: number;
  readonly annual: number;
  /** What paying a year in advance saves over twelve monthly payments. */
  readonly annualSaving: number;
  readonly mostPopular: boolean;
  readonly includes: readonly string[];
  /** Ids of the service pages (content/services) whose work every visit of this plan covers. */
  readonly services: readonly string[];
}

/** Full's first item: Lite's items, spelled out on a visit's checklist. */
const EVERYTHING_IN_LITE = 'Everything in Autopilot Lite';

const LITE_SERVICES = ['air-filter-replacement', 'refrigerator-filters', 'smoke-detector-batteries', 'vacuum-cleanout'];

/** A plan with its saving worked out from its prices, so the saving is never a second fact. */
function withSaving(plan: Omit<Plan, 'annualSaving'>): Plan {
  return { ...plan, annualSaving: plan.monthly * 12 - plan.annual };
}

/** The two plans, their prices in whole dollars (the one place each price is written). */
export const PLANS: readonly Plan[] = [
  withSaving({
    type: 'lite',
    name: 'Autopilot Lite',
    href: '/autopilot-lite',
    monthly: 39,
    perVisit: 117,
    annual: 420,
    mostPopular: false,
    includes: [
      'Air filters replaced',
      'Refrigerator water filter',
      'Smoke detector batteries tested and replaced',
      'Vacuum clean-out',
    ],
    services: LITE_SERVICES,
  }),
  withSaving({
    type: 'full',
    name: 'Autopilot Full',
    href: '/autopilot-full',
    monthly: 59,
    perVisit: 177,
    annual: 630,
    mostPopular: true,
    includes: [
      EVERYTHING_IN_LITE,
      'Water softener salt refilled',
      'Reverse osmosis filters changed',
      'Light bulbs changed',
    ],
    services: [...LITE_SERVICES, 'water-softener-salt', 'reverse-osmosis-filters', 'light-bulb-replacement'],
  }),
];

/** Service terms shared by every plan (docs/product/plans.md#plans). */
export const PLAN_TERMS = {
  visitsPerYear: 4,
  cancellationNoticeDays: 30,
} as const;

/** Whether a value is a plan tier (metadata and stored rows are free text). */
export function isPlanType(value: unknown): value is PlanType {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value);
}

/** The display name of a plan tier, e.g. "Autopilot Full". */
export function planName(type: PlanType): string {
  return getPlan(type).name;
}

/** The plan with this tier; throws for a tier that does not exist. */
export function getPlan(type: PlanType): Plan {
  const plan = PLANS.find((p) => p.type === type);
  if (!plan) throw new Error(`Unknown plan type: ${String(type)}`);
  return plan;
}

/** The plans whose visits include a service page's work (for "Included in" badges and offers). */
export function plansIncluding(serviceId: string): Plan[] {
  return PLANS.filter((plan) => plan.services.includes(serviceId));
}

/**
 * A plan visit's checklist (docs/product/visits.md#plan-visits): what the tier includes each quarter, Full's
 * 'Everything in Autopilot Lite' spelled out as Lite's items.
 */
export function visitChecklist(type: PlanType): string[] {
  return getPlan(type).includes.flatMap((item) => (item === EVERYTHING_IN_LITE ? visitChecklist('lite') : [item]));
}

/** Ways to pay for a plan, as the plan picker offers them (docs/product/plans.md#billing-periods). */
export const BILLING_PERIODS = ['monthly', 'quarterly', 'annual'] as const;
/** One way to pay for a plan. */
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Whether a value is a billing period. */
export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === 'string' && (BILLING_PERIODS as readonly string[]).includes(value);
}

/**
 * How each period charges the card and how cancelling ends it, in the words the plan pages, the
 * confirmation and the account use (docs/product/plans.md#billing-periods,
 * docs/product/plans.md#cancellation-and-plan-changes).
 */
export const PERIOD_TERMS: Readonly<
  Record<BillingPeriod, { name: string; per: string; short: string; billing: string; cancelling: string }>
> = {
  monthly: {
    name: 'monthly',
    per: 'month',
    short: 'Billed every month',
    billing: 'charged when you subscribe, then every month on that date',
    cancelling: 'the plan runs to the end of the month you have paid for, then ends',
  },
  quarterly: {
    name: 'every 3 months',
    per: '3 months',
    short: 'Billed every 3 months, once per visit',
    billing: 'charged when you subscribe, then every 3 months: one payment for each quarterly visit',
    cancelling: 'the plan runs to the end of the 3 months you have paid for, then ends',
  },
  annual: {
    name: 'annual',
    per: 'year',
    short: 'Billed once a year, in advance',
    billing: 'charged once a year, in advance, for all four visits',
    cancelling:
      'the year you have paid for runs to its end with all of its visits, then the plan ends; the rest of that year is not refunded',
  },
};

/** How cancelling works, under the plan picker (docs/product/plans.md#cancellation-and-plan-changes). */
export const CANCELLATION_SUMMARY =
  "No contract: cancel with 30 days' notice before your next visit. Your plan then runs to the end of the period you have paid for, with its visits, and ends; an annual payment keeps all of its year's visits and is not refunded for the rest of the year.";

/** The price of a plan for a period in whole dollars (the figure the picker shows). */
export function periodPrice(plan: Plan, period: BillingPeriod): number {
  return period === 'monthly' ? plan.monthly : period === 'quarterly' ? plan.perVisit : plan.annual;
}

/** One choice of the plan picker: its price, what the price is per, the yearly total and saving. */
export interface PlanPricing {
  readonly period: BillingPeriod;
  readonly label: string;
  /** Whole dollars charged per `per`. */
  readonly price: number;
  readonly per: string;
  /** What a year of service costs this way. */
  readonly total: number;
  /** What this way saves over paying monthly for a year. */
  readonly savings: number;
}

/** The picker's choices for a plan, with annual (the default, docs/product/plans.md#billing-periods) last. */
export function planPricing(plan: Plan): readonly PlanPricing[] {
  const yearly = plan.monthly * 12;
  return [
    { period: 'monthly', label: 'Monthly', price: plan.monthly, per: 'month', total: yearly, savings: 0 },
    {
      period: 'quarterly',
      label: 'Per visit',
      price: plan.perVisit,
      per: 'quarterly visit',
      total: plan.perVisit * PLAN_TERMS.visitsPerYear,
      savings: yearly - plan.perVisit * PLAN_TERMS.visitsPerYear,
    },
    {
      period: 'annual',
      label: 'Annual',
      price: plan.annual,
      per: 'year, paid in advance',
      total: plan.annual,
      savings: plan.annualSaving,
    },
  ];
}

/** The picker's default choice (docs/product/plans.md#billing-periods: annual). */
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annual';

/** Rows of the Lite-versus-Full comparison table on the Full page. */
export const PLAN_COMPARISON: readonly { feature: string; lite: boolean; full: boolean }[] = [
  { feature: 'Quarterly visits (4 a year)', lite: true, full: true },
  { feature: 'Air filters replaced', lite: true, full: true },
  { feature: 'Refrigerator water filter', lite: true, full: true },
  { feature: 'Smoke detector batteries', lite: true, full: true },
  { feature: 'Vacuum clean-out', lite: true, full: true },
  { feature: 'Water softener salt', lite: false, full: true },
  { feature: 'Reverse osmosis filters', lite: false, full: true },
  { feature: 'Light bulb changes', lite: false, full: true },
  { feature: 'No contract, 30 days notice to cancel', lite: true, full: true },
];

/**
 * The service pages whose work a visit covers (docs/product/extras.md#the-catalogue): a booking's
 * service, or every service of a plan visit's tier (its `service` is the tier).
 */
export function servicesOfVisit(service: string): readonly string[] {
  return isPlanType(service) ? (PLANS.find((plan) => plan.type === service)?.services ?? []) : [service];
}
