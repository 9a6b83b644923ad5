/**
 * The Autopilot sign-up form (SPEC §3, §5): its fields, choices and validation, shared by the
 * plan pages' form and the function that stores plan requests. Browser-safe: no secrets.
 * Written with zod's tree-shakable "mini" API: the plan page's island ships it, and the classic
 * API would add some 60 KB to that page.
 */
import * as z from 'zod/mini';

/** Preferred visit times (SPEC §3 preferredDay). */
export const PREFERRED_DAYS = [
  { value: 'weekdays', label: 'Weekdays' },
  { value: 'evenings', label: 'Evenings' },
  { value: 'weekends', label: 'Weekends' },
] as const;

/** Longest text field accepted. */
const MAX_FIELD_LENGTH = 200;
/** Longest special instructions accepted. */
const MAX_INSTRUCTIONS_LENGTH = 2000;
/** Longest page address accepted as a plan request's source. */
const MAX_SOURCE_LENGTH = 2000;

const required = (message: string) =>
  z
    .string(message)
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(MAX_FIELD_LENGTH, `Please keep this under ${MAX_FIELD_LENGTH} characters`),
    );

/** One validated plan request. Required fields per SPEC §5; no format rules beyond input types. */
export const planRequestSchema = z.object({
  planType: z.enum(['lite', 'full'], 'Please choose Autopilot Lite or Autopilot Full'),
  billingPeriod: z.enum(['monthly', 'quarterly', 'annual'], 'Please choose monthly, per visit or annual billing'),
  fullName: required('Please enter your full name'),
  email: z.pipe(required('Please enter your email'), z.email('Please enter a valid email address')),
  phone: required('Please enter your phone number'),
  address: required('Please enter your street address'),
  city: required('Please enter your city'),
  state: required('Please enter your state'),
  zip: required('Please enter your ZIP code'),
  preferredDay: z._default(
    z.enum(['weekdays', 'evenings', 'weekends', ''], 'Please choose weekdays, evenings, weekends or no preference'),
    '',
  ),
  specialInstructions: z._default(
    z
      .string('Special instructions must be text')
      .check(z.trim(), z.maxLength(MAX_INSTRUCTIONS_LENGTH, 'Please keep instructions under 2,000 characters')),
    '',
  ),
  agreeTerms: z.literal(true, 'Please agree to the Service Agreement and Terms of Service'),
});

/** What /api/plan-request accepts: the form's fields plus the page it was sent from. */
export const planRequestLeadSchema = z.extend(planRequestSchema, {
  source: z.pipe(
    z
      .string('Must be the page address')
      .check(z.trim(), z.maxLength(MAX_SOURCE_LENGTH, `Must be at most ${MAX_SOURCE_LENGTH} characters`)),
    z.url({ protocol: /^https?$/, error: 'Must be the page address (an http or https URL)' }),
  ),
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
