/**
 * The plan pages' picker and sign-up form (SPEC §2, §4): choose how to pay (annual by default),
 * 'Select Plan' opens the form, 'Back' returns. The form validates with the shared plan-request
 * schema and keeps a draft in this tab, so nothing typed is lost on a reload or a Back. Sending
 * stores the request as a lead (DECISIONS.md), confirms it, then offers the online checkout.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatUsd } from '@/lib/format';
import { startSubscriptionCheckout } from '@/features/checkout/checkout-client';
import { SUBSCRIPTION_MONTHLY_CENTS } from '@/features/checkout/pricing';
import {
  DEFAULT_BILLING_PERIOD,
  getPlan,
  planPricing,
  type BillingPeriod,
  type PlanType,
} from '@/features/checkout/plans';
import { submitPlanRequest } from '@/features/leads/plan-request-client';
import {
  PREFERRED_DAYS,
  planRequestErrors,
  planRequestSchema,
  type PlanRequest,
  type PlanRequestInput,
} from '@/features/leads/plan-request';
import { SITE } from '@/site';

interface Props {
  planType: PlanType;
}

type Fields = Omit<PlanRequestInput, 'planType' | 'billingPeriod'>;
type FieldName = keyof Fields;

const EMPTY: Fields = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: 'MO',
  zip: '',
  preferredDay: '',
  specialInstructions: '',
  agreeTerms: false as unknown as true,
};

const TEXT_FIELDS: readonly { name: FieldName; label: string; type: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name', wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Street address', type: 'text', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', type: 'text', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP code', type: 'text', autoComplete: 'postal-code' },
];

/** Reads this tab's saved draft for a plan, or null when there is none or it is unreadable. */
function loadDraft(key: string): { period: BillingPeriod; fields: Fields } | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { period: BillingPeriod; fields: Fields }) : null;
  } catch {
    return null;
  }
}

export default function PlanCheckout({ planType }: Props) {
  const plan = getPlan(planType);
  const options = planPricing(plan);
  const draftKey = `plan-request:${planType}`;
  const id = useId();
  const [step, setStep] = useState<'pick' | 'form'>('pick');
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PlanRequest, string>>>({});
  const [sending, setSending] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [received, setReceived] = useState<PlanRequest | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const pickHeading = useRef<HTMLHeadingElement>(null);
  const receivedHeading = useRef<HTMLHeadingElement>(null);
  const restored = useRef(false);

  useEffect(() => {
    const draft = loadDraft(draftKey);
    if (draft) {
      // The draft lives in sessionStorage, which the server render cannot read: it is restored once
      // after hydration so the first client render matches the server's HTML.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPeriod(draft.period);
      setFields({ ...EMPTY, ...draft.fields });
    }
    restored.current = true;
  }, [draftKey]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(draftKey, JSON.stringify({ period, fields }));
    } catch {
      // Storage full or disabled: the form still works, only the draft is not kept.
    }
  }, [draftKey, period, fields]);

  useEffect(() => {
    // Once React has committed the confirmation: a frame callback queued after the request can run
    // before that commit on a busy device, and would find no heading to focus.
    if (received) receivedHeading.current?.focus();
  }, [received]);

  const chosen = options.find((o) => o.period === period) ?? options[options.length - 1]!;

  function go(next: 'pick' | 'form') {
    setStep(next);
    setSending('idle');
    requestAnimationFrame(() => (next === 'form' ? formHeading : pickHeading).current?.focus());
  }

  function set<K extends FieldName>(name: K, value: Fields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending === 'sending') return;
    const input = { planType, billingPeriod: period, ...fields };
    const found = planRequestErrors(input);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setSending('idle');
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const request = planRequestSchema.parse(input);
    setSending('sending');
    try {
      await submitPlanRequest(request);
    } catch (error) {
      // The draft stays in the fields and in this tab: the visitor can retry or call.
      console.error('Plan request not stored:', error);
      setSending('failed');
      return;
    }
    try {
      sessionStorage.removeItem(draftKey);
    } catch {
      // Storage disabled: nothing was kept, nothing to clear.
    }
    setSending('idle');
    setReceived(request);
  }

  async function subscribe() {
    if (checkingOut) return;
    setCheckingOut(true);
    try {
      await startSubscriptionCheckout(planType);
    } finally {
      setCheckingOut(false);
    }
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const invalid = (name: FieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};

  if (received) {
    const monthly = formatCents(SUBSCRIPTION_MONTHLY_CENTS[planType]);
    return (
      <div className="rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-sm sm:p-8">
        <h2 ref={receivedHeading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Request received
        </h2>
        <p className="mt-2">
          Thank you, {received.fullName}. We have your request for {plan.name} ({chosen.label.toLowerCase()}:{' '}
          {formatUsd(chosen.price)} per {chosen.per}) and will contact you within {SITE.claims.responseHours} hours at{' '}
          {received.email} or {received.phone} to schedule your first visit at {received.address}, {received.city}.
        </p>
        <div className="mt-6 rounded-xl bg-brand-50 p-5">
          <h3 className="text-lg font-bold">Start now with online checkout</h3>
          <p className="mt-1">
            Subscribe by card for {monthly} a month, billed monthly; cancel any time with 30 days&apos; notice. You sign
            in or create an account first.
          </p>
          <button
            type="button"
            className="mt-4 btn-primary"
            onClick={() => void subscribe()}
            disabled={checkingOut}
            aria-busy={checkingOut}
          >
            {checkingOut ? 'Processing...' : `Subscribe to ${plan.name}`}
          </button>
        </div>
        <p className="mt-4 text-sm text-ink-muted">
          Prefer to talk first? Call{' '}
          <a href={SITE.phone.href} className="font-semibold text-brand-700 underline underline-offset-4">
            {SITE.phone.display}
          </a>
          .
        </p>
      </div>
    );
  }

  if (step === 'pick') {
    return (
      <div className="rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-sm sm:p-8">
        <h2 ref={pickHeading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Choose how you pay for {plan.name}
        </h2>
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
                    onChange={() => setPeriod(option.period)}
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
              </label>
            ))}
          </div>
        </fieldset>
        <button type="button" className="mt-6 btn-primary w-full sm:w-auto" onClick={() => go('form')}>
          Select Plan
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 ref={formHeading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Your details for {plan.name}
      </h2>
      <p className="mt-1 text-ink-muted">
        {chosen.label}: {formatUsd(chosen.price)} per {chosen.per}.{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-4"
          onClick={() => go('pick')}
        >
          Back
        </button>
      </p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
            <label htmlFor={fieldId(f.name)} className="field-label">
              {f.label}
            </label>
            <input
              id={fieldId(f.name)}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              required
              value={String(fields[f.name] ?? '')}
              onChange={(e) => set(f.name, e.target.value)}
              className="field-input aria-invalid:border-red-700"
              {...invalid(f.name)}
            />
            {errors[f.name] && (
              <p id={errorId(f.name)} className="mt-1 text-sm font-semibold text-red-700">
                {errors[f.name]}
              </p>
            )}
          </div>
        ))}
        <div className="sm:col-span-2">
          <label htmlFor={fieldId('preferredDay')} className="field-label">
            Preferred visit time <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <select
            id={fieldId('preferredDay')}
            name="preferredDay"
            value={fields.preferredDay ?? ''}
            onChange={(e) => set('preferredDay', e.target.value as Fields['preferredDay'])}
            className="field-input"
          >
            <option value="">No preference</option>
            {PREFERRED_DAYS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fieldId('specialInstructions')} className="field-label">
            Special instructions <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <textarea
            id={fieldId('specialInstructions')}
            name="specialInstructions"
            rows={3}
            value={fields.specialInstructions ?? ''}
            onChange={(e) => set('specialInstructions', e.target.value)}
            className="field-input"
          />
        </div>
        <div className="sm:col-span-2">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="agreeTerms"
              checked={fields.agreeTerms === true}
              onChange={(e) => set('agreeTerms', e.target.checked as true)}
              className="mt-1 size-5 accent-brand-700"
              {...invalid('agreeTerms')}
            />
            <span>
              I agree to the{' '}
              <a href="/service-agreement" className="font-semibold text-brand-700 underline underline-offset-4">
                Service Agreement
              </a>{' '}
              and{' '}
              <a href="/terms" className="font-semibold text-brand-700 underline underline-offset-4">
                Terms of Service
              </a>
            </span>
          </label>
          {errors.agreeTerms && (
            <p id={errorId('agreeTerms')} className="mt-1 text-sm font-semibold text-red-700">
              {errors.agreeTerms}
            </p>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn-primary"
          disabled={sending === 'sending'}
          aria-busy={sending === 'sending'}
        >
          {sending === 'sending' ? 'Sending...' : `Request ${plan.name}`}
        </button>
        <button type="button" className="btn-outline" onClick={() => go('pick')}>
          Back
        </button>
      </div>
      <p role="alert" className="mt-4 font-semibold text-red-700">
        {sending === 'failed' &&
          `We could not send your request just now. Please try again, or call ${SITE.phone.display}. Everything you typed is still here.`}
      </p>
    </form>
  );
}
