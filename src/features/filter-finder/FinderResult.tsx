import { lifespanLabel, mervLabel, priceLabel } from '@/features/filters/catalogue';
import type { FinderInputs } from './finder';
import { getFilterType } from './filter-types';
import { explainRecommendation } from './recommendation';

/** The recommended type's card: name, MERV, price, lifespan and why it came out on top. */
export default function FinderResult({ inputs }: { inputs: FinderInputs }) {
  const pick = explainRecommendation(inputs);
  const type = getFilterType(pick.id);
  const runnerUp = getFilterType(pick.runnerUp.id);
  const facts = [
    ['MERV rating', mervLabel(type)],
    ['Price per filter', priceLabel(type)],
    ['Lifespan', lifespanLabel(type)],
  ] as const;
  return (
    <section aria-label="Your filter match" className="rounded-2xl border border-slate-300 bg-brand-50 p-5 sm:p-6">
      <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Your match</p>
      <h3 className="mt-1! text-2xl!">{type.name}</h3>
      <dl className="mt-4 grid gap-3 text-base sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-white px-3 py-2">
            <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
            <dd className="font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-5 text-lg font-bold">Why this filter</h4>
      <p className="mt-1 text-base">{type.bestFor}</p>
      <p className="mt-2 text-base text-ink-muted">
        {pick.tie
          ? `Your answers gave it ${pick.points} points, tied with ${runnerUp.name}; a tie goes to the simpler, lower-cost filter.`
          : `Your answers gave it ${pick.points} points, ahead of ${runnerUp.name} with ${pick.runnerUp.points}.`}
        {pick.overBudget &&
          ` It usually costs ${priceLabel(type)} per filter, above your $${inputs.budget} budget, but your other answers point to it.`}
      </p>
      <p className="mt-3 text-base">
        <a href="#filter-types" className="font-semibold text-brand-700 underline underline-offset-4">
          Compare all six filter types
        </a>
      </p>
    </section>
  );
}
