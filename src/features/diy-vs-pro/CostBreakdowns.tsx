/** What each column of the cost calculator counts, item by item, down to its five-year total. */
import { COMMON_REPAIR, LATE_CHANGE_CLEANING } from '@/features/five-year-costs/five-year-model';
import type { OutputKey } from './diy-pro-cost-text';

const BREAKDOWNS: readonly {
  title: string;
  rows: readonly { label: string; detail?: OutputKey; value: OutputKey }[];
  total: OutputKey;
  note?: string;
}[] = [
  {
    title: 'What the DIY column counts',
    rows: [
      { label: 'Filters', detail: 'diy-filters-detail', value: 'diy-filters' },
      { label: 'Extra heating and cooling', detail: 'diy-energy-detail', value: 'diy-energy' },
      {
        label: `Coil and blower cleaning in year ${LATE_CHANGE_CLEANING.year}, only if changes run late`,
        value: 'diy-cleaning',
      },
      { label: `One ordinary repair in year ${COMMON_REPAIR.year}`, value: 'diy-repair' },
    ],
    total: 'diy-total',
  },
  {
    title: 'What the professional column counts',
    rows: [
      { label: 'Service: four visits a year, filters included', value: 'pro-service' },
      { label: `The same ordinary repair in year ${COMMON_REPAIR.year}`, value: 'pro-repair' },
    ],
    total: 'pro-total',
    note: 'Nothing is lost to late changes: the visits come on schedule whether or not anyone remembers.',
  },
];

export default function CostBreakdowns({ texts }: { texts: Record<OutputKey, string> }) {
  return (
    <div className="grid gap-4 text-base md:grid-cols-2">
      {BREAKDOWNS.map(({ title, rows, total, note }) => (
        <div key={title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h4 className="font-bold">{title}</h4>
          <dl className="mt-3 grid gap-3">
            {rows.map(({ label, detail, value }) => (
              <div key={label} className="flex items-baseline justify-between gap-4 border-b border-slate-200 pb-2">
                <dt>
                  {label}
                  {detail && `: ${texts[detail]}`}
                </dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums">{texts[value]}</dd>
              </div>
            ))}
            <div className="flex items-baseline justify-between gap-4 font-bold">
              <dt>Five-year total</dt>
              <dd className="whitespace-nowrap tabular-nums">{texts[total]}</dd>
            </div>
          </dl>
          {note && <p className="mt-3 text-sm text-ink-muted">{note}</p>}
        </div>
      ))}
    </div>
  );
}
