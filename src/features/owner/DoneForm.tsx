/**
 * Mark done (docs/product/desk.md#owners-desk): for a plan visit its checklist, the filter sizes found
 * (the home's known sizes filled in) and the detectors tested (docs/product/visits.md#plan-visits); an
 * optional completion note; then 'Save as done'.
 */
import { useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { parseFilterSizes } from './desk';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function DoneForm({ visit, onApplied }: Props) {
  const [note, setNote] = useState('');
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const [sizes, setSizes] = useState(visit.planFilterSizes.join(', '));
  const [detectors, setDetectors] = useState('');
  const action = useVisitAction(visit.id, onApplied);
  const plan = visit.checklistItems.length > 0;

  function tick(item: string, on: boolean) {
    setTicked((was) => (on ? [...was, item] : was.filter((i) => i !== item)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const filterSizes = parseFilterSizes(sizes);
    void action.act({
      action: 'done',
      ...(note.trim() ? { note } : {}),
      ...(plan ? { checklist: visit.checklistItems.filter((item) => ticked.includes(item)), filterSizes } : {}),
      // A number the server checks (0 to 50, whole): what was typed, so a refusal names it.
      ...(plan && detectors.trim() ? { detectorsTested: Number(detectors) } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      {plan && (
        <>
          <fieldset className="grid gap-1">
            <legend className="field-label">Checklist</legend>
            {visit.checklistItems.map((item) => (
              <label key={item} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-6"
                  checked={ticked.includes(item)}
                  onChange={(event) => tick(item, event.target.checked)}
                />
                <span>
                  <span className="sr-only">Done: </span>
                  {item}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="field-label">
            Filter sizes found
            <input
              className="field-input"
              placeholder="16x25x1, 20x20x1"
              autoComplete="off"
              value={sizes}
              onChange={(event) => setSizes(event.target.value)}
            />
          </label>
          <label className="field-label">
            Detectors tested
            <input
              className="field-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={50}
              step={1}
              value={detectors}
              onChange={(event) => setDetectors(event.target.value)}
            />
          </label>
        </>
      )}
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
