/** The option fields of a booking card: filter grade radios, or a number with − and + buttons, or a note. */
import { formatCents } from '@/lib/format';
import { FILTER_QUALITIES, FILTER_QUALITY_LABELS, FILTER_SURCHARGE_CENTS, type ServiceType } from './pricing';
import { extraNote, numberOption } from './booking-options';
import ChoiceRadio from './ChoiceRadio';

interface Props {
  serviceType: ServiceType;
  values: Record<string, string>;
  invalid: boolean;
  /** Sets an option: to a value, or to what a function makes of its latest value. */
  onEdit: (name: string, value: string | ((latest: string | undefined) => string)) => void;
}

export default function BookingOptionFields({ serviceType, values, invalid, onEdit }: Props) {
  const number = numberOption(serviceType);
  const note = extraNote(serviceType);
  // From the latest value, not the one drawn: two quick presses count twice.
  const step = (by: number) => {
    if (!number) return;
    onEdit(number.name, (latest) => String(Math.min(number.max, Math.max(number.min, (Number(latest) || 0) + by))));
  };
  return (
    <>
      {serviceType === 'air-filter-replacement' && (
        <fieldset>
          <legend className="field-label">Filter quality</legend>
          <div className="mt-2 grid gap-2">
            {FILTER_QUALITIES.map((quality) => (
              <ChoiceRadio
                key={quality}
                name="filterQuality"
                value={quality}
                checked={values['filterQuality'] === quality}
                onChoose={() => onEdit('filterQuality', quality)}
              >
                <span className="flex-1 font-semibold">{FILTER_QUALITY_LABELS[quality]}</span>
                <span className="text-ink-muted">+{formatCents(FILTER_SURCHARGE_CENTS[quality])}</span>
              </ChoiceRadio>
            ))}
          </div>
        </fieldset>
      )}
      {number && (
        <div>
          <label htmlFor={`booking-${number.name}`} className="field-label">
            {number.label}
          </label>
          <div className="mt-1 flex items-center gap-2">
            <button type="button" className="btn-outline size-11 p-0" onClick={() => step(-1)}>
              <span aria-hidden="true">−</span>
              <span className="sr-only">Fewer</span>
            </button>
            <input
              id={`booking-${number.name}`}
              name={number.name}
              type="number"
              inputMode="numeric"
              min={number.min}
              max={number.max}
              step="1"
              value={values[number.name] ?? ''}
              onChange={(e) => onEdit(number.name, e.target.value)}
              required
              aria-describedby={`booking-${number.name}-hint booking-error`}
              {...(invalid ? { 'aria-invalid': true } : {})}
              className="field-input mt-0 w-24 text-center"
            />
            <button type="button" className="btn-outline size-11 p-0" onClick={() => step(1)}>
              <span aria-hidden="true">+</span>
              <span className="sr-only">More</span>
            </button>
          </div>
          <p id={`booking-${number.name}-hint`} className="mt-1 text-sm text-ink-muted">
            {number.hint} ({number.min} to {number.max})
          </p>
        </div>
      )}
      {note && <p className="rounded-xl bg-accent-50 p-3 text-sm">{note}</p>}
    </>
  );
}
