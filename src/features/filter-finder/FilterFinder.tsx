/**
 * The filter finder of docs/product/tools.md#filter-finder: three questions and a budget, 'Find My Filter' enabled once the
 * three questions are answered, and the recommended type's card after the press. Any change to an
 * answer hides the card until the button is pressed again.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import BudgetField from './BudgetField';
import FinderResult from './FinderResult';
import { BUDGET, CONCERNS, HOME_TYPES, SYSTEM_AGES, type FinderInputs } from './finder';

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

/** The finder island: questions and budget, then the match once Find My Filter is pressed. */
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
        <BudgetField
          id={`${id}-budget`}
          budget={budget}
          text={budgetText}
          onBudget={changeBudget}
          onText={setBudgetText}
        />
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
      <div aria-live="polite">{shown && <FinderResult inputs={shown} />}</div>
    </div>
  );
}
