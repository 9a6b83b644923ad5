/** The cost calculator's two headline figures: each approach's five-year total and routine year. */
import type { OutputKey } from './diy-pro-cost-text';

const TOTALS: readonly { title: string; total: OutputKey; annual: OutputKey }[] = [
  { title: 'Doing it yourself', total: 'diy-total', annual: 'diy-annual' },
  { title: 'Professional service', total: 'pro-total', annual: 'pro-annual' },
];

export default function CostTotals({ texts }: { texts: Record<OutputKey, string> }) {
  return (
    <dl className="grid gap-3 text-base sm:grid-cols-2">
      {TOTALS.map(({ title, total, annual }) => (
        <div key={title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <dt className="font-semibold">{title}</dt>
          <dd className="mt-1">
            <span className="text-2xl font-bold">{texts[total]}</span> over five years
          </dd>
          <dd>
            <span className="font-semibold">{texts[annual]}</span> in a routine year
          </dd>
        </div>
      ))}
    </dl>
  );
}
