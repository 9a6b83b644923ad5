/**
 * One question of the DIY quiz: a group of three native radio buttons named by the question (arrow
 * keys move and choose, the group is one tab stop). Native, not Headless UI, so the quiz hydrates
 * in a fraction of the time on a slow phone (docs/product/performance.md#performance-decisions, "The quiz's
 * answers are native radio buttons").
 */
import { useId } from 'react';
import type { Question } from './quiz';

interface Props {
  number: number;
  question: Question;
  value: number | undefined;
  onChoose: (option: 0 | 1 | 2) => void;
}

export default function QuizQuestion({ number, question, value, onChoose }: Props) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-semibold">
        {number}. {question.question}
      </legend>
      {question.options.map((option, i) => (
        <label
          key={option}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name={name}
            value={i}
            checked={value === i}
            onChange={() => onChoose(i as 0 | 1 | 2)}
            className="size-5 shrink-0 accent-brand-700"
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}
