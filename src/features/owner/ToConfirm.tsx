/**
 * The desk's To confirm (docs/product/desk.md#owners-desk): every requested visit from today over the
 * longest range the API reads, the oldest request first, each card with its day.
 */
import { MAX_VISIT_RANGE_DAYS, type OwnerVisit, type OwnerVisitsAnswer } from '@/features/visits/owner-api';
import { addDays } from '@/lib/dates';
import { oldestFirst } from './desk';
import { visitsPath } from './owner-paths';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';
import VisitCard from './VisitCard';

interface Props {
  today: string;
  version: number;
  onOpen: (visit: OwnerVisit) => void;
}

export default function ToConfirm({ today, version, onOpen }: Props) {
  const read = useOwnerGet<OwnerVisitsAnswer>(
    visitsPath(today, addDays(today, MAX_VISIT_RANGE_DAYS), 'requested'),
    version,
  );
  const visits = oldestFirst(read.data?.visits ?? []);
  return (
    <section aria-labelledby="to-confirm">
      <h2 id="to-confirm" className="text-2xl font-bold">
        To confirm
      </h2>
      <p className="mt-1 text-ink-muted">Requested visits, the oldest request first.</p>
      <ReadState read={read} empty={visits.length === 0 ? 'Nothing to confirm.' : null} />
      {visits.length > 0 && (
        <ul aria-labelledby="to-confirm" className="mt-4 grid gap-3">
          {visits.map((visit) => (
            <VisitCard key={visit.id} visit={visit} withDay onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
