/** The filter finder's budget: a $5-step slider and a typed twin (WCAG 2.5.7) that always agree. */
import { BUDGET } from './finder';
import { budgetFromText } from './recommendation';

interface Props {
  /** The slider's id; the typed field and hint derive theirs from it. */
  id: string;
  budget: number;
  /** What the typed field holds, which may be half-typed. */
  text: string;
  onBudget: (budget: number) => void;
  onText: (text: string) => void;
}

/** The slider with its value and ends, the typed amount beside it, and the rounding hint. */
export default function BudgetField({ id, budget, text, onBudget, onText }: Props) {
  return (
    <>
      {/* A value the reader sets, not a price: docs/product/services.md#informational-ranges. */}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-end" data-price="input">
        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={id} className="field-label">
              Budget per filter
            </label>
            <output htmlFor={id} className="text-lg font-bold text-brand-800">
              ${budget}
            </output>
          </div>
          <input
            id={id}
            type="range"
            min={BUDGET.min}
            max={BUDGET.max}
            step={BUDGET.step}
            value={budget}
            aria-valuetext={`$${budget}`}
            onChange={(event) => {
              onBudget(Number(event.target.value));
              onText(event.target.value);
            }}
            className="mt-2 h-6 w-full cursor-pointer accent-brand-700"
          />
          <div className="flex justify-between text-sm text-ink-muted" aria-hidden="true">
            <span>${BUDGET.min}</span>
            <span>${BUDGET.max}</span>
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-typed`} className="field-label">
            Or type an amount ($)
          </label>
          <input
            id={`${id}-typed`}
            type="number"
            inputMode="numeric"
            min={BUDGET.min}
            max={BUDGET.max}
            step={BUDGET.step}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              onText(event.target.value);
              const typed = budgetFromText(event.target.value);
              if (typed !== null) onBudget(typed);
            }}
            onBlur={() => onText(String(budget))}
            className="field-input"
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-ink-muted" data-price="input">
        Amounts round to the nearest ${BUDGET.step}, from ${BUDGET.min} to ${BUDGET.max}.
      </p>
    </>
  );
}
