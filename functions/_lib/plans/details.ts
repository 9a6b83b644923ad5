/**
 * The visit details of a customer's plan (docs/product/plans.md#plan-visit-details), one row per
 * customer in `plan_details`: filled from the plan request a subscription checkout carries, and
 * changed from the account page. The address is kept in its parts.
 */
import type { PlanDetails } from '../../../src/features/plans/plan-request.ts';
import { planDetailsSchema } from '../../../src/features/plans/plan-request.ts';
import type { Db } from '../platform/db.ts';

/** What the owner is told when the customer has not given visit details (a plan bought from the home page). */
export const NO_VISIT_DETAILS =
  'The customer has not given visit details yet (phone, address): they add them from the account page.';

interface DetailsRow {
  full_name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  preferred_day: PlanDetails['preferredDay'];
  instructions: string;
  text_consent: boolean;
}

/**
 * A user's visit details, or null when none were given yet; `textConsent` says whether the plan's
 * consent to texts stands (docs/product/texts.md#consent), so the form shows the box as it is.
 */
export async function readPlanDetails(db: Db, userId: string): Promise<PlanDetails | null> {
  const [row] = await db.query<DetailsRow>(
    `select full_name, phone, street, city, state, zip, preferred_day, instructions,
            exists (select 1 from text_consents c where c.plan_user_id = d.user_id and c.ended_at is null) as text_consent
     from plan_details d where user_id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    fullName: row.full_name,
    phone: row.phone,
    address: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    preferredDay: row.preferred_day,
    specialInstructions: row.instructions,
    textConsent: row.text_consent,
  };
}

/** Stores a user's visit details (replacing any), noting the plan request they came from. */
export async function writePlanDetails(
  db: Db,
  userId: string,
  details: PlanDetails,
  planRequestId: string | null = null,
): Promise<void> {
  await db.query(
    `insert into plan_details (user_id, full_name, phone, street, city, state, zip, preferred_day, instructions,
                               plan_request_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (user_id) do update set full_name = excluded.full_name, phone = excluded.phone,
       street = excluded.street, city = excluded.city, state = excluded.state, zip = excluded.zip,
       preferred_day = excluded.preferred_day, instructions = excluded.instructions,
       plan_request_id = coalesce(excluded.plan_request_id, plan_details.plan_request_id), updated_at = now()`,
    [
      userId,
      details.fullName,
      details.phone,
      details.address,
      details.city,
      details.state,
      details.zip,
      details.preferredDay,
      details.specialInstructions,
      planRequestId,
    ],
  );
}

/**
 * The visit details a stored plan request holds (its texts' consent box among them) and the page it
 * was sent from, or null when there is no such request.
 */
export async function planRequestDetails(
  db: Db,
  leadId: string,
): Promise<{ details: PlanDetails; page: string } | null> {
  const [lead] = await db.query<{ payload: Record<string, unknown> }>(
    `select payload from leads where id = $1 and kind = 'plan-request'`,
    [leadId],
  );
  if (!lead) return null;
  const parsed = planDetailsSchema.safeParse(lead.payload);
  if (!parsed.success) return null;
  const page = typeof lead.payload.source === 'string' ? lead.payload.source : '';
  return { details: parsed.data, page };
}
