/**
 * The sign-up's second screen (docs/product/plans.md#plan-sign-up-form): the visitor's details for the
 * chosen plan and way to pay, 'Back' to the picker, and what to do when the request could not be
 * sent.
 */
import type { FormEvent, Ref } from 'react';
import PrivacyNote from '@/components/PrivacyNote';
import { formatUsd } from '@/lib/format';
import { SITE } from '@/site';
import type { Plan, PlanPricing } from './plans';
import type { SignupErrors, SignupFieldName, SignupFields } from './signup';
import SignupCard, { SIGNUP_LINK } from './SignupCard';
import SignupInputs from './SignupInputs';

interface Props {
  plan: Plan;
  chosen: PlanPricing;
  fields: SignupFields;
  errors: SignupErrors;
  sending: 'idle' | 'sending' | 'failed';
  onEdit: <K extends SignupFieldName>(name: K, value: SignupFields[K]) => void;
  /** Whether texts are on, for the consent box (docs/product/texts.md#consent). */
  texts: boolean;
  onSend: (form: HTMLFormElement) => void;
  onBack: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export default function SignupForm(props: Props) {
  const { plan, chosen, fields, errors, onEdit, texts, onSend, onBack, headingRef } = props;
  const sending = props.sending === 'sending';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSend(event.currentTarget);
  }

  return (
    <SignupCard heading={`Your details for ${plan.name}`} headingRef={headingRef} onSubmit={onSubmit}>
      <p className="mt-1 text-ink-muted">
        {chosen.label}: {formatUsd(chosen.price)} per {chosen.per}.{' '}
        <button type="button" className={SIGNUP_LINK} onClick={onBack}>
          Back
        </button>
      </p>
      <SignupInputs fields={fields} errors={errors} onEdit={onEdit} texts={texts} />
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending...' : `Request ${plan.name}`}
        </button>
        <button type="button" className="btn-outline" onClick={onBack}>
          Back
        </button>
      </div>
      <PrivacyNote purpose="set up and schedule your plan" className="mt-4 text-sm text-ink-muted" />
      <p role="alert" className="mt-4 font-semibold text-red-700">
        {props.sending === 'failed' &&
          `We could not send your request just now. Please try again, or call ${SITE.phone.display}. Everything you typed is still here.`}
      </p>
    </SignupCard>
  );
}
