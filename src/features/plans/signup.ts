/**
 * The plan sign-up's state (SPEC §2, §4, §5): which screen shows, how the visitor pays, what they
 * typed, the errors beside the fields, and whether the request is being sent. Framework-free: the
 * PlanSignup island renders it and the screens report what the visitor did as actions.
 */
import { DEFAULT_BILLING_PERIOD, type BillingPeriod, type PlanPricing, type PlanType } from './plans';
import { planRequestErrors, planRequestSchema, type PlanRequest, type PlanRequestInput } from './plan-request';

/** The form's own fields: the request without the plan and billing chosen before it. */
export type SignupFields = Omit<PlanRequestInput, 'planType' | 'billingPeriod' | 'agreeTerms'> & {
  agreeTerms: boolean;
};
/** The name of one of the form's fields. */
export type SignupFieldName = keyof SignupFields;
/** Field name to the message shown beside it. */
export type SignupErrors = Partial<Record<keyof PlanRequest, string>>;

/** A fresh form: nothing typed yet, the state filled in for Missouri. */
export const EMPTY_FIELDS: SignupFields = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: 'MO',
  zip: '',
  preferredDay: '',
  specialInstructions: '',
  agreeTerms: false,
};

/** The required text inputs, in form order; `wide` ones take the whole row. */
export const TEXT_FIELDS: readonly {
  name: Exclude<SignupFieldName, 'preferredDay' | 'specialInstructions' | 'agreeTerms'>;
  label: string;
  type: string;
  autoComplete: string;
  wide?: boolean;
}[] = [
  { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name', wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Street address', type: 'text', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', type: 'text', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP code', type: 'text', autoComplete: 'postal-code' },
];

/** Everything the sign-up shows. */
export interface SignupState {
  step: 'pick' | 'form';
  period: BillingPeriod;
  fields: SignupFields;
  errors: SignupErrors;
  sending: 'idle' | 'sending' | 'failed';
  /** The stored request once it was received: the confirmation replaces both screens. */
  received: PlanRequest | null;
}

/** What the visitor kept in this tab: the billing choice and the fields. */
export interface SignupDraft {
  period: BillingPeriod;
  fields: Partial<SignupFields>;
}

/** What happens to the sign-up. */
export type SignupAction =
  | { type: 'restore'; draft: SignupDraft }
  | { type: 'choose'; period: BillingPeriod }
  | { type: 'go'; step: SignupState['step'] }
  | { type: 'edit'; name: SignupFieldName; value: SignupFields[SignupFieldName] }
  | { type: 'invalid'; errors: SignupErrors }
  | { type: 'send' }
  | { type: 'failed' }
  | { type: 'received'; request: PlanRequest };

/** The sign-up as a page first draws it: the picker, annual chosen (SPEC §4). */
export const INITIAL_SIGNUP: SignupState = {
  step: 'pick',
  period: DEFAULT_BILLING_PERIOD,
  fields: EMPTY_FIELDS,
  errors: {},
  sending: 'idle',
  received: null,
};

/** The sign-up after an action. */
export function signupReducer(state: SignupState, action: SignupAction): SignupState {
  switch (action.type) {
    case 'restore':
      return { ...state, period: action.draft.period, fields: { ...EMPTY_FIELDS, ...action.draft.fields } };
    case 'choose':
      return { ...state, period: action.period };
    case 'go':
      return { ...state, step: action.step, sending: 'idle' };
    case 'edit': {
      const fields = { ...state.fields, [action.name]: action.value };
      // Typing in a field clears its message; the others stay until the next send.
      const errors = state.errors[action.name] ? { ...state.errors, [action.name]: undefined } : state.errors;
      return { ...state, fields, errors };
    }
    case 'invalid':
      return { ...state, errors: action.errors, sending: 'idle' };
    case 'send':
      return { ...state, errors: {}, sending: 'sending' };
    case 'failed':
      return { ...state, sending: 'failed' };
    case 'received':
      return { ...state, sending: 'idle', received: action.request };
  }
}

/** The form checked with the shared schema: the request to send, or the messages and the first field named. */
export function checkSignup(
  planType: PlanType,
  state: Pick<SignupState, 'period' | 'fields'>,
): { request: PlanRequest } | { errors: SignupErrors; first: keyof PlanRequest } {
  const input = { planType, billingPeriod: state.period, ...state.fields };
  const errors = planRequestErrors(input);
  const first = Object.keys(errors)[0] as keyof PlanRequest | undefined;
  return first ? { errors, first } : { request: planRequestSchema.parse(input) };
}

/** The picker's choice for a billing period (annual, the last, when it is not offered). */
export function chosenPricing(options: readonly PlanPricing[], period: BillingPeriod): PlanPricing {
  return options.find((o) => o.period === period) ?? options[options.length - 1]!;
}

/** The key of a plan's draft in this tab's sessionStorage. */
export function draftKey(planType: PlanType): string {
  return `plan-request:${planType}`;
}

/** Reads this tab's saved draft for a plan, or null when there is none or it is unreadable. */
export function loadDraft(key: string): SignupDraft | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as SignupDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft in this tab, so a reload or a Back loses nothing typed. */
export function saveDraft(key: string, draft: SignupDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

/** Forgets the draft once the request is stored. */
export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept, nothing to clear.
  }
}
