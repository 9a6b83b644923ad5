/**
 * The desk's To confirm (docs/product/desk.md#owners-desk): every requested visit from today over the
 * longest range the API reads, in two lists, each card with its day: 'No time proposed yet' (the
 * oldest request first, with the customer's note when they asked for another time) and 'Proposed,
 * no answer yet' (the oldest proposal first, with how long it has waited).
 */
import { MAX_VISIT_RANGE_DAYS, type OwnerVisit, type OwnerVisitsAnswer } from '@/features/visits/owner-api';
import { addDays } from '@/lib/dates';
import { proposalLabel, timeNoteLabel, toConfirmLists } from './desk-proposals';
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
  const { unproposed, proposed } = toConfirmLists(read.data?.visits ?? []);
  // How long each proposal has waited, by the phone's clock: the desk knows only the server's day.
  const now = new Date();
  const none = unproposed.length === 0 && proposed.length === 0;
  return (
    <section aria-labelledby="to-confirm">
      <h2 id="to-confirm" className="text-2xl font-bold">
        To confirm
      </h2>
      <p className="mt-1 text-ink-muted">Requested visits, waiting for a time.</p>
      <ReadState read={read} empty={none ? 'Nothing to confirm.' : null} />
      <RequestList
        id="to-confirm-unproposed"
        title="No time proposed yet"
        visits={unproposed}
        remark={timeNoteLabel}
        onOpen={onOpen}
      />
      <RequestList
        id="to-confirm-proposed"
        title="Proposed, no answer yet"
        visits={proposed}
        remark={(visit) => proposalLabel(visit, now)}
        onOpen={onOpen}
      />
    </section>
  );
}

interface ListProps {
  id: string;
  title: string;
  visits: OwnerVisit[];
  /** What each card adds below its time. */
  remark: (visit: OwnerVisit) => string | null;
  onOpen: (visit: OwnerVisit) => void;
}

/** One of To confirm's lists under its heading; nothing when it is empty. */
function RequestList({ id, title, visits, remark, onOpen }: ListProps) {
  if (visits.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-3 grid gap-3">
        {visits.map((visit) => (
          <VisitCard key={visit.id} visit={visit} withDay remark={remark(visit)} onOpen={onOpen} />
        ))}
      </ul>
    </div>
  );
}
