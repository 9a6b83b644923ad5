/** Mark done (docs/product.md#owners-desk): an optional completion note, then 'Save as done'. */
import { useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function DoneForm({ visit, onApplied }: Props) {
  const [note, setNote] = useState('');
  const action = useVisitAction(visit.id, onApplied);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.act({ action: 'done', ...(note.trim() ? { note } : {}) });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <label className="field-label">
        Completion note
        <textarea
          className="field-input"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Save as done'}
      </button>
      <SendState error={action.error} />
    </form>
  );
}
