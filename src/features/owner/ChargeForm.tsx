/**
 * Charge extras on a visit done (docs/product/extras.md#charging): the extras form of 'Mark done'
 * (ExtrasFields), then 'Send pay request', which e-mails the customer a pay link for the total. At
 * least one item; what is wrong is said at the form before anything is sent, and the server's
 * refusal in its words, with everything typed kept.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { checkDraft, EMPTY_DRAFT, visitExtras } from './extras-draft';
import ExtrasFields from './ExtrasFields';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

/** Asked for when 'Send pay request' is pressed with no item used. */
export const NO_ITEM = 'Please add at least one item.';

export default function ChargeForm({ visit, onApplied }: Props) {
  const menu = useMemo(() => visitExtras(visit), [visit]);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const action = useVisitAction(visit.id, onApplied);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const charge = checkDraft(menu, draft);
    if (!charge.ok || charge.lines.length === 0) {
      setProblem(charge.ok ? NO_ITEM : charge.error);
      return;
    }
    setProblem(null);
    void action.act({ action: 'charge', extras: charge.lines, ...(charge.note ? { note: charge.note } : {}) });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <ExtrasFields
        menu={menu}
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setProblem(null);
        }}
      />
      {menu.items.length > 0 && (
        <button type="submit" className="btn-primary" disabled={action.busy}>
          {action.busy ? 'Saving...' : 'Send pay request'}
        </button>
      )}
      <SendState error={problem ?? action.error} />
    </form>
  );
}
