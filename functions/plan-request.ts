/**
 * POST /api/plan-request: the Autopilot sign-up form (docs/product/leads.md#plan-requests): validates the form's fields
 * with the schema the form uses, stores them as a `plan-request` lead -> 202 {id}; the outbox
 * relays it to LEAD_WEBHOOK_URL. Checkout stays a separate, signed-in step. With an Idempotency-Key
 * header, a repeat answers the same and stores nothing (docs/product/leads.md#leads).
 */
import { getPlan, planPricing } from '../src/features/plans/plans.ts';
import { planRequestLeadSchema } from '../src/features/plans/plan-request.ts';
import { areaZipProblem } from '../src/features/service-area/area.ts';
import { serviceAreaList } from '../src/features/service-area/area-list.server.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject, readIdempotencyKey } from './_lib/platform/http.ts';
import { storeLead } from './_lib/leads/leads.ts';
import { createRequestLimiter, leadRateLimit } from './_lib/platform/rate-limit.ts';

const limiter = createRequestLimiter(() => leadRateLimit());

export default handler(['POST'], async (req, context) => {
  limiter.hit(context.ip ?? '');
  const idempotencyKey = readIdempotencyKey(req);
  const parsed = planRequestLeadSchema.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  // The same area rule as a booking's address (docs/product/site.md#service-area-check).
  const outside = areaZipProblem(parsed.data.zip, serviceAreaList());
  if (outside) throw new HttpError(400, `zip: ${outside}`);
  const { planType, billingPeriod, agreeTerms, source, ...contact } = parsed.data;
  const plan = getPlan(planType);
  const pricing = planPricing(plan).find((option) => option.period === billingPeriod);
  const id = await storeLead(
    await getDb(),
    'plan-request',
    {
      planType,
      planName: plan.name,
      billingPeriod,
      // The price the visitor saw beside the choice, so the owner quotes the same figure.
      quotedPrice: pricing ? `$${pricing.price} per ${pricing.per}` : '',
      ...contact,
      agreeTerms,
      timestamp: new Date().toISOString(),
      source,
    },
    idempotencyKey,
  );
  return json({ id }, 202);
});

export const config = { path: '/api/plan-request' };
