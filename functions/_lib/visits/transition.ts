/**
 * The one way a visit changes once made (docs/product/visits.md#visits): the change is checked against
 * the transition table (who may make it, from which statuses, to which), written, and recorded in
 * the visit's history with what changed, in the caller's transaction. What the change means beyond
 * the visit (the e-mails, the owner's events, a refund, the plan's next visit) is the caller's.
 */
import {
  CANCELLING_MESSAGE,
  refusal,
  transitionOf,
  type VisitActor,
  type VisitTransitionName,
} from '../../../src/features/visits/status.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { recordVisitEvent, RETURNED_VISIT, type VisitRow } from './store.ts';

/** Who makes a change: the kind of actor, and for the owner and the customer their e-mail. */
export interface Actor {
  by: VisitActor;
  email?: string;
}

/** How the history names an actor: `owner:<e-mail>`, `customer:<e-mail>`, `provider`, `site`. */
export function actorName({ by, email }: Actor): string {
  return email === undefined ? by : `${by}:${email}`;
}

/** The fields a change may set: anything but the visit's identity and what the store keeps itself. */
export type VisitChanges = Partial<
  Omit<VisitRow, 'id' | 'order_id' | 'subscription_id' | 'user_id' | 'plan_visit_no' | 'created_at' | 'updated_at'>
>;

/** What changed, for the history: the fields of `next` that differ from `before`, as they were and as they are. */
function changed(before: VisitRow, next: VisitChanges) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (before[key as keyof VisitRow] === value) continue;
    was[key] = before[key as keyof VisitRow];
    now[key] = value;
  }
  return { was, now };
}

/**
 * Whether `changes` would leave `visit` as it is: no field differs, and no standing proposal would
 * be cleared. Such a change is not made (docs/product/visits.md#visits): the caller skips
 * `transition` and what comes after it, so no version is raised and nothing is sent or recorded.
 */
export function changesNothing(visit: VisitRow, action: VisitTransitionName, changes: VisitChanges): boolean {
  if (visit.proposed_start !== null && action !== 'propose') return false;
  return Object.keys(changed(visit, changes).now).length === 0;
}

/** How a change is made. */
export interface TransitionOptions {
  /** The cancellation that completes its booking's refund claim (docs/product/visits.md#refunds): the one change a claim lets through. */
  completesClaim?: boolean;
  /** What the history records beside the fields changed: 'on my way''s minutes (docs/product/texts.md#on-my-way). */
  recorded?: Record<string, unknown>;
}

/**
 * Applies `action` by `actor` to `visit` (read in this transaction, under its lock when others may
 * race it) with `changes`: refused with 409 and the reason when the visit's status does not allow
 * it, or while its booking is claimed for a cancellation with a refund (only the cancellation that
 * completes the claim, and the provider's own record of a refund, pass); a change the table does not
 * let this actor make, or a status it cannot lead to, is a bug and throws. A change that raises the
 * visit's version does so here. Returns the visit as it now is.
 */
export async function transition(
  tx: Db,
  visit: VisitRow,
  action: VisitTransitionName,
  actor: Actor,
  changes: VisitChanges = {},
  { completesClaim = false, recorded = {} }: TransitionOptions = {},
): Promise<VisitRow> {
  const rule = transitionOf(action, actor.by);
  if (!rule) throw new Error(`A visit's '${action}' is not the ${actor.by}'s to make`);
  if (!rule.from.includes(visit.status)) throw new HttpError(409, refusal(visit.status, action));
  if (!completesClaim && action !== 'refunded' && (await claimedForRefund(tx, visit))) {
    throw new HttpError(409, CANCELLING_MESSAGE);
  }
  const status = changes.status ?? (rule.to === 'same' ? visit.status : rule.to[0]);
  if (status === undefined || (rule.to === 'same' ? status !== visit.status : !rule.to.includes(status))) {
    throw new Error(`A visit's '${action}' cannot leave it ${String(status)}`);
  }
  // A change of the visit's time or status answers or overtakes a standing proposal
  // (docs/product/visits.md#proposed-times): only a new proposal sets one.
  const clearsProposal = rule.raisesVersion && action !== 'propose' && visit.proposed_start !== null;
  const next: VisitChanges = {
    ...(clearsProposal ? { proposed_start: null, proposed_at: null, proposal_reminded_at: null } : {}),
    ...changes,
    ...(rule.to === 'same' ? {} : { status }),
    ...(rule.raisesVersion ? { calendar_sequence: visit.calendar_sequence + 1 } : {}),
  };
  const { was, now } = changed(visit, next);
  const fields = Object.keys(next);
  const sets = fields.map((key, i) => `${key} = $${i + 2}`);
  // Lists (a done visit's checklist and filter sizes) are jsonb.
  const [after] = await tx.query<VisitRow>(
    `update visits set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning ${RETURNED_VISIT}`,
    [visit.id, ...fields.map((key) => jsonbSafe(next[key as keyof VisitChanges]))],
  );
  if (!after) throw new Error(`Visit ${visit.id} vanished during '${action}'`);
  await recordVisitEvent(tx, visit.id, actorName(actor), action, was, { ...now, ...recorded });
  return after;
}

/**
 * Whether the visit's booking is claimed for a cancellation with a refund. The claim is committed
 * under the visit's lock, which the caller holds now, so a plain read sees it.
 */
async function claimedForRefund(tx: Db, visit: VisitRow): Promise<boolean> {
  if (visit.order_id === null) return false;
  const [order] = await tx.query<{ refund_pending: boolean }>('select refund_pending from orders where id = $1', [
    visit.order_id,
  ]);
  return order?.refund_pending === true;
}

/** A value as its column takes it: a list goes to jsonb as JSON. */
function jsonbSafe(value: unknown): unknown {
  return Array.isArray(value) ? JSON.stringify(value) : value;
}
