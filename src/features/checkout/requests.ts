/**
 * The bodies of the checkout calls (docs/product.md#starting-a-checkout), as zod schemas the functions check them with.
 * Amounts are never part of a request: the server prices it. Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import * as z from 'zod/mini';

/** POST /api/create-subscription-checkout */
export const subscriptionCheckoutRequest = z.object({
  planType: z.enum(['lite', 'full'], 'planType must be lite or full'),
});

/** POST /api/create-payment-checkout; serviceType and options are checked by the pricing module. */
export const paymentCheckoutRequest = z.object({
  serviceType: z.string('serviceType must be a string'),
  options: z.optional(z.record(z.string(), z.unknown(), 'options must be an object')),
});
