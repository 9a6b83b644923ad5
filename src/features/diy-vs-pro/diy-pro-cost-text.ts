/**
 * The DIY-versus-professional cost calculator's displayed values, by name, for the calculator
 * island (CostCalculator.tsx) and its parts: the server renders them with the defaults, the island
 * on each change. The printable guide reads them too.
 */
import { formatUsd } from '@/lib/format';
import {
  compareCosts,
  ENERGY_PER_LATE_CHANGE,
  normalizeDiy,
  YEARS,
  type DiyInputs,
} from '@/features/five-year-costs/five-year-model';

/** Year numbers shown in the table, 1 to YEARS. */
export const YEAR_NUMBERS = Array.from({ length: YEARS }, (_, i) => i + 1);

type YearKey = `diy-year-${number}` | `pro-year-${number}`;
/** Every text the calculator shows that depends on the DIY inputs. */
export type OutputKey =
  | 'summary'
  | 'diy-annual'
  | 'diy-total'
  | 'pro-annual'
  | 'pro-total'
  | 'diy-filters'
  | 'diy-filters-detail'
  | 'diy-energy'
  | 'diy-energy-detail'
  | 'diy-cleaning'
  | 'diy-repair'
  | 'pro-service'
  | 'pro-repair'
  | YearKey;

const per = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One sentence comparing the two five-year totals. */
export function summarySentence(diyTotal: number, professionalTotal: number): string {
  const both = `Doing it yourself comes to ${formatUsd(diyTotal)} over five years and a professional service to ${formatUsd(professionalTotal)}`;
  const gap = Math.abs(diyTotal - professionalTotal);
  if (gap === 0) return `${both}: the same.`;
  const cheaper = diyTotal < professionalTotal ? 'doing it yourself' : 'the professional service';
  return `${both}, so ${cheaper} costs ${formatUsd(gap)} less.`;
}

/** The displayed texts for a set of DIY inputs (blank or out-of-range values are normalized). */
export function costTexts(input: Partial<DiyInputs>): Record<OutputKey, string> {
  const inputs = normalizeDiy(input);
  const { diy, professional } = compareCosts(inputs);
  const years = Object.fromEntries(
    YEAR_NUMBERS.flatMap((year) => [
      [`diy-year-${year}`, formatUsd(diy.byYear[year - 1] ?? 0)],
      [`pro-year-${year}`, formatUsd(professional.byYear[year - 1] ?? 0)],
    ]),
  ) as Record<YearKey, string>;
  return {
    summary: summarySentence(diy.total, professional.total),
    'diy-annual': formatUsd(diy.annual),
    'diy-total': formatUsd(diy.total),
    'pro-annual': formatUsd(professional.annual),
    'pro-total': formatUsd(professional.total),
    'diy-filters': formatUsd(diy.parts.filters),
    'diy-filters-detail': `${per(inputs.filtersPerYear, 'filter')} a year at ${formatUsd(inputs.filterPrice)}`,
    'diy-energy': formatUsd(diy.parts.energy),
    'diy-energy-detail': `${per(inputs.lateChangesPerYear, 'late change')} a year at ${formatUsd(ENERGY_PER_LATE_CHANGE)}`,
    'diy-cleaning': formatUsd(diy.parts.cleaning),
    'diy-repair': formatUsd(diy.parts.repair),
    'pro-service': formatUsd(professional.parts.service),
    'pro-repair': formatUsd(professional.parts.repair),
    ...years,
  };
}
