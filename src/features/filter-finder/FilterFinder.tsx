/**
 * The filter finder of SPEC §2-§5: three questions and a budget, 'Find My Filter' enabled once the
 * three questions are answered, and the recommended type's card after the press. Any change to an
 * answer hides the card until the button is pressed again.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { BUDGET, CONCERNS, HOME_TYPES, SYSTEM_AGES, type FinderInputs } from './finder';
import { lifespanLabel, mervLabel, priceLabel } from '@/features/filters/catalogue';
import { getFilterType } from './filter-types';
import { budgetFromText, explainRecommendation } from './recommendation';

type Answers = { [K in 'homeType' | 'concern' | 'systemAge']: FinderInputs[K] | '' };
type Question = keyof Answers;

const QUESTIONS: readonly { name: Question; label: string; options: readonly { value: string; label: string }[] }[] = [
  { name: 'homeType', label: 'Home type', options: HOME_TYPES },
  { name: 'concern', label: 'Primary concern', options: CONCERNS },
  { name: 'systemAge', label: 'System age', options: SYSTEM_AGES },
];

/** Narrows the answers to finder inputs once every question has one. */
function complete(answers: Answers, budget: number): FinderInputs | null {
  const { homeType, concern, systemAge } = answers;
  if (homeType === '' || concern === '' || systemAge === '') return null;
  return { homeType, concern, systemAge, budget };
}

export default function FilterFinder() {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({ homeType: '', concern: '', systemAge: '' });
  const [budget, setBudget] = useState<number>(BUDGET.default);
  const [budgetText, setBudgetText] = useState(String(BUDGET.default));
  const [shown, setShown] = useState<FinderInputs | null>(null);
  const inputs = complete(answers, budget);

  function answer(name: Question, event: ChangeEvent<HTMLSelectElement>) {
    setAnswers((current) => ({ ...current, [name]: event.target.value }));
    setShown(null);
  }

  function changeBudget(next: number) {
    if (next !== budget) setShown(null);
    setBudget(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBudgetText(String(budget));
    if (inputs) setShown(inputs);
  }

  return (
    <div className="grid gap-6">
      {/* noValidate: a typed budget off the $5 step is rounded here, not refused by the browser. */}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Filter finder"
        className="grid gap-5 rounded-2xl border-2 border-brand-700 bg-white p-5 text-base sm:p-6"
      >
        <div className="grid gap-5 sm:grid-cols-3">
          {QUESTIONS.map((q) => (
            <div key={q.name}>
              <label htmlFor={`${id}-${q.name}`} className="field-label">
                {q.label}
              </label>
              <select
                id={`${id}-${q.name}`}
                name={q.name}
                value={answers[q.name]}
                onChange={(event) => answer(q.name, event)}
                className="field-input"
              >
                <option value="">Select...</option>
                {q.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-end">
          <div>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={`${id}-budget`} className="field-label">
                Budget per filter
              </label>
              <output htmlFor={`${id}-budget`} className="text-lg font-bold text-brand-800">
                ${budget}
              </output>
            </div>
            <input
              id={`${id}-budget`}
              type="range"
              min={BUDGET.min}
              max={BUDGET.max}
              step={BUDGET.step}
              value={budget}
              aria-valuetext={`$${budget}`}
              onChange={(event) => {
                changeBudget(Number(event.target.value));
                setBudgetText(event.target.value);
              }}
              className="mt-2 h-6 w-full cursor-pointer accent-brand-700"
            />
            <div className="flex justify-between text-sm text-ink-muted" aria-hidden="true">
              <span>${BUDGET.min}</span>
              <span>${BUDGET.max}</span>
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-budget-typed`} className="field-label">
              Or type an amount ($)
            </label>
            <input
              id={`${id}-budget-typed`}
              type="number"
              inputMode="numeric"
              min={BUDGET.min}
              max={BUDGET.max}
              step={BUDGET.step}
              value={budgetText}
              aria-describedby={`${id}-budget-hint`}
              onChange={(event) => {
                setBudgetText(event.target.value);
                const typed = budgetFromText(event.target.value);
                if (typed !== null) changeBudget(typed);
              }}
              onBlur={() => setBudgetText(String(budget))}
              className="field-input"
            />
          </div>
        </div>
        <p id={`${id}-budget-hint`} className="-mt-2 text-sm text-ink-muted">
          Amounts round to the nearest $5, from ${BUDGET.min} to ${BUDGET.max}.
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button
            type="submit"
            disabled={!inputs}
            aria-describedby={inputs ? undefined : `${id}-needs`}
            className="btn-primary disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            Find My Filter
          </button>
          {!inputs && (
            <p id={`${id}-needs`} className="text-sm text-ink-muted">
              Choose your home type, primary concern and system age first.
            </p>
          )}
        </div>
      </form>
      <div aria-live="polite">{shown && <Result inputs={shown} />}</div>
    </div>
  );
}

/** The recommended type's card: name, MERV, price, lifespan and why it came out on top. */
function Result({ inputs }: { inputs: FinderInputs }) {
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
