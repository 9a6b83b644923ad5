/**
 * The sign-up's first screen (docs/product/plans.md#billing-periods): the three ways to pay for a plan,
 * each with how it bills, how cancelling works (a Headless UI radio group), then 'Select Plan'.
 */
import { Radio, RadioGroup } from '@headlessui/react';
import type { Ref } from 'react';
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
  return (
    <SignupCard heading={`Choose how you pay for ${plan.name}`} headingRef={headingRef}>
      <RadioGroup value={period} onChange={onChoose} aria-label="Billing" className="mt-5 grid gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <Radio
            key={option.period}
            value={option.period}
            className="group flex h-full cursor-pointer flex-col gap-1 rounded-xl border-2 border-slate-300 p-4 data-checked:border-brand-700 data-checked:bg-brand-50"
          >
            <span className="flex items-center gap-2 font-semibold">
              <span
                aria-hidden="true"
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-500 group-data-checked:border-brand-700"
              >
                <span className="size-2.5 rounded-full bg-brand-700 opacity-0 group-data-checked:opacity-100" />
              </span>
              {option.label}
            </span>
            <span className="flex flex-col gap-1">
              <span className="text-2xl font-extrabold">{formatUsd(option.price)}</span>
              <span className="text-sm text-ink-muted">per {option.per}</span>
              <span className="text-sm">
                {formatUsd(option.total)} a year
                {option.savings > 0 ? ` (save ${formatUsd(option.savings)})` : ''}
              </span>
              <span className="text-sm text-ink-muted">{PERIOD_TERMS[option.period].short}</span>
            </span>
          </Radio>
        ))}
      </RadioGroup>
      <p className="mt-4 text-sm text-ink-muted">{CANCELLATION_SUMMARY}</p>
      <button type="button" className="mt-6 btn-primary w-full sm:w-auto" onClick={onSelect}>
        Select Plan
      </button>
    </SignupCard>
  );
}
