/**
 * Consent records (docs/product/texts.md#consent): what a customer agreed to be texted about, kept
 * with the phone (E.164), the e-mail, the exact wording shown, the page and the time. A booking's
 * consent holds for its order's visit; a plan's for every visit of the plan, until new plan details
 * replace it (ticked) or end it (unticked). Written inside the caller's transaction.
 */
import type { Db } from '../platform/db.ts';

/** What a consent is recorded with: the phone in E.164 ('+14175550142'), the wording and the page it was given on. */
export interface ConsentGiven {
  phone: string;
  email: string;
  userId: string | null;
  wording: string;
  page: string;
}

/** Records the consent given with a booking, for its order's visit; once per order. */
export async function recordVisitConsent(tx: Db, consent: ConsentGiven & { orderId: number | string }): Promise<void> {
  await tx.query(
    `insert into public.text_consents (phone, email, user_id, order_id, wording, page)
     select $1, $2, $3, $4::bigint, $5, $6
     where not exists (select 1 from public.text_consents where order_id = $4::bigint and ended_at is null)`,
    [consent.phone, consent.email, consent.userId, consent.orderId, consent.wording, consent.page],
  );
}

/**
 * Plan visit details saved: the plan's standing consent ends, and the one given now (if the box
 * was ticked: `consent` not null) takes its place.
 */
export async function setPlanConsent(tx: Db, userId: string, consent: ConsentGiven | null): Promise<void> {
  await tx.query('update public.text_consents set ended_at = now() where plan_user_id = $1 and ended_at is null', [
    userId,
  ]);
  if (!consent) return;
  await tx.query(
    `insert into public.text_consents (phone, email, user_id, plan_user_id, wording, page)
     values ($1, $2, $3, $4, $5, $6)`,
    [consent.phone, consent.email, userId, userId, consent.wording, consent.page],
  );
}
