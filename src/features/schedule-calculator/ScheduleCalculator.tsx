/**
 * The air filter schedule calculator (docs/product/tools.md#schedule-calculator): filter type, household size, pets and
 * allergies; no result until 'Calculate My Schedule'. The result lives in a shared store so the
 * factors section's button of the same name can clear it from outside this island.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  ALLERGY_LEVELS,
  FILTER_CHOICES,
  HOUSEHOLD_SIZES,
  PET_COUNTS,
  recommendedDays,
  scheduleMessage,
  type ScheduleInputs,
} from './schedule';
import { $scheduleDays, clearSchedule, showSchedule } from './store';

const FIELDS = [
  { name: 'filterType', label: 'Filter type', options: FILTER_CHOICES },
  { name: 'householdSize', label: 'People in your home', options: HOUSEHOLD_SIZES },
  { name: 'pets', label: 'Pets', options: PET_COUNTS },
  { name: 'allergies', label: 'Allergies or asthma', options: ALLERGY_LEVELS },
] as const;

const DEFAULTS: ScheduleInputs = { filterType: 'pleated', householdSize: '1-2', pets: 'none', allergies: 'none' };

/** "about every 2 months" style hint for a number of days. */
function roughly(days: number): string {
  if (days < 56) return `about every ${Math.round(days / 7)} weeks`;
  // To the nearest half month: 75 days reads "about every 2.5 months".
  const months = Math.round(days / 15) / 2;
  return `about every ${months} months`;
}

export default function ScheduleCalculator() {
  const id = useId();
  const [inputs, setInputs] = useState<ScheduleInputs>(DEFAULTS);
  const days = useStore($scheduleDays);

  const change = (name: keyof ScheduleInputs, value: string) => {
    setInputs((current) => ({ ...current, [name]: value }));
    // A result always matches the answers shown; a changed answer needs a new calculation.
    clearSchedule();
  };
  const calculate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showSchedule(recommendedDays(inputs));
  };

  return (
    <form
      onSubmit={calculate}
      data-schedule-calculator
      aria-label="Air filter schedule calculator"
      className="grid min-w-0 gap-5 rounded-2xl border-2 border-brand-700 bg-white p-5 sm:p-7"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className="min-w-0">
            <label htmlFor={`${id}-${field.name}`} className="field-label">
              {field.label}
            </label>
            <select
              id={`${id}-${field.name}`}
              name={field.name}
              value={inputs[field.name]}
              onChange={(event) => change(field.name, event.target.value)}
              className="field-input"
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div>
        <button type="submit" className="btn-primary">
          Calculate My Schedule
        </button>
        <div aria-live="polite">
          {days !== null && (
            <div className="mt-5 rounded-xl bg-brand-50 p-4 text-ink">
              <p className="text-lg font-semibold" data-schedule-result>
                {scheduleMessage(days)}
              </p>
              <p className="mt-1 text-base text-ink-muted">
                That is {roughly(days)}. Put the date on your calendar with the reminder below, and change the filter
                sooner if it looks gray.
              </p>
            </div>
          )}
        </div>
      </div>
    </form>
  );
}
