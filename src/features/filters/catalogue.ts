/**
 * The filter catalogue: every filter type the site names, with its figures, defined once (MERV,
 * price, lifespan: docs/product/tools.md#filter-types-catalogue; base days and HEPA:
 * docs/product/tools.md#schedule-calculator, docs/product/tools.md#filter-type-table). The schedule
 * calculator, the filter finder, the filter tables, the cost calculator and the printable guides
 * all read this file, so a figure changes here and nowhere else. Prose about a type (pros, cons,
 * what it catches) stays with the page that says it.
 */

/** A range of whole numbers; `orMore` marks an open top ("$25-100+", "5+ years"). */
export interface Range {
  readonly min: number;
  /** Absent for a single value ("30 days") or an open range ("5+ years"). */
  readonly max?: number;
  readonly orMore?: boolean;
}

/** A MERV range, or a class past the top of the MERV scale (HEPA). */
export type MervRating = Range | { readonly beyond: number };

/** How much a filter catches, or how hard it makes the blower work, on one shared scale. */
export type Level =
  'Very low' | 'Low' | 'Low to moderate' | 'Moderate' | 'Moderate to high' | 'High' | 'Very high' | 'Highest';

/** Relative price of the filter itself, 1 ($) to 4 ($$$$). */
export type CostTier = 1 | 2 | 3 | 4;

/** One catalogue entry. */
export interface FilterFacts {
  /** As a heading or card title shows it: "High-Efficiency Pleated". */
  readonly name: string;
  /** As a choice or a sentence shows it: "High-efficiency pleated". */
  readonly label: string;
  readonly merv: MervRating;
  /** Dollars per filter; HEPA has none (the product states no price for it). */
  readonly price?: Range;
  /** How long one filter lasts in a typical home. */
  readonly lifespan: Range & { readonly unit: 'days' | 'months' | 'years' };
  readonly efficiency: Level;
  readonly airflowResistance?: Level;
  /** Only for the types in the schedule guide's table. */
  readonly costTier?: CostTier;
  /** The schedule calculator's starting interval, before household, pets and allergies. */
  readonly baseDays?: number;
}

/**
 * Every type, keyed by id. The first six are the filter types of the guide, in the finder's order;
 * HEPA is the schedule calculator's fourth choice, a whole-home unit or purifier rather than a
 * furnace filter, so the finder and the type guide leave it out.
 */
export const FILTERS = {
  fiberglass: {
    name: 'Fiberglass',
    label: 'Basic fiberglass',
    merv: { min: 1, max: 4 },
    price: { min: 3, max: 8 },
    lifespan: { min: 30, unit: 'days' },
    efficiency: 'Low',
    airflowResistance: 'Very low',
    costTier: 1,
    baseDays: 30,
  },
  pleated: {
    name: 'Pleated',
    label: 'Pleated',
    merv: { min: 5, max: 8 },
    price: { min: 8, max: 20 },
    lifespan: { min: 60, max: 90, unit: 'days' },
    efficiency: 'Moderate',
    airflowResistance: 'Low',
    costTier: 2,
    baseDays: 75,
  },
  high_efficiency: {
    name: 'High-Efficiency Pleated',
    label: 'High-efficiency pleated',
    merv: { min: 9, max: 12 },
    price: { min: 15, max: 40 },
    lifespan: { min: 90, unit: 'days' },
    efficiency: 'High',
    airflowResistance: 'Moderate',
    costTier: 3,
    baseDays: 90,
  },
  washable: {
    name: 'Washable',
    label: 'Washable',
    merv: { min: 4, max: 8 },
    price: { min: 30, max: 80 },
    lifespan: { min: 5, orMore: true, unit: 'years' },
    efficiency: 'Low to moderate',
    airflowResistance: 'Low',
  },
  electrostatic: {
    name: 'Electrostatic',
    label: 'Electrostatic',
    merv: { min: 8, max: 12 },
    price: { min: 20, max: 50 },
    lifespan: { min: 90, unit: 'days' },
    efficiency: 'Moderate to high',
    airflowResistance: 'Low to moderate',
  },
  specialized: {
    name: 'Specialized',
    label: 'Specialized media',
    merv: { min: 11, max: 16 },
    price: { min: 25, max: 100, orMore: true },
    lifespan: { min: 90, max: 365, unit: 'days' },
    efficiency: 'Very high',
    airflowResistance: 'Moderate to high',
  },
  hepa: {
    name: 'HEPA',
    label: 'HEPA',
    merv: { beyond: 16 },
    lifespan: { min: 6, max: 12, unit: 'months' },
    efficiency: 'Highest',
    costTier: 4,
    baseDays: 180,
  },
} as const satisfies Record<string, FilterFacts>;

/** Any catalogue entry's id, HEPA included. */
export type FilterId = keyof typeof FILTERS;

/** The six filter types, in the order that breaks the finder's ties (docs/product/tools.md#filter-finder). */
export const FILTER_TYPE_IDS = [
  'fiberglass',
  'pleated',
  'high_efficiency',
  'washable',
  'electrostatic',
  'specialized',
] as const satisfies readonly FilterId[];
export type FilterTypeId = (typeof FILTER_TYPE_IDS)[number];

/**
 * A system neglected longer than this many months should be looked at by a professional
 * (docs/product/blog.md#air-filter-replacement-guide).
 */
export const PROFESSIONAL_CHECK_AFTER_MONTHS = 6;

function span({ min, max, orMore }: Range): string {
  return `${min}${max === undefined ? '' : `-${max}`}${orMore ? '+' : ''}`;
}

/** "MERV 1-4", or "Beyond MERV 16" for HEPA. */
export function mervLabel({ merv }: Pick<FilterFacts, 'merv'>): string {
  return 'beyond' in merv ? `Beyond MERV ${merv.beyond}` : `MERV ${span(merv)}`;
}

/** "$3-8", "$25-100+" per filter. */
export function priceLabel({ price }: { readonly price: Range }): string {
  return `$${span(price)}`;
}

/** "30 days", "60-90 days", "5+ years" */
export function lifespanLabel({ lifespan }: Pick<FilterFacts, 'lifespan'>): string {
  return `${span(lifespan)} ${lifespan.unit}`;
}

const COST_TIER_NAMES: Record<CostTier, string> = { 1: 'Lowest', 2: 'Moderate', 3: 'Higher', 4: 'Highest' };

/** A cost tier as the schedule guide's table shows it: "$$" and "Moderate". */
export function costTierLabel(tier: CostTier): { symbol: string; name: string } {
  return { symbol: '$'.repeat(tier), name: COST_TIER_NAMES[tier] };
}
