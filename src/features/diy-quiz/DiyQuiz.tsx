/**
 * The DIY-versus-professional quiz (docs/product/tools.md#diy-quiz): five radio groups (QuizQuestion), 'Get My Recommendation'
 * disabled until all are answered, and the result shown only after the press. Changing an answer
 * hides the result until the button is pressed again.
 */
import { useId, useState } from 'react';
import { isComplete, QUESTIONS, recommend, score, type QuestionId, type QuizAnswers } from './quiz';
import QuizQuestion from './QuizQuestion';
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
        <QuizQuestion
          key={q.id}
          number={index + 1}
          question={q}
          value={answers[q.id]}
          onChoose={(option) => choose(q.id, option)}
        />
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
