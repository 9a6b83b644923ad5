/**
 * Mark done (docs/product/desk.md#owners-desk): for a plan visit its checklist, the filter sizes found
 * (the home's known sizes filled in) and the detectors tested (docs/product/visits.md#plan-visits); an
 * optional completion note; 'Add extras', the parts the visit used beyond its price, charged by a
 * pay link (docs/product/extras.md#charging); then 'Save as done'.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { parseFilterSizes } from './desk';
import { checkDraft, draftTouched, EMPTY_DRAFT, visitExtras } from './extras-draft';
import ExtrasFields, { ExtrasTotal } from './ExtrasFields';
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
  const [extras, setExtras] = useState(EMPTY_DRAFT);
  const [extrasOpen, setExtrasOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const extrasId = useId();
  const menu = useMemo(() => visitExtras(visit), [visit]);
  const action = useVisitAction(visit.id, onApplied);
  const plan = visit.checklistItems.length > 0;

  const tick = (item: string, on: boolean) => setTicked((was) => (on ? [...was, item] : was.filter((i) => i !== item)));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Extras that cannot be sent are put right first, where they were typed.
    const charge = checkDraft(menu, extras);
    if (!charge.ok) {
      setProblem(charge.error);
      setExtrasOpen(true);
      return;
    }
    setProblem(null);
    const filterSizes = parseFilterSizes(sizes);
    void action.act({
      action: 'done',
      ...(note.trim() ? { note } : {}),
      ...(plan ? { checklist: visit.checklistItems.filter((item) => ticked.includes(item)), filterSizes } : {}),
      // A number the server checks (0 to 50, whole): what was typed, so a refusal names it.
      ...(plan && detectors.trim() ? { detectorsTested: Number(detectors) } : {}),
      // Only the items used; no extras, no charge (docs/product/extras.md#charging).
      ...(charge.lines.length > 0 ? { extras: charge.lines } : {}),
      ...(charge.lines.length > 0 && charge.note ? { extrasNote: charge.note } : {}),
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
      {menu.items.length > 0 && (
        <div className="grid gap-3">
          <button
            type="button"
            className={`whitespace-normal ${extrasOpen ? 'btn-primary' : 'btn-outline'}`}
            aria-expanded={extrasOpen}
            aria-controls={extrasOpen ? extrasId : undefined}
            onClick={() => setExtrasOpen(!extrasOpen)}
          >
            Add extras
          </button>
          {extrasOpen ? (
            <fieldset id={extrasId} className="grid gap-3 rounded-lg border border-slate-300 bg-white p-3">
              <legend className="px-1 font-semibold">Extras the visit used (the customer gets a pay link)</legend>
              <ExtrasFields
                menu={menu}
                draft={extras}
                onChange={(next) => {
                  setExtras(next);
                  setProblem(null);
                }}
              />
            </fieldset>
          ) : (
            // Closed with extras typed: they are still sent, so their total stays in view.
            draftTouched(extras) && <ExtrasTotal menu={menu} draft={extras} />
          )}
        </div>
      )}
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Save as done'}
      </button>
      <SendState error={problem ?? action.error} />
    </form>
  );
}
