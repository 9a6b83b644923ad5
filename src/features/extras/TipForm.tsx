/**
 * 'Add a tip?' and 'Pay <total with tip>' on /pay (docs/product/extras.md#the-pay-link,
 * docs/product/extras.md#tips): no tip, 10, 15 or 20% of the extras, or an amount typed in dollars
 * (at most $100); the press opens the hosted checkout the server makes. A refusal is shown beside
 * the button and leaves the tip as chosen.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api';
import { problemOf, startCheckout, type PayLink, type PayProblem } from './pay-calls';
import { PAY_FAILED, TIP_HINT, TIP_LEGEND, payLabel, pickOf, tipOf, tipOptions, type TipPick } from './pay-view';

interface Props {
  link: PayLink;
  amountCents: number;
  /** The request was paid or withdrawn meanwhile (409): its words, for the page to show over the request read again. */
  onConflict: (message: string) => void;
  /** The link cannot be used any more (expired while the page was open). */
  onProblem: (problem: PayProblem) => void;
}

export default function TipForm({ link, amountCents, onConflict, onProblem }: Props) {
  const id = useId();
  const [pick, setPick] = useState<TipPick>('none');
  const [otherText, setOtherText] = useState('');
  // The dollars field's message shows after a press, and follows what is typed from then on.
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const other = useRef<HTMLInputElement>(null);
  const tip = tipOf(amountCents, pick, otherText);
  const otherError = checked && pick === 'other' && !tip.ok ? tip.error : null;

  useEffect(() => {
    // Back from the checkout by the browser's Back button, this page may be restored as it was left: busy.
    const restored = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    setError(null);
    if (!tip.ok) {
      other.current?.focus();
      return;
    }
    setBusy(true);
    try {
      // The page goes on to the checkout: the button stays busy until it has gone.
      window.location.assign(await startCheckout(link, tip.choice));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 409) onConflict(failure.message);
      else if (failure instanceof ApiError && failure.status === 410) onProblem(problemOf(failure));
      else setError(failure instanceof ApiError ? failure.message : PAY_FAILED);
    }
  }

  const otherId = `${id}-other`;
  const described = [`${otherId}-hint`, otherError ? `${otherId}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void pay(event)}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-2xl font-bold">{TIP_LEGEND}</legend>
        {tipOptions(amountCents).map((option) => (
          <label
            key={option.pick}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="tip"
              value={String(option.pick)}
              checked={pick === option.pick}
              onChange={(event) => setPick(pickOf(event.target.value))}
              className="size-5 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
        {pick === 'other' && (
          <div className="pt-1 pl-1">
            <label htmlFor={otherId} className="field-label">
              Tip in dollars
            </label>
            <div className="mt-1 flex items-center gap-2">
              <span aria-hidden="true" className="text-lg font-semibold">
                $
              </span>
              <input
                ref={other}
                id={otherId}
                name="tipDollars"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={otherText}
                onChange={(event) => setOtherText(event.target.value)}
                aria-describedby={described}
                {...(otherError ? { 'aria-invalid': true } : {})}
                className="field-input mt-0 w-36 aria-invalid:border-red-700"
              />
            </div>
            <p id={`${otherId}-hint`} className="mt-1 text-sm text-ink-muted">
              {TIP_HINT}
            </p>
            <p id={`${otherId}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 empty:hidden">
              {otherError}
            </p>
          </div>
        )}
      </fieldset>
      <p role="alert" className="font-semibold text-red-700 empty:hidden">
        {error}
      </p>
      <button
        type="submit"
        className="btn-primary min-h-12 w-full text-lg sm:w-auto sm:justify-self-start"
        disabled={busy}
      >
        {busy ? 'Opening the payment page...' : payLabel(amountCents, pick, otherText)}
      </button>
    </form>
  );
}
