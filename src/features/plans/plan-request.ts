/**
 * The Autopilot sign-up form (docs/product/plans.md#plan-sign-up-form): its fields, choices and validation, shared by the
 * plan pages' form and the function that stores plan requests. Browser-safe: no secrets. The
 * field kinds and their limits come from lib/validation.ts (zod's "mini" API, which this page's
 * island ships). Shared core: Node loads it directly from functions/, so relative imports with
 * the extension only.
 */
import * as z from 'zod/mini';
import {
  FIELD_LIMITS,
  optionalText,
  pageAddress,
  requiredEmail,
  requiredPhone,
  requiredText,
} from '../../lib/validation.ts';
import { BILLING_PERIODS, PLAN_TYPES } from './plans.ts';

/**
 * Preferred visit times (docs/product/plans.md#plan-sign-up-form): the fixed values, with labels for what we
 * can do (visits end at 6 PM; Sunday is for emergencies only).
 */
export const PREFERRED_DAYS = [
  { value: 'weekdays', label: 'Weekday mornings' },
  { value: 'evenings', label: 'Weekday afternoons (until 6 PM)' },
  { value: 'weekends', label: 'Saturdays' },
] as const;

/** A preferred time as pages and alerts show it: its label, 'No preference' for none, else the value itself. */
export function preferredDayLabel(value: string): string {
  if (value === '') return 'No preference';
  return PREFERRED_DAYS.find((d) => d.value === value)?.label ?? value;
}

/** One validated plan request (docs/product/plans.md#plan-sign-up-form); the phone takes the booking's rule. */
export const planRequestSchema = z.object({
  planType: z.enum(PLAN_TYPES, 'Please choose Autopilot Lite or Autopilot Full'),
  billingPeriod: z.enum(BILLING_PERIODS, 'Please choose monthly, per visit or annual billing'),
  fullName: requiredText('Please enter your full name'),
  email: requiredEmail('Please enter your email'),
  phone: requiredPhone('Please enter your phone number'),
  address: requiredText('Please enter your street address'),
  city: requiredText('Please enter your city'),
  state: requiredText('Please enter your state'),
  zip: requiredText('Please enter your ZIP code'),
  preferredDay: z._default(
    z.enum(
      ['weekdays', 'evenings', 'weekends', ''],
      'Please choose weekday mornings, weekday afternoons, Saturdays or no preference',
    ),
    '',
  ),
  specialInstructions: optionalText(FIELD_LIMITS.instructions, 'Special instructions must be text', 'instructions'),
  // The texts' consent box under the phone (docs/product/texts.md#consent): ticked or not; missing is not.
  textConsent: z.optional(z.boolean('textConsent must be true or false')),
  agreeTerms: z.literal(true, 'Please agree to the Service Agreement and Terms of Service'),
});

/** What /api/plan-request accepts: the form's fields plus the page it was sent from. */
export const planRequestLeadSchema = z.extend(planRequestSchema, { source: pageAddress() });

/**
 * Where and when to visit for a customer's plan (docs/product/plans.md#plan-visit-details): the plan
 * request's own fields and rules, the texts' consent box among them, minus what only the request needs.
 * The address stays in its parts (street, city, state, ZIP), as the service-area check reads them.
 */
export const planDetailsSchema = z.pick(planRequestSchema, {
  fullName: true,
  phone: true,
  address: true,
  city: true,
  state: true,
  zip: true,
  preferredDay: true,
  specialInstructions: true,
  textConsent: true,
});

/** Visit details as a form holds them before validation. */
export type PlanDetailsInput = z.input<typeof planDetailsSchema>;
/** Visit details that passed validation. */
export type PlanDetails = z.output<typeof planDetailsSchema>;

/** Visit details with nothing typed yet, the state filled in for Missouri. */
export const EMPTY_PLAN_DETAILS: PlanDetailsInput = {
  fullName: '',
  phone: '',
  address: '',
  city: '',
  state: 'MO',
  zip: '',
  preferredDay: '',
  specialInstructions: '',
};

/** The answer of PUT /api/plan-details: the details as stored (a 400 carries `{error, fields}`). */
export interface PlanDetailsAnswer {
  planDetails: PlanDetails;
}

/** A plan request as the form holds it before validation. */
export type PlanRequestInput = z.input<typeof planRequestSchema>;
/** A plan request that passed validation. */
export type PlanRequest = z.output<typeof planRequestSchema>;

/** Field name to first error message of a failed parse, for showing errors beside their fields. */
export function fieldErrors<K extends string>(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as K | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Field name to first error message, for showing errors beside their fields. */
export function planRequestErrors(input: unknown): Partial<Record<keyof PlanRequest, string>> {
  const result = planRequestSchema.safeParse(input);
  return result.success ? {} : fieldErrors<keyof PlanRequest>(result.error);
}

/** The visit details' messages, field by field (none when valid). */
export function planDetailsErrors(input: unknown): Partial<Record<keyof PlanDetails, string>> {
  const result = planDetailsSchema.safeParse(input);
  return result.success ? {} : fieldErrors<keyof PlanDetails>(result.error);
}
