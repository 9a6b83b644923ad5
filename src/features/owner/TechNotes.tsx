/** The technician's notes of a visit (docs/product/desk.md#owners-desk): any visit takes them; 'Save notes'. */
import { useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function TechNotes({ visit, onApplied }: Props) {
  // Kept as typed: a later answer of another action does not overwrite what is being written.
  const [text, setText] = useState(visit.techNotes);
  const action = useVisitAction(visit.id, onApplied);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.act({ action: 'notes', techNotes: text });
  }

  return (
    <form onSubmit={save} className="mt-6 grid gap-3">
      <label className="field-label">
        Technician&apos;s notes
        <textarea
          className="field-input"
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-outline sm:justify-self-start" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Save notes'}
      </button>
      <SendState error={action.error} />
    </form>
  );
}
