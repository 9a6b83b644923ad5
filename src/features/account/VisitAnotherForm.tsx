/**
 * Ask for another time on /visit (docs/product/visits.md#proposed-times): the visit's own day and window
 * ('Another time in the same window', chosen first: the proposal above names the day) or another open
 * window starting after now, a note of at most 500 characters, and 'Ask for another time'. What was
 * typed stays after a refusal.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { answerWindows, type VisitChangeAnswer } from '@/features/visits/changes';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import { TIME_NOTE_MAX } from '@/features/visits/proposals';
import { VISIT_WINDOWS, type VisitWindow } from '@/features/visits/windows';
import { formatDay } from '@/lib/dates';
import { useSend, type OnApplied, type Reach } from './visit-change-calls';
import { anotherTimeLine } from './visit-proposal';

interface Props {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  availability: AvailabilityAnswer | null;
  onApplied: OnApplied;
  /** Focus the form's heading when it opens in place of the button that opened it. */
  focusOnOpen?: boolean;
}

export default function VisitAnotherForm({ reach, answer, availability, onApplied, focusOnOpen = false }: Props) {
  const own = { date: answer.visit.date, window: answer.visit.window };
  const [choice, setChoice] = useState(`${own.date} ${own.window}`);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { busy, error, send } = useSend(reach, onApplied);
  const options = answerWindows(availability?.days ?? [], new Date(answer.now), own);

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [date = '', window = ''] = choice.split(' ');
    if (!options.some((option) => option.date === date && option.window === window)) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    void send({ action: 'another', date, window: window as VisitWindow, note: trimmed || undefined }, anotherTimeLine);
  }

  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="another-heading" noValidate>
      <h3 ref={heading} id="another-heading" tabIndex={-1} className="text-xl font-bold">
        Ask for another time
      </h3>
      <label className="field-label">
        Day and window to ask for
        <select
          className="field-input"
          value={choice}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? 'another-missing' : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setMissing(false);
          }}
        >
          {options.map(({ date, window, same }) => (
            <option key={`${date} ${window}`} value={`${date} ${window}`}>
              {same ? 'Another time in the same window' : `${formatDay(date, 'short')}: ${VISIT_WINDOWS[window].label}`}
            </option>
          ))}
          {!availability && (
            <option value="" disabled>
              Loading the other open windows...
            </option>
          )}
        </select>
      </label>
      {missing && (
        <p id="another-missing" className="font-semibold text-red-700">
          Please choose a day and window.
        </p>
      )}
      <div>
        <label htmlFor="another-note" className="field-label">
          A note for us <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <textarea
          id="another-note"
          className="field-input"
          rows={3}
          maxLength={TIME_NOTE_MAX}
          value={note}
          aria-describedby="another-note-count"
          onChange={(event) => setNote(event.target.value)}
        />
        <p id="another-note-count" className="mt-1 text-sm text-ink-muted">
          For example, 'After 10 please'. {note.length} of {TIME_NOTE_MAX} characters.
        </p>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Ask for another time'}
      </button>
      <p role="alert" className="font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </form>
  );
}
