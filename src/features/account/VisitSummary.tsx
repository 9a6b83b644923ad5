/** The visit as /visit shows it (docs/product/visits.md#changing-a-visit): service, when, address, order number, status. */
import FactList from '@/components/FactList';
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
  return <FactList facts={rows} />;
}
