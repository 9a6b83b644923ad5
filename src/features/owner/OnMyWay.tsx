/**
 * 'On my way' on a card of today's confirmed visits (docs/product/texts.md#on-my-way): pressing it
 * shows the minutes to text, filled with the suggestion (the drive from the stop before in the day's
 * route), and 'Text <minutes> min'; a visit that cannot be texted shows why instead. Phone first:
 * every control a full-width thumb's target.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { actionDone } from './desk';
import { notTextableReason } from './desk-texts';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
}

export default function OnMyWay({ visit }: Props) {
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState(String(visit.etaMinutes ?? 20));
  const [done, setDone] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const action = useVisitAction(visit.id, (request, next) => setDone(actionDone(request, next)));
  const reason = notTextableReason(visit);
  const whole = /^\d{1,3}$/.test(minutes) && Number(minutes) >= 1 && Number(minutes) <= 180;

  useEffect(() => {
    // What the press revealed takes the reader there.
    if (open) panel.current?.focus();
  }, [open]);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!whole) return;
    setDone('');
    void action.act({ action: 'on-my-way', minutes: Number(minutes) });
  }

  return (
    <div className="mt-3 grid gap-2">
      <button
        type="button"
        className="btn-primary min-h-12 w-full text-lg"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        On my way<span className="sr-only"> to {visit.customer.name?.trim() || visit.customer.email}</span>
      </button>
      {open && (
        <div id={panelId} ref={panel} tabIndex={-1} className="grid gap-2 rounded-2xl bg-slate-50 p-3">
          {reason ? (
            <p className="font-semibold break-words">{reason}</p>
          ) : (
            <form onSubmit={send} className="grid gap-2">
              <label className="field-label">
                Minutes until you arrive
                <input
                  className="field-input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={180}
                  step={1}
                  required
                  value={minutes}
                  aria-describedby={whole ? undefined : `${panelId}-minutes`}
                  onChange={(event) => setMinutes(event.target.value)}
                />
              </label>
              {!whole && (
                <p id={`${panelId}-minutes`} className="font-semibold text-red-700">
                  Please enter a whole number of minutes from 1 to 180.
                </p>
              )}
              <button type="submit" className="btn-primary w-full" disabled={action.busy || !whole}>
                {action.busy ? 'Sending...' : `Text ${whole ? minutes : '...'} min`}
              </button>
              <SendState error={action.error} />
            </form>
          )}
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold empty:hidden">
            {done}
          </p>
        </div>
      )}
    </div>
  );
}
