/**
 * The Autopilot sign-up form (SPEC §3, §5): its fields, choices and validation, shared by the
 * plan pages' form and the function that stores plan requests. Browser-safe: no secrets.
 */
import { z } from 'zod';

/** Preferred visit times (SPEC §3 preferredDay). */
export const PREFERRED_DAYS = [
  { value: 'weekdays', label: 'Weekdays' },
  { value: 'evenings', label: 'Evenings' },
  { value: 'weekends', label: 'Weekends' },
] as const;

const required = (message: string) =>
  z.string().trim().min(1, message).max(200, 'Please keep this under 200 characters');

/** One validated plan request. Required fields per SPEC §5; no format rules beyond input types. */
export const planRequestSchema = z.object({
  planType: z.enum(['lite', 'full']),
  billingPeriod: z.enum(['monthly', 'quarterly', 'annual']),
  fullName: required('Please enter your full name'),
  email: required('Please enter your email').pipe(z.email('Please enter a valid email address')),
  phone: required('Please enter your phone number'),
  address: required('Please enter your street address'),
  city: required('Please enter your city'),
  state: required('Please enter your state'),
  zip: required('Please enter your ZIP code'),
  preferredDay: z.union([z.enum(['weekdays', 'evenings', 'weekends']), z.literal('')]).default(''),
  specialInstructions: z.string().trim().max(2000, 'Please keep instructions under 2,000 characters').default(''),
  agreeTerms: z.literal(true, 'Please agree to the Service Agreement and Terms of Service'),
});

/** Longest page address accepted as a plan request's source. */
const MAX_SOURCE_LENGTH = 2000;

/** What /api/plan-request accepts: the form's fields plus the page it was sent from. */
export const planRequestLeadSchema = planRequestSchema.extend({
  source: z
    .string('Must be the page address')
    .trim()
    .max(MAX_SOURCE_LENGTH, `Must be at most ${MAX_SOURCE_LENGTH} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'Must be the page address (an http or https URL)' })),
});

/** A plan request as the form holds it before validation. */
export type PlanRequestInput = z.input<typeof planRequestSchema>;
/** A plan request that passed validation. */
export type PlanRequest = z.output<typeof planRequestSchema>;

/** Field name to first error message, for showing errors beside their fields. */
export function planRequestErrors(input: unknown): Partial<Record<keyof PlanRequest, string>> {
  const result = planRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<keyof PlanRequest, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PlanRequest | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
