/** What the filter finder shows beside its pick: why it won, and the budget slider's typed alternative. */
import { FILTER_TYPE_IDS, type FilterTypeId } from '@/features/filters/catalogue';
import { BUDGET, finderScores, recommendFilter, type FinderInputs } from './finder';
import { getFilterType } from './filter-types';

/** The finder's pick with the figures behind it. */
export interface Recommendation {
  id: FilterTypeId;
  points: number;
  /** The best of the other five types. */
  runnerUp: { id: FilterTypeId; points: number };
  /** The runner-up has as many points: the tie went to the type earlier in the finder's order. */
  tie: boolean;
  /** The budget is below what this type usually costs. */
  overBudget: boolean;
}

/** The recommended type for the answers (finder.ts), its points, the runner-up and the budget check. */
export function explainRecommendation(inputs: FinderInputs): Recommendation {
  const totals = finderScores(inputs);
  const id = recommendFilter(inputs);
  const others = FILTER_TYPE_IDS.filter((t) => t !== id);
  const runnerUp = others.reduce((best, t) => (totals[t] > totals[best] ? t : best), others[0]!);
  return {
    id,
    points: totals[id],
    runnerUp: { id: runnerUp, points: totals[runnerUp] },
    tie: totals[runnerUp] === totals[id],
    overBudget: inputs.budget < getFilterType(id).price.min,
  };
}

/**
 * The budget a typed amount stands for: rounded to the slider's $5 step and kept within $5-100,
 * so the budget always has a value (docs/product/tools.md#filter-finder). Null when the text is not a number yet.
 */
export function budgetFromText(text: string): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return null;
  const stepped = Math.round(value / BUDGET.step) * BUDGET.step;
  return Math.min(BUDGET.max, Math.max(BUDGET.min, stepped));
}
