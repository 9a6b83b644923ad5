/**
 * Confirm time and Reschedule (docs/product/desk.md#owners-desk): a start within the window, and
 * optionally another day and window ('Confirm visit'); or a day and window, and optionally a start
 * ('Move visit'). The windows offered are the chosen day's; the server has the last word.
 */
import { useId, useState, type FormEvent } from 'react';
import { VISIT_WINDOWS, windowsOn, type VisitWindow } from '@/features/visits/windows';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  kind: 'confirm' | 'reschedule';
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

const ALL_WINDOWS = Object.keys(VISIT_WINDOWS) as VisitWindow[];

export default function MoveForm({ kind, visit, onApplied }: Props) {
  const confirming = kind === 'confirm';
  const [date, setDate] = useState(confirming ? '' : visit.date);
  const [slot, setSlot] = useState<VisitWindow>(visit.window);
  const [start, setStart] = useState(visit.start ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useVisitAction(visit.id, onApplied);
  const hint = useId();
  const day = date || visit.date;
  const offered = windowsOn(day).length > 0 ? windowsOn(day) : ALL_WINDOWS;
  const bounds = VISIT_WINDOWS[slot];

  function chooseDay(value: string) {
    setDate(value);
    const windows = windowsOn(value || visit.date);
    if (windows.length > 0 && !windows.includes(slot)) setSlot(windows[0]!);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing =
      confirming && !start ? 'Please choose a start time.' : !confirming && !date ? 'Please choose a day.' : null;
    setProblem(missing);
    if (missing) return;
    const request: VisitActionRequest = confirming
      ? {
          action: 'confirm',
          start,
          ...(date && date !== visit.date ? { date } : {}),
          ...(slot !== visit.window ? { window: slot } : {}),
        }
      : { action: 'reschedule', date, window: slot, ...(start ? { start } : {}) };
    void action.act(request);
  }

  const startField = (
    <div>
      <label className="field-label">
        {confirming ? 'Start' : 'Start (optional)'}
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
        Within {bounds.label}; a visit takes an hour.
      </p>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      {confirming && startField}
      <label className="field-label">
        {confirming ? 'Another day (optional)' : 'Day'}
        <input type="date" className="field-input" value={date} onChange={(event) => chooseDay(event.target.value)} />
      </label>
      <label className="field-label">
        Window
        <select className="field-input" value={slot} onChange={(event) => setSlot(event.target.value as VisitWindow)}>
          {offered.map((w) => (
            <option key={w} value={w}>
              {VISIT_WINDOWS[w].label}
            </option>
          ))}
        </select>
      </label>
      {!confirming && startField}
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy ? 'Saving...' : confirming ? 'Confirm visit' : 'Move visit'}
      </button>
      <SendState error={problem ?? action.error} />
    </form>
  );
}
