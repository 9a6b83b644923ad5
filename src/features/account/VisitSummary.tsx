/** The visit as /visit shows it (docs/product/visits.md#changing-a-visit): service, when, address, order number, status. */
import type { VisitChangeAnswer } from '@/features/visits/changes';

export default function VisitSummary({ answer }: { answer: VisitChangeAnswer }) {
  const { visit } = answer;
  const rows: [string, string][] = [
    ['Service', visit.service],
    ['When', visit.when],
    ['Address', visit.address],
    ['Order number', visit.orderNumber],
    ['Status', visit.status[0]?.toUpperCase() + visit.status.slice(1)],
  ];
  return (
    <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{label}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
