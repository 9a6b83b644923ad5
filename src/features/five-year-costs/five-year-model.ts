/**
 * The one five-year model of keeping a home's air filter changed, doing it yourself versus a
 * professional service (docs/product/tools.md#five-year-costs: DIY $2,090 over five years, $258 a year;
 * professional $1,700 over five years, $220 a year). The detailed cost calculator, the five-year
 * comparison table and the printable DIY vs Professional Guide all read it.
 *
 * A routine yearly cost repeats every year; repairs land in the year they happen. The reader may
 * change the DIY inputs; the defaults give exactly those figures.
 *
 * Reconciliation: this replaces two models that agreed on every total but not on the repairs
 * behind them. The comparison table added a flat "repair allowance" over five years, $800 DIY
 * and $600 professional; the calculator counted one ordinary $600 repair in both columns (year
 * 4) plus, for DIY only and only when changes run late, a $200 coil and blower cleaning (year 3).
 * The money is the same ($800 = $600 + $200), so the calculator's itemised repairs are kept,
 * because they answer to the reader's inputs (no late changes, no cleaning), and the table's
 * allowance is now their sum (`ApproachCost.repairs`) for the example household.
 */
import { FILTERS } from '@/features/filters/catalogue';

/** How many years the comparison covers. */
export const YEARS = 5;

/** What a do-it-yourselfer can change in the detailed calculator. */
export interface DiyInputs {
  /** Price of one filter, in whole dollars. */
  filterPrice: number;
  /** Filters bought and fitted in a year. */
  filtersPerYear: number;
  /** Changes a year that happen a month or two late. */
  lateChangesPerYear: number;
}

/** The example household: six pleated filters a year at $18, three of the changes late. */
export const DIY_DEFAULTS: DiyInputs = { filterPrice: 18, filtersPerYear: 6, lateChangesPerYear: 3 };

/** The range each DIY input accepts: prices run from the cheapest fiberglass to the dearest specialized media. */
export const DIY_LIMITS: Record<keyof DiyInputs, { min: number; max: number }> = {
  filterPrice: { min: FILTERS.fiberglass.price.min, max: FILTERS.specialized.price.max },
  filtersPerYear: { min: 1, max: 12 },
  lateChangesPerYear: { min: 0, max: 12 },
};

/** Extra heating and cooling paid for each change that runs late. */
export const ENERGY_PER_LATE_CHANGE = 50;
/** A typical filter-only professional service: four visits a year, filters included. */
export const PROFESSIONAL_PER_YEAR = 220;
/** One ordinary repair that any system can need in five years, counted in both columns. */
export const COMMON_REPAIR = { year: 4, amount: 600 } as const;
/** A coil and blower cleaning after dust got past overdue filters: DIY only, and only with late changes. */
export const LATE_CHANGE_CLEANING = { year: 3, amount: 200 } as const;

/** One approach's costs over the years compared. */
export interface ApproachCost<Part extends string = string> {
  /** The routine cost of a year without repairs. */
  annual: number;
  /** Repairs and cleanings over the whole period: everything the routine years leave out. */
  repairs: number;
  /** Cost of each year, first to last, repairs included. */
  byYear: number[];
  /** Five-year total: routine years plus repairs. */
  total: number;
  /** Named five-year amounts that add up to `total`. */
  parts: Record<Part, number>;
}

/** DIY costs: filters, energy lost to late changes, the coil cleaning and the ordinary repair. */
export type DiyCost = ApproachCost<'filters' | 'energy' | 'cleaning' | 'repair'>;
/** Professional costs: the service and the ordinary repair. */
export type ProfessionalCost = ApproachCost<'service' | 'repair'>;

/** Both approaches with the same inputs. */
export interface Comparison {
  diy: DiyCost;
  professional: ProfessionalCost;
  /** DIY total minus professional total: positive when the professional service costs less. */
  difference: number;
}

function clamp(value: number, { min, max }: { min: number; max: number }): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Whole numbers within range; late changes never exceed the changes made. Blanks take the defaults. */
export function normalizeDiy(input: Partial<DiyInputs>): DiyInputs {
  const pick = (key: keyof DiyInputs) => clamp(input[key] ?? DIY_DEFAULTS[key], DIY_LIMITS[key]);
  const filtersPerYear = pick('filtersPerYear');
  return {
    filterPrice: pick('filterPrice'),
    filtersPerYear,
    lateChangesPerYear: Math.min(pick('lateChangesPerYear'), filtersPerYear),
  };
}

/** Routine cost over the whole period. */
export function routineTotal(approach: Pick<ApproachCost, 'annual'>): number {
  return approach.annual * YEARS;
}

function approachCost<Part extends string>(
  annual: number,
  repairs: readonly { year: number; amount: number }[],
  parts: Record<Part, number>,
): ApproachCost<Part> {
  const byYear = Array.from(
    { length: YEARS },
    (_, i) => annual + repairs.filter((r) => r.year === i + 1).reduce((sum, r) => sum + r.amount, 0),
  );
  const repairTotal = repairs.reduce((sum, r) => sum + r.amount, 0);
  return { annual, repairs: repairTotal, byYear, total: routineTotal({ annual }) + repairTotal, parts };
}

/** The DIY column: filters, the energy lost to late changes, and repairs. */
export function diyCost(input: Partial<DiyInputs> = DIY_DEFAULTS): DiyCost {
  const { filterPrice, filtersPerYear, lateChangesPerYear } = normalizeDiy(input);
  const filters = filterPrice * filtersPerYear;
  const energy = ENERGY_PER_LATE_CHANGE * lateChangesPerYear;
  const cleaning = lateChangesPerYear > 0 ? LATE_CHANGE_CLEANING.amount : 0;
  return approachCost(filters + energy, [COMMON_REPAIR, { year: LATE_CHANGE_CLEANING.year, amount: cleaning }], {
    filters: filters * YEARS,
    energy: energy * YEARS,
    cleaning,
    repair: COMMON_REPAIR.amount,
  });
}

/** The professional column: the service every year, and the same ordinary repair. */
export function professionalCost(): ProfessionalCost {
  return approachCost(PROFESSIONAL_PER_YEAR, [COMMON_REPAIR], {
    service: PROFESSIONAL_PER_YEAR * YEARS,
    repair: COMMON_REPAIR.amount,
  });
}

/** DIY and professional side by side for the given DIY inputs. */
export function compareCosts(input: Partial<DiyInputs> = DIY_DEFAULTS): Comparison {
  const diy = diyCost(input);
  const professional = professionalCost();
  return { diy, professional, difference: diy.total - professional.total };
}

/** The example household's DIY costs, as the article's summary table shows them. */
export const DIY: DiyCost = diyCost(DIY_DEFAULTS);
/** The professional service's costs. */
export const PROFESSIONAL: ProfessionalCost = professionalCost();
