/**
 * The plan pages' sign-up (docs/product/plans.md#plan-sign-up-form): choose how to pay (annual by
 * default), 'Select Plan' opens the form, 'Back' returns. The form validates with the shared
 * plan-request schema and keeps a draft in this tab, so nothing typed is lost on a reload or a
 * Back. Sending stores the request as a lead (docs/product/leads.md#plan-requests), confirms it, then
 * offers the online checkout for the period chosen, carrying the request; the confirmation is kept
 * in this tab so it is still there after signing in. Each screen is its own component; the rules
 * live in signup.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { getPlan, planPricing, type PlanType } from './plans';
import { submitPlanRequest } from './plan-request-client';
import {
  EMPTY_FIELDS,
  checkSignup,
  chosenPricing,
  clearDraft,
  clearStored,
  saveSent,
  type SentRequest,
  type SignupErrors,
  type SignupFieldName,
  type SignupFields,
} from './signup';
import { useSignupDraft } from './use-signup-draft';
import BillingPicker from './BillingPicker';
import RequestReceived from './RequestReceived';
import SignupForm from './SignupForm';
import { SERVED_AREA } from '@/features/service-area/served-area';
import { useTextsOn } from '@/features/texts/use-texts-on';

interface Props {
  planType: PlanType;
}

export default function PlanSignup({ planType }: Props) {
  const plan = getPlan(planType);
  const options = planPricing(plan);
  const { key, sentAt, period, setPeriod, fields, setFields, received, setReceived } = useSignupDraft(planType);
  const [step, setStep] = useState<'pick' | 'form'>('pick');
  const [errors, setErrors] = useState<SignupErrors>({});
  const [sending, setSending] = useState<'idle' | 'sending' | 'failed'>('idle');
  // The screen shown has one heading; focus moves to it when the visitor changes screens.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Whether texts are on (the server's answer, once the form is opened): the consent box shows only then.
  const texts = useTextsOn(step === 'form');

  useEffect(() => {
    // Once React has committed the new screen: a frame callback queued after the change can run
    // before that commit on a busy device, and would find no heading to focus.
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [step, received]);

  const chosen = chosenPricing(options, period);

  function go(next: 'pick' | 'form') {
    moved.current = true;
    setStep(next);
    setSending('idle');
  }

  function edit<K extends SignupFieldName>(name: K, value: SignupFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function send(form: HTMLFormElement) {
    if (sending === 'sending') return;
    // Consent only as shown: a box never shown (texts off) is never ticked.
    const checked = checkSignup(
      planType,
      period,
      { ...fields, textConsent: texts && fields.textConsent === true },
      SERVED_AREA,
    );
    setErrors(checked.errors);
    if (!checked.request) {
      setSending('idle');
      form.querySelector<HTMLElement>(`[name="${checked.first}"]`)?.focus();
      return;
    }
    setSending('sending');
    let sent: SentRequest;
    try {
      sent = { request: checked.request, id: await submitPlanRequest(checked.request) };
    } catch (error) {
      // The draft stays in the fields and in this tab: the visitor can retry or call.
      console.error('Plan request not stored:', error);
      setSending('failed');
      return;
    }
    clearDraft(key);
    saveSent(sentAt, sent);
    moved.current = true;
    setSending('idle');
    setReceived(sent);
  }

  function startOver() {
    clearStored(sentAt);
    setReceived(null);
    setFields(EMPTY_FIELDS);
    go('pick');
  }

  if (received) {
    return (
      <RequestReceived
        plan={plan}
        chosen={chosenPricing(options, received.request.billingPeriod)}
        sent={received}
        onStartOver={startOver}
        headingRef={heading}
      />
    );
  }
  if (step === 'pick') {
    return (
      <BillingPicker
        plan={plan}
        options={options}
        period={period}
        onChoose={setPeriod}
        onSelect={() => go('form')}
        headingRef={heading}
      />
    );
  }
  return (
    <SignupForm
      plan={plan}
      chosen={chosen}
      fields={fields}
      errors={errors}
      sending={sending}
      onEdit={edit}
      texts={texts}
      onSend={(form) => void send(form)}
      onBack={() => go('pick')}
      headingRef={heading}
    />
  );
}
