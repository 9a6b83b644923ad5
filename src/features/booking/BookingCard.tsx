/**
 * The booking card's island (docs/product/services.md#booking-card): options with the live total from the
 * pricing module the payment charges with, then the visit (docs/product/services.md#visit-details) checked with
 * the server's schema. Book & Pay offers a visitor without a session an e-mailed code (BookingCodeStep)
 * or signing in and back, choices kept; a customer's checkout opens in a new tab. Early input: `client:afterpaint`.
 * A Book again link fills it as last time (docs/product/due-again.md#book-again: use-booking-draft.ts).
 */
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { CHANGE_RULE } from '../visits/changes';
import { $signedIn } from '@/features/auth/store';
import { formatCents } from '@/lib/format';
import { SERVED_AREA } from '@/features/service-area/served-area';
import BookingOptionFields from './BookingOptionFields';
import BookingVisitFields from './BookingVisitFields';
import { checkVisit } from './availability';
import { saveBookingDraft } from './booking-draft';
import { optionsFrom, pricedOptions } from './booking-options';
import { startPaymentCheckout } from './checkout';
import type { ServiceType } from './pricing';
import { businessToday } from '@/lib/dates';
import { useBookingDraft } from './use-booking-draft';
import { visitSchema } from './visit';

// Loaded when Book & Pay first opens it, so the page's first load stays as small as before.
const BookingCodeStep = lazy(() => import('./BookingCodeStep'));

interface Props {
  serviceType: ServiceType;
  serviceName: string;
}

export default function BookingCard({ serviceType, serviceName }: Props) {
  const { options, setOptions, visit, editVisit, days, availability, consent, bookAgainNote } =
    useBookingDraft(serviceType);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [codeStep, setCodeStep] = useState(false); // Book & Pay pressed without a session
  const formRef = useRef<HTMLFormElement>(null);
  const price = pricedOptions(serviceType, options);
  // After a first press of Book & Pay, each field's message follows what is typed.
  const errors = checked ? checkVisit(visit, SERVED_AREA, availability) : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || 'problem' in price) return;
    await proceed();
  }

  /** Book & Pay: the visit checked, then the checkout, or for a visitor without a session the code step. */
  async function proceed() {
    setChecked(true);
    const found = checkVisit(visit, SERVED_AREA, availability);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    saveBookingDraft(serviceType, { options, visit });
    // Read when pressed: a press held before hydration is replayed before the first re-render.
    if (!$signedIn.get()) {
      setCodeStep(true);
      return;
    }
    await pay();
  }

  async function pay() {
    const checkedVisit = visitSchema(SERVED_AREA, businessToday()).parse(visit);
    setBusy(true);
    try {
      await startPaymentCheckout(serviceType, optionsFrom(options), checkedVisit);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {/* A Book again link's welcome or refusal (docs/product/due-again.md#book-again), there before it is filled. */}
      {bookAgainNote !== null && (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 font-semibold empty:hidden">
          {bookAgainNote}
        </p>
      )}
      <form
        ref={formRef}
        method="post"
        action="/api/auth-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-5 grid gap-5"
        data-booking-card
        data-service={serviceType}
      >
        <BookingOptionFields
          serviceType={serviceType}
          values={options}
          invalid={'problem' in price}
          onEdit={(name, value) =>
            setOptions((current) => ({
              ...current,
              [name]: typeof value === 'function' ? value(current[name]) : value,
            }))
          }
        />
        <p className="flex items-baseline justify-between border-t border-slate-200 pt-4 text-lg">
          <span className="font-semibold">Total</span>
          <output className="text-3xl font-extrabold" aria-live="polite">
            {'cents' in price ? formatCents(price.cents) : '—'}
          </output>
        </p>
        <p id="booking-error" role="alert" className="font-semibold text-red-700" hidden={!('problem' in price)}>
          {'problem' in price ? price.problem : ''}
        </p>
        <BookingVisitFields
          visit={visit}
          errors={errors}
          days={days}
          availability={availability}
          area={SERVED_AREA}
          onEdit={editVisit}
          consent={consent}
        />
        <button type="submit" className="btn-primary w-full" disabled={'problem' in price || busy}>
          {busy ? (
            'Processing...'
          ) : (
            <>
              Book &amp; Pay<span className="sr-only"> for {serviceName}</span>
            </>
          )}
        </button>
        <p className="text-sm text-ink-muted">{CHANGE_RULE}</p>
      </form>
      {codeStep && (
        <Suspense fallback={null}>
          <BookingCodeStep
            onSignedIn={() => {
              setCodeStep(false); // done: Book & Pay, now for the customer, keeps the focus
              formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
              return proceed();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
