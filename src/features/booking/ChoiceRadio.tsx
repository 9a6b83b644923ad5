/** One choice of a booking card's radio group (a filter grade, a time window), drawn as a bordered row. */
import type { ReactNode } from 'react';

interface Props {
  name: string;
  value: string;
  checked: boolean;
  /** A choice that cannot be taken (a full window): shown, not chosen. */
  disabled?: boolean;
  onChoose: () => void;
  children: ReactNode;
}

export default function ChoiceRadio({ name, value, checked, disabled = false, onChoose, children }: Props) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:bg-slate-50 has-disabled:text-ink-muted">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="size-5 accent-brand-700"
      />
      {children}
    </label>
  );
}
