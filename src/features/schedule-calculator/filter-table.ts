/**
 * The guide's filter-type table (SPEC §3 "Filter-type table row", §9: 30 days, 60-90, 90 and
 * 6-12 months by type), one row per type of the schedule calculator, in the same order.
 */
import { FILTER_TYPES } from './schedule';

export interface FilterTableRow {
  /** The calculator's filterType value. */
  readonly value: (typeof FILTER_TYPES)[number]['value'];
  /** The type's name, as the calculator labels it. */
  readonly type: string;
  readonly merv: string;
  /** How often to replace it. */
  readonly frequency: string;
  /** Relative price of the filter itself: $ to $$$$. */
  readonly costTier: string;
  readonly costLabel: string;
  readonly efficiency: string;
  /** What it catches, in plain words. */
  readonly catches: string;
}

const DETAILS: Record<FilterTableRow['value'], Omit<FilterTableRow, 'value' | 'type'>> = {
  fiberglass: {
    merv: 'MERV 1-4',
    frequency: '30 days',
    costTier: '$',
    costLabel: 'Lowest',
    efficiency: 'Low',
    catches: 'Large dust and lint; it protects the equipment more than your lungs.',
  },
  pleated: {
    merv: 'MERV 5-8',
    frequency: '60-90 days',
    costTier: '$$',
    costLabel: 'Moderate',
    efficiency: 'Moderate',
    catches: 'Household dust, pollen and mold spores. The right choice for most homes.',
  },
  high_efficiency: {
    merv: 'MERV 9-12',
    frequency: '90 days',
    costTier: '$$$',
    costLabel: 'Higher',
    efficiency: 'High',
    catches: 'Finer dust, pet dander and most pollen; good for allergies and pets.',
  },
  hepa: {
    merv: 'Beyond MERV 16',
    frequency: '6-12 months',
    costTier: '$$$$',
    costLabel: 'Highest',
    efficiency: 'Highest',
    catches: '99.97% of particles at 0.3 microns; needs a dedicated whole-home unit or a purifier.',
  },
};

/** The table's rows, in the calculator's order. */
export const FILTER_TABLE: readonly FilterTableRow[] = FILTER_TYPES.map((t) => ({
  value: t.value,
  type: t.label,
  ...DETAILS[t.value],
}));
