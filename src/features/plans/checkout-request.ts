/**
 * The body of POST /api/create-subscription-checkout (docs/product/checkout.md#starting-a-checkout), as the
 * zod schema the function checks it with: the plan, how it is paid (monthly when not named, as the
 * home page's "$39/month" buttons send it) and, from the plan page, the plan request it carries.
 * Amounts are never part of a request: the server prices it. Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import * as z from 'zod/mini';
import { BILLING_PERIODS, PLAN_TYPES } from './plans.ts';

/** POST /api/create-subscription-checkout. */
export const subscriptionCheckoutRequest = z.object({
  planType: z.enum(PLAN_TYPES, 'planType must be lite or full'),
  billingPeriod: z._default(z.enum(BILLING_PERIODS, 'billingPeriod must be monthly, quarterly or annual'), 'monthly'),
  planRequestId: z.optional(z.uuid('planRequestId must be the id the plan request was stored under')),
});
