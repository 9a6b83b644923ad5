/**
 * The DIY-versus-professional quiz (docs/product.md#diy-quiz): five radio groups, 'Get My Recommendation'
 * disabled until all are answered, and the result shown only after the press. Changing an answer
 * hides the result until the button is pressed again.
 */
import { useId, useState } from 'react';
import { isComplete, QUESTIONS, recommend, score, type QuestionId, type QuizAnswers } from './quiz';
import { RESULTS } from './results';

export default function DiyQuiz() {
  const id = useId();
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [shown, setShown] = useState(false);
  const answered = QUESTIONS.filter((q) => answers[q.id] !== undefined).length;
  const complete = isComplete(answers);
  const result = shown && complete ? RESULTS[recommend(answers)] : null;
  const points = score(answers);

  const choose = (question: QuestionId, option: 0 | 1 | 2) => {
    setAnswers((current) => ({ ...current, [question]: option }));
    setShown(false);
  };

  return (
    <div className="grid gap-6 rounded-2xl border border-slate-200 bg-brand-50/40 p-4 sm:p-6">
      {QUESTIONS.map((q, index) => (
        <fieldset key={q.id} className="grid gap-2">
          <legend className="mb-2 font-semibold">
            {index + 1}. {q.question}
          </legend>
          {q.options.map((option, i) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
            >
              <input
                type="radio"
                name={`${id}-${q.id}`}
                value={i}
                checked={answers[q.id] === i}
                onChange={() => choose(q.id, i as 0 | 1 | 2)}
                className="size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              {option}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className="btn-primary disabled:cursor-not-allowed disabled:bg-slate-500"
          disabled={!complete}
          aria-describedby={`${id}-progress`}
          onClick={() => setShown(true)}
        >
          Get My Recommendation
        </button>
        <p id={`${id}-progress`} className="text-base text-ink-muted">
          {complete ? 'All five questions answered.' : `${answered} of 5 answered. Answer all five to continue.`}
        </p>
      </div>
      <div aria-live="polite">
        {result && (
          <div className="grid gap-3 rounded-xl border-2 border-brand-700 bg-white p-5">
            <h3 className="mt-0!">Our recommendation: {result.title}</h3>
            <p>{result.explanation}</p>
            <p>{result.next}</p>
            <p className="text-base text-ink-muted">
              Your answers scored {points.diy} points for doing it yourself and {points.professional} for a
              professional.
            </p>
            <ul>
              {result.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
