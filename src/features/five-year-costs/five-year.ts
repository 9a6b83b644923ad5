/**
 * The five-year cost of keeping a home's air filter changed, DIY versus a professional service
 * (SPEC §9 "Other figures": DIY $2090 over five years, $258 a year; professional $1700, $220 a
 * year). A five-year total is five years of routine cost plus an allowance for filter-related
 * repairs over those years, which is higher when changes are sometimes late.
 */

/** The years the comparison covers. */
export const YEARS = 5;

export interface CareApproach {
  /** Name shown on the approach's card. */
  readonly label: string;
  /** Shorter name for the table's column heading. */
  readonly column: string;
  /** Routine cost per year, in whole dollars. */
  readonly annual: number;
  /** What the routine cost covers, in plain words. */
  readonly annualCovers: string;
  /** Filter-related repairs to expect over the whole period, in whole dollars. */
  readonly repairAllowance: number;
  /** Why the allowance is what it is. */
  readonly repairReason: string;
}

export const DIY: CareApproach = {
  label: 'Do it yourself',
  column: 'DIY',
  annual: 258,
  annualCovers:
    'Filters bought at retail a few at a time, the trips to buy them, and the extra energy a clogged filter wastes when a change slips by a few weeks.',
  repairAllowance: 800,
  repairReason:
    'Late changes are common, and a starved system is more likely to need a service call for a frozen coil or a strained blower motor.',
};

export const PROFESSIONAL: CareApproach = {
  label: 'Professional service',
  column: 'Professional',
  annual: 220,
  annualCovers:
    'Four scheduled visits a year with the right filter brought and fitted, so no change is missed and no energy is wasted on a clogged filter.',
  repairAllowance: 600,
  repairReason:
    'Repairs still happen, but a filter that is never late and a technician who looks at the system every quarter keep them smaller.',
};

/** Routine cost over the whole period. */
export function routineTotal(approach: CareApproach): number {
  return approach.annual * YEARS;
}

/** Routine cost plus the repair allowance: the figure to compare. */
export function fiveYearTotal(approach: CareApproach): number {
  return routineTotal(approach) + approach.repairAllowance;
}
