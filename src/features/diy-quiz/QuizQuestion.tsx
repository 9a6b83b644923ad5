/**
 * One question of the DIY quiz: a Headless UI radio group of its three answers (arrow keys move
 * and choose, the group is one tab stop), named by the question.
 */
import { Radio, RadioGroup } from '@headlessui/react';
import { Fragment, useId } from 'react';
import type { Question } from './quiz';

interface Props {
  number: number;
  question: Question;
  value: number | undefined;
  onChoose: (option: 0 | 1 | 2) => void;
}

export default function QuizQuestion({ number, question, value, onChoose }: Props) {
  const id = useId();
  return (
    // As a Fragment the group's element is the div below, whose aria-labelledby is in the server's
    // HTML too (Headless UI's own Label registers only once hydrated).
    <RadioGroup
      as={Fragment}
      value={value ?? null}
      onChange={(option: number | null) => option !== null && onChoose(option as 0 | 1 | 2)}
    >
      <div className="grid gap-2" aria-labelledby={id}>
        <p id={id} className="mb-2 font-semibold">
          {number}. {question.question}
        </p>
        {question.options.map((option, i) => (
          <Radio
            key={option}
            value={i}
            className="group flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base hover:border-brand-600 data-checked:border-brand-700 data-checked:bg-brand-50"
          >
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-500 group-data-checked:border-brand-700"
            >
              <span className="size-2.5 rounded-full bg-brand-700 opacity-0 group-data-checked:opacity-100" />
            </span>
            {option}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
