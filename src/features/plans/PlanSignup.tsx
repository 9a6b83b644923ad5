/**
 * The plan pages' sign-up (SPEC §2, §4): choose how to pay (annual by default), 'Select Plan' opens
 * the form, 'Back' returns. The form validates with the shared plan-request schema and keeps a
 * draft in this tab, so nothing typed is lost on a reload or a Back. Sending stores the request as
 * a lead (DECISIONS.md), confirms it, then offers the online checkout. State lives in signup.ts;
 * each screen is its own component.
 */
import { useEffect, useReducer, useRef } from 'react';
import { getPlan, planPricing, type PlanType } from './plans';
import { submitPlanRequest } from './plan-request-client';
import {
  INITIAL_SIGNUP,
  checkSignup,
  chosenPricing,
  clearDraft,
  draftKey,
  loadDraft,
  saveDraft,
  signupReducer,
  type SignupState,
} from './signup';
import BillingPicker from './BillingPicker';
import RequestReceived from './RequestReceived';
import SignupForm from './SignupForm';

interface Props {
  planType: PlanType;
}

export default function PlanSignup({ planType }: Props) {
  const plan = getPlan(planType);
  const options = planPricing(plan);
  const key = draftKey(planType);
  const [state, dispatch] = useReducer(signupReducer, INITIAL_SIGNUP);
  const { step, period, fields, received } = state;
  // The screen shown has one heading; focus moves to it when the visitor changes screens.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const restored = useRef(false);

  useEffect(() => {
    // The draft lives in sessionStorage, which the server render cannot read: it is restored once
    // after hydration so the first client render matches the server's HTML.
    const draft = loadDraft(key);
    if (draft) dispatch({ type: 'restore', draft });
    restored.current = true;
  }, [key]);

  useEffect(() => {
    if (restored.current) saveDraft(key, { period, fields });
  }, [key, period, fields]);

  useEffect(() => {
    // Once React has committed the new screen: a frame callback queued after the change can run
    // before that commit on a busy device, and would find no heading to focus.
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [step, received]);

  const chosen = chosenPricing(options, period);

  function go(next: SignupState['step']) {
    moved.current = true;
    dispatch({ type: 'go', step: next });
  }

  async function send(form: HTMLFormElement) {
    if (state.sending === 'sending') return;
    const checked = checkSignup(planType, state);
    if ('errors' in checked) {
      dispatch({ type: 'invalid', errors: checked.errors });
      form.querySelector<HTMLElement>(`[name="${checked.first}"]`)?.focus();
      return;
    }
    dispatch({ type: 'send' });
    try {
      await submitPlanRequest(checked.request);
    } catch (error) {
      // The draft stays in the fields and in this tab: the visitor can retry or call.
      console.error('Plan request not stored:', error);
      dispatch({ type: 'failed' });
      return;
    }
    clearDraft(key);
    moved.current = true;
    dispatch({ type: 'received', request: checked.request });
  }

  if (received) {
    return <RequestReceived plan={plan} chosen={chosen} request={received} headingRef={heading} />;
  }
  if (step === 'pick') {
    return (
      <BillingPicker
        plan={plan}
        options={options}
        period={period}
        onChoose={(choice) => dispatch({ type: 'choose', period: choice })}
        onSelect={() => go('form')}
        headingRef={heading}
      />
    );
  }
  return (
    <SignupForm
      plan={plan}
      chosen={chosen}
      state={state}
      onEdit={(name, value) => dispatch({ type: 'edit', name, value })}
      onSend={(form) => void send(form)}
      onBack={() => go('pick')}
      headingRef={heading}
    />
  );
}
