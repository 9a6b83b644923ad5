/**
 * The owner's visits (docs/product/desk.md#owner-api): `GET /api/owner/visits?from&to[&status]` lists a
 * range (at most 62 days) in route order; `GET /api/owner/visits/{id}` one visit with its history;
 * `GET /api/owner/visits?dueBy` the plan visits due by a day;
 * `POST /api/owner/visits/{id}` one action (propose, confirm, reschedule, done, no-show, cancel, on-my-way, notes),
 * answered with the visit as it is afterwards, a 409 with it too, once per Idempotency-Key; `POST /api/owner/visits/propose-day` a day's proposed
 * times (docs/product/visits.md#proposed-times), or with `preview` what they would be;
 * `GET`/`POST /api/owner/visits/{id}/texts` the visit's texts and the owner's reply
 * (docs/product/texts.md#the-owners-texts). The owner's live session only: 401, 403 otherwise.
 */
import { dayProblem, daysBetween } from '../src/lib/dates.ts';
import { firstIssue } from '../src/lib/validation.ts';
import {
  MAX_VISIT_RANGE_DAYS,
  proposeDayRequest,
  textReplyRequest,
  visitActionRequest,
  type OwnerTextAnswer,
  type OwnerTextsAnswer,
  type ProposeDayAnswer,
  type OwnerVisitAnswer,
  type OwnerVisitRefusal,
  type OwnerVisitsAnswer,
} from '../src/features/visits/owner-api.ts';
import { VISIT_STATUSES } from '../src/features/visits/status.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { HttpError, handler, json, readIdempotencyKey, readJsonObject } from './_lib/platform/http.ts';
import { announceLeadsStored } from './_lib/leads/leads.ts';
import { announceMailQueued } from './_lib/platform/mail.ts';
import { announceTextQueued } from './_lib/texts/queue.ts';
import { oncePerKey, type ActionAnswer } from './_lib/owner/action-keys.ts';
import { applyVisitAction } from './_lib/owner/visit-actions.ts';
import { replyToVisit, visitTexts, withTextable } from './_lib/owner/visit-texts.ts';
import { proposeDay } from './_lib/owner/proposals.ts';
import { listVisits, planVisitsDue, visitWithHistory } from './_lib/visits/desk.ts';
import { stripeClient } from './_lib/platform/stripe.ts';

/** A 400 naming the parameter when `value` is no calendar day (docs/product/messages.md#validation). */
function requireDay(name: string, value: string): void {
  const problem = dayProblem(name, value);
  if (problem) throw new HttpError(400, problem);
}

/** The range and status of a list, or a 400 naming the parameter. */
function listQuery(url: URL): { from: string; to: string; status: string | null } {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const status = url.searchParams.get('status');
  requireDay('from', from);
  requireDay('to', to);
  if (to < from) throw new HttpError(400, 'to must not be before from');
  if (daysBetween(from, to) > MAX_VISIT_RANGE_DAYS) {
    throw new HttpError(400, `to must be within ${MAX_VISIT_RANGE_DAYS} days of from`);
  }
  if (status !== null && !(VISIT_STATUSES as readonly string[]).includes(status)) {
    throw new HttpError(400, `status must be one of: ${VISIT_STATUSES.join(', ')}`);
  }
  return { from, to, status };
}

/** One visit with its history, as the desk shows it: whether it can be texted too. */
async function deskVisit(db: Db, id: string) {
  const [visit] = await withTextable(db, [await visitWithHistory(db, id)]);
  return visit!;
}

/**
 * A visit's texts (docs/product/texts.md#the-owners-texts): `GET` the thread, `POST { body }` a reply
 * through the texts outbox (once per Idempotency-Key), answered with the text as stored.
 */
async function texts(req: Request, db: Db, id: string): Promise<Response> {
  if (req.method === 'GET') return json((await visitTexts(db, id)) satisfies OwnerTextsAnswer);
  const key = readIdempotencyKey(req);
  const parsed = textReplyRequest.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const text = await replyToVisit(db, id, parsed.data.body, key);
  announceTextQueued();
  return json({ text } satisfies OwnerTextAnswer);
}

/**
 * One action on a visit, answered with the visit as it is afterwards; a 409 carries it too (the
 * desk shows it as it stands); any other refusal is thrown.
 */
async function visitAction(
  db: Db,
  id: string,
  body: Record<string, unknown>,
  email: string,
): Promise<ActionAnswer<OwnerVisitAnswer | OwnerVisitRefusal>> {
  const parsed = visitActionRequest.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  try {
    await applyVisitAction(db, id, parsed.data, { actor: { by: 'owner', email } }, stripeClient);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    // Refused for what the visit now is: it comes along, so the desk shows it as it stands.
    const visit = await deskVisit(db, id);
    return { status: 409, body: { error: error.message, visit }, headers: { ...error.headers } };
  }
  // What the action queued (e-mails, the owner's feed) is committed: wake the outboxes.
  announceMailQueued();
  announceTextQueued();
  announceLeadsStored();
  return { status: 200, body: { visit: await deskVisit(db, id) } };
}

export default handler(['GET', 'POST'], async (req, context) => {
  const owner = await requireOwner(req);
  const db = await getDb();
  const id = context.params?.['id'];
  if (!id) {
    if (req.method !== 'GET') throw new HttpError(405, 'POST an action to /api/owner/visits/{id}');
    const url = new URL(req.url);
    const dueBy = url.searchParams.get('dueBy');
    if (dueBy !== null) {
      requireDay('dueBy', dueBy);
      return json({ visits: await withTextable(db, await planVisitsDue(db, dueBy)) } satisfies OwnerVisitsAnswer);
    }
    const { from, to, status } = listQuery(url);
    return json({ visits: await withTextable(db, await listVisits(db, from, to, status)) } satisfies OwnerVisitsAnswer);
  }
  if (id === 'propose-day') {
    if (req.method !== 'POST') throw new HttpError(405, 'POST { date } to /api/owner/visits/propose-day');
    const parsed = proposeDayRequest.safeParse(await readJsonObject(req));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const { date, preview = false } = parsed.data;
    const answer = await proposeDay(db, date, preview, owner.email, stripeClient);
    announceMailQueued();
    announceTextQueued();
    return json({ ...answer, visits: await withTextable(db, answer.visits) } satisfies ProposeDayAnswer);
  }
  if (new URL(req.url).pathname.endsWith('/texts')) return texts(req, db, id);
  if (req.method === 'POST') {
    const key = readIdempotencyKey(req);
    const body = await readJsonObject(req);
    const act = () => visitAction(db, id, body, owner.email);
    // Once per key (the offline desk's queue sends each action with one): a replay answers as the first did.
    const answer = key === null ? await act() : await oncePerKey(db, key, id, body, act);
    return json(answer.body, answer.status, answer.headers);
  }
  return json({ visit: await deskVisit(db, id) } satisfies OwnerVisitAnswer);
});

export const config = { path: ['/api/owner/visits', '/api/owner/visits/:id', '/api/owner/visits/:id/texts'] };
