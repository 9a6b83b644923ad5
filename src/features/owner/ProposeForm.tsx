/**
 * Propose a time (docs/product/desk.md#owners-desk, docs/product/visits.md#proposed-times): a start within
 * a requested visit's window, e-mailed to the customer, who confirms it or asks for another time.
 * The server has the last word on the window.
 */
import { useId, useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { VISIT_WINDOWS } from '@/features/visits/windows';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function ProposeForm({ visit, onApplied }: Props) {
  const [start, setStart] = useState(visit.proposedStart ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useVisitAction(visit.id, onApplied);
  const hint = useId();
  const bounds = VISIT_WINDOWS[visit.window];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = start ? null : 'Please choose a start time.';
    setProblem(missing);
    if (!missing) void action.act({ action: 'propose', start });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <div>
        <label className="field-label">
          Start
          <input
            type="time"
            className="field-input"
            min={bounds.start}
            max={bounds.end}
            step={300}
            value={start}
            aria-describedby={hint}
            onChange={(event) => setStart(event.target.value)}
          />
        </label>
        <p id={hint} className="mt-1 text-sm text-ink-muted">
          Within {bounds.label}; a visit takes an hour. The customer confirms it or asks for another time.
        </p>
      </div>
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Send proposal'}
      </button>
      <SendState error={problem ?? action.error} />
    </form>
  );
}
