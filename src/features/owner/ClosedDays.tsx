/**
 * The desk's Closed days (docs/product/desk.md#owners-desk): the coming year's holidays and the owner's
 * closed days with their reasons, 'Remove' on the owner's, and 'Close a day' with a day and a
 * reason. A refusal shows in the server's words beside the form, which keeps what was typed.
 */
import { useState, type FormEvent } from 'react';
import type { ClosedDay, ClosedDaysAnswer } from '@/features/visits/owner-api';
import { formatDay } from '@/lib/dates';
import { closeDay, openDay, SAVE_FAILED } from './owner-calls';
import ReadState from './ReadState';
import SendState from './SendState';
import { useOwnerGet, useOwnerSend } from './use-owner';

interface Props {
  today: string;
  version: number;
  /** Called after a day was closed or opened: the week is read again. */
  onChanged: () => void;
}

export default function ClosedDays({ today, version, onChanged }: Props) {
  const read = useOwnerGet<ClosedDaysAnswer>('/api/owner/closed-days', version);
  const [latest, setLatest] = useState<ClosedDay[] | null>(null);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const adding = useOwnerSend(SAVE_FAILED);
  const removing = useOwnerSend(SAVE_FAILED);
  const days = latest ?? read.data?.closed ?? [];

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    const missing = !date ? 'Please choose a day.' : !reason.trim() ? 'Please give a reason: customers see it.' : null;
    setProblem(missing);
    if (missing) return;
    const answer = await adding.send(() => closeDay(date, reason));
    if (!answer) return;
    setLatest(answer.closed);
    setDone(`Closed ${formatDay(date)}.`);
    setDate('');
    setReason('');
    onChanged();
  }

  async function remove(day: string) {
    setDone('');
    const answer = await removing.send(() => openDay(day));
    if (!answer) return;
    setLatest(answer.closed);
    setDone(`Opened ${formatDay(day)} again.`);
    onChanged();
  }

  return (
    <section aria-labelledby="closed-days">
      <h2 id="closed-days" className="text-2xl font-bold">
        Closed days
      </h2>
      <form noValidate onSubmit={(event) => void add(event)} className="mt-4 grid gap-3 rounded-2xl bg-slate-50 p-4">
        <h3 className="text-lg font-bold">Close a day</h3>
        <label className="field-label">
          Day
          <input
            type="date"
            className="field-input"
            min={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </label>
        <label className="field-label">
          Reason
          <input
            type="text"
            className="field-input"
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={adding.busy}>
          {adding.busy ? 'Saving...' : 'Close this day'}
        </button>
        <SendState error={problem ?? adding.error} />
      </form>
      <p role="status" className="mt-4 font-semibold empty:hidden">
        {done}
      </p>
      <ReadState read={read} empty={days.length === 0 ? 'No closed days ahead.' : null} />
      <ul className="mt-4 divide-y divide-slate-200" aria-labelledby="closed-days">
        {days.map((day) => (
          <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <strong>{formatDay(day.date, 'short')}</strong>: {day.reason}
              {day.source === 'holiday' && <span className="text-ink-muted"> (Holiday)</span>}
            </span>
            {day.source === 'owner' && (
              <button
                type="button"
                className="btn-outline"
                disabled={removing.busy}
                onClick={() => void remove(day.date)}
              >
                Remove<span className="sr-only"> {formatDay(day.date, 'short')}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <SendState error={removing.error} />
    </section>
  );
}
