/** One setting of the hidden-costs calculator: a slider and its typed twin (WCAG 2.5.7). */
import { useId, useState } from 'react';
import { parseSetting, settingError, type SettingRange } from './settings';

interface SettingProps {
  label: string;
  /** Shown after the number field, e.g. "months". */
  unit: string;
  range: SettingRange;
  value: number;
  /** The value in words, for the slider's aria-valuetext and its end labels. */
  describe: (value: number) => string;
  onChange: (value: number) => void;
}

/** One setting: a slider and a number field that always show the same value. */
export default function CalculatorSetting({ label, unit, range, value, describe, onChange }: SettingProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  const describedBy = invalid ? `${id}-limits ${id}-error` : `${id}-limits`;

  return (
    <div>
      <label id={`${id}-label`} htmlFor={`${id}-number`} className="field-label text-base">
        {label}
      </label>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={`${id}-number`}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={range.step}
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="field-input mt-0 w-28 text-right text-lg font-bold"
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = parseSetting(event.target.value, range);
            if (typed === null) return;
            setInvalid(false);
            onChange(typed);
          }}
          // Judged when the visitor leaves the field, so a half-typed "25" for 2500 is not an error.
          onBlur={() => setInvalid(parseSetting(draft, range) === null)}
        />
        <span className="text-ink-muted">{unit}</span>
      </div>
      <input
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-labelledby={`${id}-label`}
        aria-valuetext={describe(value)}
        aria-describedby={`${id}-limits`}
        className="mt-3 h-6 w-full cursor-pointer accent-brand-700"
        onChange={(event) => {
          const next = Number(event.target.value);
          setDraft(String(next));
          setInvalid(false);
          onChange(next);
        }}
      />
      <p id={`${id}-limits`} className="flex justify-between text-sm text-ink-muted">
        <span>{describe(range.min)}</span>
        <span className="sr-only"> to </span>
        <span>{describe(range.max)}</span>
      </p>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-base font-semibold text-red-700">
          {settingError(range)} The estimate still uses {describe(value)}.
        </p>
      )}
    </div>
  );
}
