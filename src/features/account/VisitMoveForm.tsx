/**
 * Reschedule on /visit (docs/product/visits.md#changing-a-visit): the open windows at least 24 hours
 * ahead, counted from the site's time, as one choice; 'Move visit'.
 */
import { useState, type FormEvent } from 'react';
import { movableWindows, type VisitChangeAnswer } from '@/features/visits/changes';
import { VISIT_WINDOWS, type VisitWindow } from '@/features/visits/windows';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import { formatDay } from '@/lib/dates';
import { useSend, type OnApplied, type Reach } from './visit-change-calls';

interface Props {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  availability: AvailabilityAnswer | null;
  onApplied: OnApplied;
}

export default function VisitMoveForm({ reach, answer, availability, onApplied }: Props) {
  const [choice, setChoice] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, error, send } = useSend(reach, onApplied);
  const options = availability
    ? movableWindows(availability.days, new Date(answer.now), { date: answer.visit.date, window: answer.visit.window })
    : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [date = '', window = ''] = choice.split(' ');
    if (!date || !window) {
      setMissing(true);
      return;
    }
    void send({ action: 'reschedule', date, window: window as VisitWindow }, (after) => {
      const label = VISIT_WINDOWS[after.visit.window].label;
      return `Visit moved to ${formatDay(after.visit.date)}, ${label}. We will send you a proposed time within that window.`;
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="move-heading" noValidate>
      <h2 id="move-heading" className="text-2xl font-bold">
        Reschedule
      </h2>
      <p className="text-ink-muted">Open windows at least 24 hours from now.</p>
      <label className="field-label">
        New day and window
        <select
          className="field-input"
          value={choice}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? 'move-missing' : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setMissing(false);
          }}
        >
          <option value="">{availability ? 'Choose a day and window' : 'Loading the open windows...'}</option>
          {options.map(({ date, window }) => (
            <option key={`${date} ${window}`} value={`${date} ${window}`}>
              {formatDay(date, 'short')}: {VISIT_WINDOWS[window].label}
            </option>
          ))}
        </select>
      </label>
      {missing && (
        <p id="move-missing" className="font-semibold text-red-700">
          Please choose a day and window.
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Move visit'}
      </button>
      <p role="alert" className="font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </form>
  );
}
