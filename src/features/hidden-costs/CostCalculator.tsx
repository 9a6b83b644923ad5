/**
 * The hidden-costs calculator (SPEC §4, §9): months since the last filter change and home size,
 * each a slider with a typed twin (WCAG 2.5.7); every output recomputes on each change and is
 * announced politely, label and value together.
 */
import { useId, useState } from 'react';
import { formatUsd } from '@/lib/format';
import { planName } from '@/features/checkout/plans';
import { HOME_SIZE, MONTHS, hiddenCosts } from './costs';
import { parseSetting, settingError, type SettingRange } from './settings';

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
const sizeText = (n: number) => `${n.toLocaleString('en-US')} sq ft`;

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
function Setting({ label, unit, range, value, describe, onChange }: SettingProps) {
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

interface OutputProps {
  label: string;
  value: string;
  note: string;
  strong?: boolean;
}

/** One output: label, value and a short note, announced together when the value changes. */
function Output({ label, value, note, strong = false }: OutputProps) {
  const box = strong ? 'col-span-2 bg-brand-800 text-white sm:col-span-1' : 'bg-slate-50';
  return (
    <div aria-atomic="true" className={`min-w-0 rounded-xl p-3 sm:p-4 ${box}`}>
      <dt className={strong ? 'text-sm font-semibold text-brand-100' : 'text-sm font-semibold text-ink-muted'}>
        {label}
      </dt>
      <dd className="text-xl font-extrabold tabular-nums sm:text-2xl">{value}</dd>
      <dd className={strong ? 'text-sm text-brand-100' : 'text-sm text-ink-muted'}>{note}</dd>
    </div>
  );
}

/** The calculator island; it starts at the spec's defaults (6 months, 2,000 sq ft). */
export default function CostCalculator() {
  const [months, setMonths] = useState<number>(MONTHS.default);
  const [homeSize, setHomeSize] = useState<number>(HOME_SIZE.default);
  const costs = hiddenCosts(months, homeSize);

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Setting
          label="Months since last filter change"
          unit="months"
          range={MONTHS}
          value={months}
          describe={monthsText}
          onChange={setMonths}
        />
        <Setting
          label="Home size"
          unit="sq ft"
          range={HOME_SIZE}
          value={homeSize}
          describe={sizeText}
          onChange={setHomeSize}
        />
      </div>
      <div aria-live="polite" className="grid gap-3">
        <p aria-atomic="true" className="font-semibold">
          Estimate for a {sizeText(homeSize)} home, {monthsText(months)} since the last change
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <Output
            label="Efficiency impact"
            value={`${costs.impactPercent}%`}
            note="5 points per month overdue, capped at 50%"
          />
          <Output label="Energy cost per year" value={formatUsd(costs.energyCost)} note="Extra heating and cooling" />
          <Output label="Repair risk" value={formatUsd(costs.repairRisk)} note="Grows 20% each month overdue" />
          <Output label="Health impact" value={formatUsd(costs.healthImpact)} note="Dust, allergies and cleaning" />
        </dl>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Output label="Total hidden cost" value={formatUsd(costs.total)} note="Energy, repair and health added up" />
          <Output
            label="Prevention cost per year"
            value={formatUsd(costs.preventionCost)}
            note={`A year of ${planName('lite')}, paid in advance`}
          />
          <Output label="Potential savings" value={formatUsd(costs.savings)} note="Total minus prevention" strong />
        </dl>
      </div>
    </div>
  );
}
