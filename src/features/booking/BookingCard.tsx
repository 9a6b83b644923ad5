/**
 * The booking card's island (docs/product.md#booking-card): the options with the live total from
 * the pricing module (the one the payment function charges with), then the visit
 * (docs/product.md#visit-details), checked with the visit schema the server uses, a message beside
 * each field. Book & Pay sends a visitor without a session to sign in and back, the card's
 * choices kept in this tab; a signed-in customer's checkout opens in a new tab. What was typed
 * before the island ran is carried over by its `client:afterpaint` directive.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHANGE_RULE } from './visit-change';
import { signInReturningTo } from '@/features/auth/return-path';
import { $signedIn } from '@/features/auth/store';
import { formatCents } from '@/lib/format';
import type { AreaList } from '@/features/service-area/area';
import BookingOptionFields from './BookingOptionFields';
import BookingVisitFields from './BookingVisitFields';
import { checkVisit, loadAvailability, type Availability } from './availability';
import { cardAddress, loadBookingDraft, saveBookingDraft } from './booking-draft';
import { defaultOptionValues, optionsFrom, pricedOptions } from './booking-options';
import { startPaymentCheckout } from './checkout';
import type { ServiceType } from './pricing';
import { businessToday } from '@/lib/dates';
import { bookableDays, EMPTY_VISIT, visitSchema, type BookableDay, type VisitInput } from './visit';

interface Props {
  serviceType: ServiceType;
  serviceName: string;
  /** The service area's ZIP codes and towns, computed at build time. */
  area: AreaList;
}

export default function BookingCard({ serviceType, serviceName, area }: Props) {
  const [options, setOptions] = useState<Record<string, string>>(() => defaultOptionValues(serviceType));
  const [visit, setVisit] = useState<VisitInput>(EMPTY_VISIT);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [days, setDays] = useState<readonly BookableDay[]>([]);
  const [availability, setAvailability] = useState<Availability>(new Map());
  const restored = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const price = pricedOptions(serviceType, options);
  // After a first press of Book & Pay, each field's message follows what is typed.
  const errors = checked ? checkVisit(visit, area, availability) : {};

  // The days depend on today, so they are listed here rather than at build time; then the draft
  // this tab kept (a trip to sign in and back) is restored. sessionStorage and the clock are not
  // the server's: read once after hydration, so the first client render matches the server's HTML.
  useEffect(() => {
    const today = businessToday();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDays(bookableDays(today));
    const draft = loadBookingDraft(serviceType);
    // What was chosen on this page before the island ran is replayed by the directive after this
    // effect (src/lib/islands/early-input.ts), so it wins over the tab's older draft.
    setOptions((current) => ({ ...current, ...draft?.options }));
    setVisit((current) => ({ ...current, ...draft?.visit }));
    restored.current = true;
    // Closed days and full windows, shown as unavailable; without an answer the server still refuses them.
    void loadAvailability().then((known) => known && setAvailability(known));
  }, [serviceType]);

  useEffect(() => {
    if (restored.current) saveBookingDraft(serviceType, { options, visit });
  }, [serviceType, options, visit]);

  function editVisit(name: keyof VisitInput, value: string) {
    setVisit((current) => {
      const next = { ...current, [name]: value };
      // A day without the chosen window (Saturday has its own) drops it.
      const windows: readonly string[] = days.find((d) => d.date === value)?.windows ?? [];
      if (name === 'date' && !windows.includes(next.window)) next.window = '';
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || 'problem' in price) return;
    setChecked(true);
    const today = businessToday();
    const found = checkVisit(visit, area, availability);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    saveBookingDraft(serviceType, { options, visit });
    // Read when pressed: a press held before hydration is replayed before the first re-render.
    if (!$signedIn.get()) {
      window.location.assign(signInReturningTo(cardAddress(window.location)));
      return;
    }
    setBusy(true);
    try {
      await startPaymentCheckout(serviceType, optionsFrom(options), visitSchema(area, today).parse(visit));
    } finally {
      setBusy(false);
    }
  }

  return (
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
          setOptions((current) => ({ ...current, [name]: typeof value === 'function' ? value(current[name]) : value }))
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
        area={area}
        onEdit={editVisit}
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
  );
}
