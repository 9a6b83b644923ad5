/**
 * The bodies of the checkout calls (docs/product.md#starting-a-checkout), as zod schemas the functions check them with.
 * Amounts are never part of a request: the server prices it. Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import * as z from 'zod/mini';
import { BILLING_PERIODS } from '../plans/plans.ts';
import type { AreaList } from '../service-area/area.ts';
import { visitSchema } from './visit.ts';

/**
 * POST /api/create-subscription-checkout: the plan, how it is paid (monthly when not named, as the
 * home page's "$39/month" buttons send it) and, from the plan page, the plan request it carries.
 */
export const subscriptionCheckoutRequest = z.object({
  planType: z.enum(['lite', 'full'], 'planType must be lite or full'),
  billingPeriod: z._default(z.enum(BILLING_PERIODS, 'billingPeriod must be monthly, quarterly or annual'), 'monthly'),
  planRequestId: z.optional(z.uuid('planRequestId must be the id the plan request was stored under')),
});

/**
 * POST /api/create-payment-checkout; serviceType and options are checked by the pricing module,
 * the visit by its own schema, against the service area and the days bookable from `today`.
 */
export function paymentCheckoutRequest(area: AreaList, today: string) {
  return z.object({
    serviceType: z.string('serviceType must be a string'),
    options: z.optional(z.record(z.string(), z.unknown(), 'options must be an object')),
    visit: visitSchema(area, today),
  });
}
