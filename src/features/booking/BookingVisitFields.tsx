/**
 * The visit fields of a booking card (docs/product/services.md#visit-details): service address, phone,
 * preferred day (filled in once the island runs, as the days depend on today) and time window,
 * and notes, each with its message after a press of Book & Pay; under the phone, while texts are
 * on, the texts' consent box (docs/product/texts.md#consent).
 */
import { SITE } from '@/site';
import { checkArea, type AreaList } from '@/features/service-area/area';
import { dayUnavailable, windowFull, type Availability } from './availability';
import ChoiceRadio from './ChoiceRadio';
import { type VisitInput } from './visit';
import TextConsentBox, { type ConsentBox } from '@/features/texts/TextConsentBox';
import { VISIT_CONSENT_WORDING } from '@/features/texts/consent';
import { VISIT_WINDOWS, type BookableDay, type VisitWindow } from '../visits/windows';

interface Props {
  visit: VisitInput;
  errors: Partial<Record<keyof VisitInput, string>>;
  days: readonly BookableDay[];
  /** Closed days and full windows, shown unavailable (empty until the server answered). */
  availability: Availability;
  area: AreaList;
  onEdit: (name: Exclude<keyof VisitInput, 'textConsent'>, value: string) => void;
  /** The consent box under the phone, while texts are on (else undefined: no box). */
  consent: ConsentBox | undefined;
}

const TEXT_FIELDS = [
  { name: 'street', label: 'Street address', type: 'text', autoComplete: 'address-line1', inputMode: 'text' },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2', inputMode: 'text' },
  { name: 'zip', label: 'ZIP code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
] as const;

export default function BookingVisitFields({ visit, errors, days, availability, area, onEdit, consent }: Props) {
  const errorId = (name: string) => `booking-${name}-error`;
  const invalid = (name: keyof VisitInput) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
  const message = (name: keyof VisitInput) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-1 text-sm font-semibold text-red-700">
        {errors[name]}
      </p>
    );
  const area5 = /^\d{5}$/.test(visit.zip.trim()) ? checkArea(visit.zip, area) : null;
  const windows: readonly VisitWindow[] = days.find((d) => d.date === visit.date)?.windows ?? [];

  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-4">
      <legend className="float-left mb-1 text-lg font-bold">Your visit</legend>
      {TEXT_FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={`booking-${f.name}`} className="field-label">
            {f.name === 'street' ? 'Service address' : f.label}
            {f.name === 'street' && <span className="sr-only">: street</span>}
          </label>
          <input
            id={`booking-${f.name}`}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            required
            value={visit[f.name]}
            onChange={(e) => onEdit(f.name, e.target.value)}
            className="field-input aria-invalid:border-red-700"
            {...invalid(f.name)}
          />
          {f.name === 'zip' && !errors.zip && area5?.kind === 'in' && (
            <p className="mt-1 text-sm text-ink-muted">We serve {area5.town}.</p>
          )}
          {message(f.name)}
          {f.name === 'phone' && consent && <TextConsentBox wording={VISIT_CONSENT_WORDING} {...consent} />}
        </div>
      ))}
      <div>
        <label htmlFor="booking-date" className="field-label">
          Preferred day
        </label>
        <select
          id="booking-date"
          name="date"
          required
          value={visit.date}
          onChange={(e) => onEdit('date', e.target.value)}
          aria-describedby={errors.date ? `${errorId('date')} booking-date-hint` : 'booking-date-hint'}
          {...(errors.date ? { 'aria-invalid': true as const } : {})}
          className="field-input aria-invalid:border-red-700"
        >
          <option value="">Choose a day</option>
          {days.map((day) => {
            const unavailable = dayUnavailable(availability, day);
            return (
              <option key={day.date} value={day.date} disabled={unavailable !== null && day.date !== visit.date}>
                {unavailable ? `${day.label}: ${unavailable}` : day.label}
              </option>
            );
          })}
        </select>
        <p id="booking-date-hint" className="mt-1 text-sm text-ink-muted">
          The next three weeks. Sundays are for emergencies only: call {SITE.phone.display}.
        </p>
        {message('date')}
      </div>
      <fieldset {...(errors.window ? { 'aria-describedby': errorId('window') } : {})}>
        <legend className="field-label">Time window</legend>
        {windows.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">Choose a day to see its time windows.</p>
        ) : (
          <div className="mt-2 grid gap-2">
            {windows.map((window) => {
              const full = windowFull(availability, visit.date, window);
              return (
                <ChoiceRadio
                  key={window}
                  name="window"
                  value={window}
                  checked={visit.window === window}
                  disabled={full && visit.window !== window}
                  onChoose={() => onEdit('window', window)}
                >
                  <span className="font-semibold">{VISIT_WINDOWS[window].label}</span>
                  {full && <span className="ml-auto text-sm font-semibold text-ink-muted">Full</span>}
                </ChoiceRadio>
              );
            })}
          </div>
        )}
        {message('window')}
      </fieldset>
      <div>
        <label htmlFor="booking-notes" className="field-label">
          Notes <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <textarea
          id="booking-notes"
          name="notes"
          rows={3}
          value={visit.notes}
          onChange={(e) => onEdit('notes', e.target.value)}
          className="field-input aria-invalid:border-red-700"
          {...invalid('notes')}
        />
        {message('notes')}
      </div>
    </fieldset>
  );
}
