/**
 * What the plan sign-up keeps in this tab (docs/product/plans.md#plan-sign-up-form): the billing choice
 * and the fields as typed, saved on every change, and a request already sent, so a reload, a Back
 * or a trip to sign in loses nothing. sessionStorage is not the server's: what it holds is read
 * once after hydration, so the first client render matches the server's HTML.
 */
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_BILLING_PERIOD, type BillingPeriod, type PlanType } from './plans';
import {
  EMPTY_FIELDS,
  draftKey,
  loadDraft,
  loadSent,
  saveDraft,
  sentKey,
  type SentRequest,
  type SignupFields,
} from './signup';

/** The sign-up's kept state, with its setters and the keys it is kept under. */
export function useSignupDraft(planType: PlanType) {
  const key = draftKey(planType);
  const sentAt = sentKey(planType);
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const [fields, setFields] = useState<SignupFields>(EMPTY_FIELDS);
  const [received, setReceived] = useState<SentRequest | null>(null);
  const restored = useRef(false);

  useEffect(() => {
    const sent = loadSent(sentAt);
    const draft = loadDraft(key);
    if (sent) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPeriod(sent.request.billingPeriod);
      setReceived(sent);
    } else if (draft) {
      setPeriod(draft.period);
      setFields({ ...EMPTY_FIELDS, ...draft.fields });
    }
    restored.current = true;
  }, [key, sentAt]);

  useEffect(() => {
    if (restored.current) saveDraft(key, { period, fields });
  }, [key, period, fields]);

  return { key, sentAt, period, setPeriod, fields, setFields, received, setReceived };
}
