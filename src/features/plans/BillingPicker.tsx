/**
 * The sign-up's first screen (docs/product.md#billing-periods): the three ways to pay for a plan,
 * each with how it bills, how cancelling works, then 'Select Plan'.
 */
import { useId, type Ref } from 'react';
import { formatUsd } from '@/lib/format';
import { CANCELLATION_SUMMARY, PERIOD_TERMS, type BillingPeriod, type Plan, type PlanPricing } from './plans';
import SignupCard from './SignupCard';

interface Props {
  plan: Plan;
  options: readonly PlanPricing[];
  period: BillingPeriod;
  onChoose: (period: BillingPeriod) => void;
  onSelect: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export default function BillingPicker({ plan, options, period, onChoose, onSelect, headingRef }: Props) {
  const id = useId();
  return (
    <SignupCard heading={`Choose how you pay for ${plan.name}`} headingRef={headingRef}>
      <fieldset className="mt-5">
        <legend className="sr-only">Billing</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {options.map((option) => (
            <label
              key={option.period}
              className="flex cursor-pointer flex-col gap-1 rounded-xl border-2 border-slate-300 p-4 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <span className="flex items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name={`${id}-period`}
                  value={option.period}
                  checked={period === option.period}
                  onChange={() => onChoose(option.period)}
                  className="size-5 accent-brand-700"
                />
                {option.label}
              </span>
              <span className="text-2xl font-extrabold">{formatUsd(option.price)}</span>
              <span className="text-sm text-ink-muted">per {option.per}</span>
              <span className="text-sm">
                {formatUsd(option.total)} a year
                {option.savings > 0 ? ` (save ${formatUsd(option.savings)})` : ''}
              </span>
              <span className="text-sm text-ink-muted">{PERIOD_TERMS[option.period].short}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-4 text-sm text-ink-muted">{CANCELLATION_SUMMARY}</p>
      <button type="button" className="mt-6 btn-primary w-full sm:w-auto" onClick={onSelect}>
        Select Plan
      </button>
    </SignupCard>
  );
}
