/**
 * PUT /api/plan-details: the signed-in customer changes where and when we visit for their plan
 * (docs/product/plans.md#plan-visit-details), checked with the schema the account form uses: 400
 * `{error, fields}` with a message per field, else 200 `{planDetails}`. The change is also stored as
 * a plan-request lead, so the owner's automation tool learns the new address; at most
 * LEAD_RATE_LIMIT saves per minute per address, as the lead forms.
 */
import {
  planDetailsSchema,
  fieldErrors,
  type PlanDetails,
  type PlanDetailsAnswer,
} from '../src/features/plans/plan-request.ts';
import { planName } from '../src/features/plans/plans.ts';
import { areaZipProblem } from '../src/features/service-area/area.ts';
import { serviceAreaList } from '../src/features/service-area/area-list.server.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json, readJsonObject } from './_lib/platform/http.ts';
import { storeLead } from './_lib/leads/leads.ts';
import { writePlanDetails } from './_lib/plans/details.ts';
import { createRequestLimiter, leadRateLimit } from './_lib/platform/rate-limit.ts';
import { currentSubscription, planRows } from './_lib/plans/subscription-status.ts';

// Each save also stores a lead for the owner's tool: the lead forms' limit (docs/product/leads.md#rate-limits).
const limiter = createRequestLimiter(() => leadRateLimit());

export default handler(['PUT'], async (req, context) => {
  limiter.hit(context.ip ?? '');
  const user = await requireLiveSession(req);
  const parsed = planDetailsSchema.safeParse(await readJsonObject(req));
  if (!parsed.success) {
    return json({ error: firstIssue(parsed.error), fields: fieldErrors<keyof PlanDetails>(parsed.error) }, 400);
  }
  // The same area rule as a booking's address (docs/product/site.md#service-area-check).
  const outside = areaZipProblem(parsed.data.zip, serviceAreaList());
  if (outside) return json({ error: `zip: ${outside}`, fields: { zip: outside } }, 400);
  const db = await getDb();
  const plan = currentSubscription(await planRows(db, user.id), clock.now());
  await db.transaction(async (tx) => {
    await writePlanDetails(tx, user.id, parsed.data);
    await storeLead(tx, 'plan-request', {
      change: 'Visit details changed from the account page',
      planType: plan?.tier ?? null,
      planName: plan ? planName(plan.tier) : null,
      billingPeriod: plan?.billing_period ?? null,
      email: user.email,
      ...parsed.data,
      timestamp: new Date().toISOString(),
      source: `${siteOrigin(req)}/account`,
    });
  });
  return json({ planDetails: parsed.data } satisfies PlanDetailsAnswer);
});

export const config = { path: '/api/plan-details' };
