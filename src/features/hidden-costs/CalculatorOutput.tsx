/** One output of the hidden-costs calculator. */

interface OutputProps {
  label: string;
  value: string;
  note: string;
  strong?: boolean;
}

/** One output: label, value and a short note, announced together when the value changes. */
export default function CalculatorOutput({ label, value, note, strong = false }: OutputProps) {
  const box = strong ? 'col-span-2 bg-brand-800 text-white sm:col-span-1' : 'bg-slate-50';
  return (
    <div aria-atomic="true" className={`min-w-0 rounded-xl p-3 sm:p-4 ${box}`}>
      <dt className={strong ? 'text-sm font-semibold text-brand-100' : 'text-sm font-semibold text-ink-muted'}>
        {label}
      </dt>
      <dd className="text-xl font-extrabold tabular-nums sm:text-2xl">{value}</dd>
      <dd className={strong ? 'text-sm text-brand-100' : 'text-sm text-ink-muted'}>{note}</dd>
    </div>
  );
}
