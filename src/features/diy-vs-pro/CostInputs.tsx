/**
 * The DIY inputs of the cost calculator and its reset button (docs/product/tools.md#five-year-costs):
 * the figures follow each keystroke; leaving a field shows the value actually used.
 */
import { FILTERS, priceLabel } from '@/features/filters/catalogue';
import { DIY_LIMITS, type DiyInputs } from '@/features/five-year-costs/five-year-model';

const { fiberglass, pleated } = FILTERS;
const FIELDS: readonly { key: keyof DiyInputs; label: string; hint: string }[] = [
  {
    key: 'filterPrice',
    label: 'Price per filter ($)',
    hint: `${fiberglass.label} ${priceLabel(fiberglass)}, ${pleated.label.toLowerCase()} ${priceLabel(pleated)}.`,
  },
  { key: 'filtersPerYear', label: 'Filters per year', hint: 'A change every 2 months is 6.' },
  { key: 'lateChangesPerYear', label: 'Late changes per year', hint: 'Changes a month or more past due.' },
];

/** What each field shows, as typed. */
export type CostFields = Record<keyof DiyInputs, string>;

interface Props {
  fields: CostFields;
  onType: (key: keyof DiyInputs, text: string) => void;
  onLeave: () => void;
  onReset: () => void;
}

export default function CostInputs({ fields, onType, onLeave, onReset }: Props) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3" data-needs-js>
        {FIELDS.map(({ key, label, hint }) => (
          <div key={key}>
            <label htmlFor={`cost-${key}`} className="field-label">
              {label}
            </label>
            <input
              id={`cost-${key}`}
              type="number"
              inputMode="numeric"
              min={DIY_LIMITS[key].min}
              max={DIY_LIMITS[key].max}
              step="1"
              value={fields[key]}
              onChange={(event) => onType(key, event.target.value)}
              onBlur={onLeave}
              aria-describedby={`cost-${key}-hint`}
              className="field-input"
            />
            <p id={`cost-${key}-hint`} className="mt-1 text-sm text-ink-muted">
              {hint}
            </p>
          </div>
        ))}
      </div>
      <button type="button" className="btn-outline justify-self-start" onClick={onReset} data-needs-js>
        Reset to the example
      </button>
    </>
  );
}
