/**
 * The desk's Capacity (docs/product/desk.md#owners-desk, docs/product/visits.md#capacity-and-closed-days): how
 * many visits a window takes, 1 to 20; a refusal shows in the server's words beside the field.
 */
import { useState, type FormEvent } from 'react';
import { isVisitsPerWindow, VISITS_PER_WINDOW_LIMITS } from '@/features/visits/capacity';
import { saveCapacity, SAVE_FAILED } from './owner-calls';
import SendState from './SendState';
import { useOwnerSend } from './use-owner';

interface Props {
  capacity: number;
  onSaved: (capacity: number) => void;
}

export default function CapacityForm({ capacity, onSaved }: Props) {
  const [value, setValue] = useState(String(capacity));
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useOwnerSend(SAVE_FAILED);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    const number = value.trim() === '' ? Number.NaN : Number(value);
    const { min, max } = VISITS_PER_WINDOW_LIMITS;
    const wrong = isVisitsPerWindow(number) ? null : `Please enter a whole number from ${min} to ${max}.`;
    setProblem(wrong);
    if (wrong) return;
    const answer = await saving.send(() => saveCapacity(number));
    if (!answer) return;
    setValue(String(answer.visitsPerWindow));
    setDone(`Saved: ${answer.visitsPerWindow} visits per window.`);
    onSaved(answer.visitsPerWindow);
  }

  return (
    <section aria-labelledby="capacity">
      <h2 id="capacity" className="text-2xl font-bold">
        Capacity
      </h2>
      <p className="mt-1 text-ink-muted">
        How many visits a window takes, counting requested and confirmed ones. Customers cannot book a full window.
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="mt-4 grid max-w-sm gap-3">
        <label className="field-label">
          Visits per window
          <input
            type="number"
            inputMode="numeric"
            className="field-input"
            min={VISITS_PER_WINDOW_LIMITS.min}
            max={VISITS_PER_WINDOW_LIMITS.max}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={saving.busy}>
          {saving.busy ? 'Saving...' : 'Save'}
        </button>
        <SendState error={problem ?? saving.error} />
        <p role="status" className="font-semibold empty:hidden">
          {done}
        </p>
      </form>
    </section>
  );
}
