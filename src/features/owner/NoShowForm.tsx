/** No-show (docs/product/desk.md#owners-desk): nobody was home; 'Mark as no-show'. A no-show can still be cancelled. */
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function NoShowForm({ visit, onApplied }: Props) {
  const action = useVisitAction(visit.id, onApplied);
  return (
    <div className="grid gap-3">
      <p>Nobody was home?</p>
      <button
        type="button"
        className="btn-primary"
        disabled={action.busy}
        onClick={() => void action.act({ action: 'no-show' })}
      >
        {action.busy ? 'Saving...' : 'Mark as no-show'}
      </button>
      <SendState error={action.error} />
    </div>
  );
}
