/**
 * The Autopilot plans of SPEC §9: what each costs and includes. Display data for the home plans
 * block and the plan pages; the amounts charged come from `pricing.ts` (DECISIONS.md).
 * Imported by browser code: no secrets here.
 */

export type PlanType = 'lite' | 'full';

export interface Plan {
  readonly type: PlanType;
  readonly name: string;
  /** The plan's own page. */
  readonly href: string;
  /** Prices in whole US dollars. */
  readonly monthly: number;
  readonly perVisit: number;
  readonly annual: number;
  readonly annualSaving: number;
  readonly mostPopular: boolean;
  readonly includes: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    type: 'lite',
    name: 'Autopilot Lite',
    href: '/autopilot-lite',
    monthly: 39,
    perVisit: 117,
    annual: 420,
    annualSaving: 48,
    mostPopular: false,
    includes: [
      'Air filters replaced',
      'Refrigerator water filter',
      'Smoke detector batteries tested and replaced',
      'Vacuum clean-out',
    ],
  },
  {
    type: 'full',
    name: 'Autopilot Full',
    href: '/autopilot-full',
    monthly: 59,
    perVisit: 177,
    annual: 630,
    annualSaving: 78,
    mostPopular: true,
    includes: [
      'Everything in Autopilot Lite',
      'Water softener salt refilled',
      'Reverse osmosis filters changed',
      'Light bulbs changed',
    ],
  },
];

/** Service terms shared by every plan (SPEC §9). */
export const PLAN_TERMS = {
  visitsPerYear: 4,
  cancellationNoticeDays: 30,
} as const;

/** The display name of a plan tier, e.g. "Autopilot Full". */
export function planName(type: PlanType): string {
  const plan = PLANS.find((p) => p.type === type);
  if (!plan) throw new Error(`Unknown plan type: ${String(type)}`);
  return plan.name;
}
