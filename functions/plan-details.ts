/**
 * PUT /api/plan-details: the signed-in customer changes where and when we visit for their plan
 * (docs/product/plans.md#plan-visit-details), checked with the schema the account form uses: 400
 * `{error, fields}` with a message per field (also for a phone libphonenumber-js finds invalid), else
 * 200 `{planDetails}`; the texts' consent box ends the plan's standing consent and, ticked, records
 * the new one (docs/product/texts.md#consent). The change is also stored as
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
import { PLAN_CONSENT_WORDING } from '../src/features/texts/consent.ts';
import { firstIssue, PHONE_MESSAGE } from '../src/lib/validation.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb } from './_lib/platform/db.ts';
import { handler, json, readJsonObject } from './_lib/platform/http.ts';
import { storeLead } from './_lib/leads/leads.ts';
import { writePlanDetails } from './_lib/plans/details.ts';
import { setPlanConsent } from './_lib/texts/consents.ts';
import { toE164 } from './_lib/texts/phone.ts';
import { textsConfigured } from './_lib/texts/queue.ts';
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
  // A number libphonenumber-js finds invalid is refused, as texts could not reach it (docs/product/texts.md#consent).
  const phone = toE164(parsed.data.phone);
  if (!phone) return json({ error: `phone: ${PHONE_MESSAGE}`, fields: { phone: PHONE_MESSAGE } }, 400);
  const { textConsent: ticked = false, ...details } = parsed.data;
  // Recorded only while texts are on (the box is shown only then); saved unticked, the plan's consent ends.
  const textConsent = ticked && textsConfigured();
  const db = await getDb();
  const plan = currentSubscription(await planRows(db, user.id), clock.now());
  await db.transaction(async (tx) => {
    await writePlanDetails(tx, user.id, details);
    await setPlanConsent(
      tx,
      user.id,
      textConsent
        ? {
            phone,
            email: user.email,
            userId: user.id,
            wording: PLAN_CONSENT_WORDING,
            page: `${siteOrigin(req)}/account`,
          }
        : null,
    );
    await storeLead(tx, 'plan-request', {
      change: 'Visit details changed from the account page',
      planType: plan?.tier ?? null,
      planName: plan ? planName(plan.tier) : null,
      billingPeriod: plan?.billing_period ?? null,
      email: user.email,
      ...details,
      timestamp: new Date().toISOString(),
      source: `${siteOrigin(req)}/account`,
    });
  });
  return json({ planDetails: { ...details, textConsent } } satisfies PlanDetailsAnswer);
});

export const config = { path: '/api/plan-details' };
