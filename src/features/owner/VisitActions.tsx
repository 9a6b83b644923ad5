/**
 * The actions a visit's status allows (docs/product/desk.md#owners-desk, actionsFor): 'Propose a time',
 * 'Confirm time', 'Reschedule', 'Mark done', 'No-show', 'Cancel and refund', each a button that opens its form
 * below; a form closes once its action is applied.
 */
import { useState, type ReactNode } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { actionsFor, type VisitAction } from '@/features/visits/status';
import CancelForm from './CancelForm';
import DoneForm from './DoneForm';
import MoveForm from './MoveForm';
import NoShowForm from './NoShowForm';
import ProposeForm from './ProposeForm';

type FormAction = Exclude<VisitAction, 'notes'>;

const LABELS: Readonly<Record<FormAction, string>> = {
  propose: 'Propose a time',
  confirm: 'Confirm time',
  reschedule: 'Reschedule',
  done: 'Mark done',
  'no-show': 'No-show',
  cancel: 'Cancel and refund',
};

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function VisitActions({ visit, onApplied }: Props) {
  const [open, setOpen] = useState<FormAction | null>(null);
  const actions = actionsFor(visit.status).filter((action): action is FormAction => action !== 'notes');
  if (actions.length === 0) return null;

  const applied = (request: VisitActionRequest, next: OwnerVisitAnswer['visit']) => {
    setOpen(null);
    onApplied(request, next);
  };
  const forms: Record<FormAction, () => ReactNode> = {
    propose: () => <ProposeForm visit={visit} onApplied={applied} />,
    confirm: () => <MoveForm kind="confirm" visit={visit} onApplied={applied} />,
    reschedule: () => <MoveForm kind="reschedule" visit={visit} onApplied={applied} />,
    done: () => <DoneForm visit={visit} onApplied={applied} />,
    'no-show': () => <NoShowForm visit={visit} onApplied={applied} />,
    cancel: () => <CancelForm visit={visit} onApplied={applied} />,
  };

  return (
    <section aria-labelledby="visit-actions" className="mt-6">
      <h3 id="visit-actions" className="text-lg font-bold">
        Actions
      </h3>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`whitespace-normal ${open === action ? 'btn-primary' : 'btn-outline'}`}
            aria-expanded={open === action}
            aria-controls={open === action ? 'visit-action-form' : undefined}
            onClick={() => setOpen(open === action ? null : action)}
          >
            {LABELS[action]}
          </button>
        ))}
      </div>
      {open && (
        <div id="visit-action-form" className="mt-4 rounded-2xl bg-slate-50 p-4">
          {forms[open]()}
        </div>
      )}
    </section>
  );
}
