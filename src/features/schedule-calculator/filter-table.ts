/**
 * The guide's filter-type table (docs/product/tools.md#filter-type-table: 30 days, 60-90, 90 and
 * 6-12 months by type), one row per type of the schedule calculator, in the same order. The
 * figures come from the filter catalogue; only the plain-words line is the table's own.
 */
import { costTierLabel, FILTERS, lifespanLabel, mervLabel } from '@/features/filters/catalogue';
import { FILTER_CHOICES } from './schedule';

type ChoiceId = (typeof FILTER_CHOICES)[number]['value'];

export interface FilterTableRow {
  /** The calculator's filterType value. */
  readonly value: ChoiceId;
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

const CATCHES: Record<ChoiceId, string> = {
  fiberglass: 'Large dust and lint; it protects the equipment more than your lungs.',
  pleated: 'Household dust, pollen and mold spores. The right choice for most homes.',
  high_efficiency: 'Finer dust, pet dander and most pollen; good for allergies and pets.',
  hepa: '99.97% of particles at 0.3 microns; needs a dedicated whole-home unit or a purifier.',
};

/** The table's rows, in the calculator's order. */
export const FILTER_TABLE: readonly FilterTableRow[] = FILTER_CHOICES.map(({ value, label }) => {
  const facts = FILTERS[value];
  const cost = costTierLabel(facts.costTier);
  return {
    value,
    type: label,
    merv: mervLabel(facts),
    frequency: lifespanLabel(facts),
    costTier: cost.symbol,
    costLabel: cost.name,
    efficiency: facts.efficiency,
    catches: CATCHES[value],
  };
});
