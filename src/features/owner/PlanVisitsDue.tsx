/**
 * The desk's Plan visits (docs/product/desk.md#owners-desk): the plan visits still to do due by the end
 * of this month, overdue ones included, soonest due first; confirmed, moved and done like a booking.
 */
import type { OwnerVisit, OwnerVisitsAnswer } from '@/features/visits/owner-api';
import { endOfMonth } from './desk';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';
import VisitCard from './VisitCard';

interface Props {
  today: string;
  version: number;
  onOpen: (visit: OwnerVisit) => void;
}

export default function PlanVisitsDue({ today, version, onOpen }: Props) {
  const read = useOwnerGet<OwnerVisitsAnswer>(
    `/api/owner/visits?${new URLSearchParams({ dueBy: endOfMonth(today) }).toString()}`,
    version,
  );
  const visits = read.data?.visits ?? [];
  return (
    <section aria-labelledby="plan-visits-due">
      <h2 id="plan-visits-due" className="text-2xl font-bold">
        Plan visits due
      </h2>
      <p className="mt-1 text-ink-muted">This month and overdue, the soonest due first.</p>
      <ReadState read={read} empty={visits.length === 0 ? 'No plan visits due this month.' : null} />
      {visits.length > 0 && (
        <ul aria-labelledby="plan-visits-due" className="mt-4 grid gap-3">
          {visits.map((visit) => (
            <VisitCard key={visit.id} visit={visit} withDay today={today} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
