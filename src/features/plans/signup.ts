/**
 * The plan sign-up's rules (docs/product/plans.md#plan-sign-up-form): the form's fields, their check
 * against the shared plan-request schema, the chosen price, and the draft kept in this tab.
 * Framework-free: the PlanSignup island and its screens call it.
 */
import type { BillingPeriod, PlanPricing, PlanType } from './plans';
import { areaZipProblem, type AreaList } from '@/features/service-area/area';
import {
  EMPTY_PLAN_DETAILS,
  planRequestErrors,
  planRequestSchema,
  type PlanRequest,
  type PlanRequestInput,
} from './plan-request';

/** The form's own fields: the request without the plan and billing chosen before it. */
export type SignupFields = Omit<PlanRequestInput, 'planType' | 'billingPeriod' | 'agreeTerms'> & {
  agreeTerms: boolean;
};
/** The name of one of the form's fields. */
export type SignupFieldName = keyof SignupFields;
/** Field name to the message shown beside it. */
export type SignupErrors = Partial<Record<keyof PlanRequest, string>>;

/** A fresh form: nothing typed yet, the state filled in for Missouri. */
export const EMPTY_FIELDS: SignupFields = { ...EMPTY_PLAN_DETAILS, email: '', agreeTerms: false };

/** The required text inputs, in form order; `wide` ones take the whole row. */
export const TEXT_FIELDS: readonly {
  name: Exclude<SignupFieldName, 'preferredDay' | 'specialInstructions' | 'textConsent' | 'agreeTerms'>;
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

/** What the visitor kept in this tab: the billing choice and the fields. */
export interface SignupDraft {
  period: BillingPeriod;
  fields: Partial<SignupFields>;
}

/**
 * The form checked with the shared schema, and its ZIP code against the service area when `area`
 * is given (docs/product/site.md#service-area-check): the messages to show (none when valid), and either
 * the first field with a message, to focus, or the request to send.
 */
export function checkSignup(
  planType: PlanType,
  period: BillingPeriod,
  fields: SignupFields,
  area?: AreaList,
): { errors: SignupErrors; first?: keyof PlanRequest; request?: PlanRequest } {
  const input = { planType, billingPeriod: period, ...fields };
  const errors = planRequestErrors(input);
  const outside = area && !errors.zip ? areaZipProblem(fields.zip, area) : null;
  if (outside) errors.zip = outside;
  const first = Object.keys(errors)[0] as keyof PlanRequest | undefined;
  return first ? { errors, first } : { errors, request: planRequestSchema.parse(input) };
}

/** The picker's choice for a billing period (annual, the last, when it is not offered). */
export function chosenPricing(options: readonly PlanPricing[], period: BillingPeriod): PlanPricing {
  return options.find((o) => o.period === period) ?? options[options.length - 1]!;
}

/** The key of a plan's draft in this tab's sessionStorage. */
export function draftKey(planType: PlanType): string {
  return `plan-request:${planType}`;
}

/**
 * A request this tab has sent: it, the id it was stored under and the billing chosen. Kept so the
 * confirmation and its checkout (which carries the request) are still there after signing in.
 */
export interface SentRequest {
  request: PlanRequest;
  id: string;
}

/** The key of a plan's sent request in this tab's sessionStorage. */
export function sentKey(planType: PlanType): string {
  return `plan-request:${planType}:sent`;
}

/** Reads what this tab kept under `key`, or null when there is nothing or it is unreadable. */
function loadStored<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps a value in this tab. */
function saveStored(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, only this tab does not remember.
  }
}

/** Forgets what this tab kept under `key`. */
export function clearStored(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept, nothing to clear.
  }
}

/** Reads this tab's saved draft for a plan, or null when there is none or it is unreadable. */
export function loadDraft(key: string): SignupDraft | null {
  return loadStored<SignupDraft>(key);
}

/** Keeps the draft in this tab, so a reload or a Back loses nothing typed. */
export function saveDraft(key: string, draft: SignupDraft): void {
  saveStored(key, draft);
}

/** Forgets the draft once the request is stored. */
export function clearDraft(key: string): void {
  clearStored(key);
}

/** The request this tab sent for a plan, or null (a malformed one counts as none). */
export function loadSent(key: string): SentRequest | null {
  const sent = loadStored<SentRequest>(key);
  return sent && typeof sent.id === 'string' && planRequestSchema.safeParse(sent.request).success ? sent : null;
}

/** Keeps the request just sent, so its confirmation survives a trip to sign in. */
export function saveSent(key: string, sent: SentRequest): void {
  saveStored(key, sent);
}
