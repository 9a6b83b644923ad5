/**
 * The bodies of the checkout calls (SPEC §7), as zod schemas shared by the islands that send them
 * and the functions that check them. Amounts are never part of a request: the server prices it.
 * Imported by browser code and by functions: framework-free, no `@/` imports.
 */
import { z } from 'zod';

/** POST /api/create-subscription-checkout */
export const subscriptionCheckoutRequest = z.object({
  planType: z.enum(['lite', 'full'], { error: 'planType must be lite or full' }),
});

/** POST /api/create-payment-checkout; serviceType and options are checked by the pricing module. */
export const paymentCheckoutRequest = z.object({
  serviceType: z.string({ error: 'serviceType must be a string' }),
  options: z.record(z.string(), z.unknown(), { error: 'options must be an object' }).optional(),
});

/** The message of a schema's first complaint, which names the field at fault. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
}
