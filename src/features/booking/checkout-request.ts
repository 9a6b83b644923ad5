/**
 * The body of POST /api/create-payment-checkout (docs/product/checkout.md#starting-a-checkout), as the zod
 * schema the function checks it with. Amounts are never part of a request: the server prices it.
 * Shared core: Node loads it directly from functions/, so relative imports with the extension only.
 */
import * as z from 'zod/mini';
import type { AreaList } from '../service-area/area.ts';
import { visitSchema } from './visit.ts';

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
