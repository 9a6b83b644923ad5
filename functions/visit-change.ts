/**
 * The customer's own changes to a visit (docs/product/visits.md#changing-a-visit): `GET
 * /api/visit-change?t=<link>` (or, signed in, `?id=<visit>`) reads the visit and what may be done;
 * `POST /api/visit-change` with `{ t | id, action: 'reschedule', date, window }` or `{ t | id,
 * action: 'cancel' }` does it and answers the same; `{ t | id, action: 'confirm' }` and `{ t | id,
 * action: 'another', date, window, note? }` answer a proposed time (docs/product/visits.md#proposed-times). A link works without a session, for its visit
 * and its purpose only; the signed-in customer's calls carry the live session, for their own
 * visits only.
 */
import * as z from 'zod/mini';
import { VISIT_WINDOWS, type VisitWindow } from '../src/features/visits/windows.ts';
import type { VisitChangeAnswer } from '../src/features/visits/changes.ts';
import { TIME_NOTE_MAX } from '../src/features/visits/proposals.ts';
import { dayProblem } from '../src/lib/dates.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import { getDb, type Db } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { announceLeadsStored } from './_lib/leads/leads.ts';
import { announceMailQueued } from './_lib/platform/mail.ts';
import { announceTextQueued } from './_lib/texts/queue.ts';
import { stripeClient } from './_lib/platform/stripe.ts';
import {
  changeAnswer,
  changeVisit,
  visitOfCustomer,
  visitOfLink,
  type ReachedVisit,
} from './_lib/account/visit-changes.ts';

const WINDOWS = Object.keys(VISIT_WINDOWS) as [VisitWindow, ...VisitWindow[]];

/** Which visit: a link, or the signed-in customer's visit id (exported for the bad-input suite). */
export const visitChangeReach = z.object({
  t: z.optional(z.string('t must be the link').check(z.maxLength(2000, 't is too long'))),
  id: z.optional(z.string('id must be a visit id').check(z.maxLength(100, 'id is too long'))),
});

/** A day that exists, or the refusal names it (docs/product/messages.md#validation). */
const day = () =>
  z.string('Please choose a day.').check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a day.'),
    z.superRefine((value, context) => {
      const problem = dayProblem('date', value);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );

/**
 * What to change: a new day and window, a cancellation, or an answer to a proposed time
 * (docs/product/visits.md#proposed-times): confirm it, or ask for another time with a note.
 */
export const visitChangeRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('reschedule'), date: day(), window: z.enum(WINDOWS, 'Please choose a window.') }),
    z.object({ action: z.literal('cancel') }),
    z.object({ action: z.literal('confirm') }),
    z.object({
      action: z.literal('another'),
      date: day(),
      window: z.enum(WINDOWS, 'Please choose a window.'),
      note: z.optional(
        z
          .string('note must be text')
          .check(z.maxLength(TIME_NOTE_MAX, `Please keep the note under ${TIME_NOTE_MAX} characters.`)),
      ),
    }),
  ],
  'action must be reschedule, cancel, confirm or another',
);

/** The visit the request reaches, by its link or by the signed-in customer. */
async function reached(req: Request, db: Db, where: { t?: string | undefined; id?: string | undefined }) {
  if (where.t) return visitOfLink(db, where.t);
  if (where.id) {
    const user = await requireLiveSession(req);
    return visitOfCustomer(db, user.id, where.id);
  }
  throw new HttpError(400, 'Open this page from the link in your e-mail, or from your account page.');
}

export default handler(['GET', 'POST'], async (req) => {
  const db = await getDb();
  if (req.method === 'GET') {
    const url = new URL(req.url);
    const where = {
      t: url.searchParams.get('t') ?? undefined,
      id: url.searchParams.get('id') ?? undefined,
    };
    return json(changeAnswer(await reached(req, db, where)) satisfies VisitChangeAnswer, 200, {
      'Cache-Control': 'no-store',
    });
  }
  const body = await readJsonObject(req);
  const where = visitChangeReach.safeParse(body);
  if (!where.success) throw new HttpError(400, firstIssue(where.error));
  const request = visitChangeRequest.safeParse(body);
  if (!request.success) throw new HttpError(400, firstIssue(request.error));
  const visit: ReachedVisit = await reached(req, db, where.data);
  await changeVisit(db, visit, request.data, stripeClient);
  // What the change queued (e-mails, the owner's feed) is committed: wake the outboxes.
  announceMailQueued();
  announceTextQueued();
  announceLeadsStored();
  const after = await visitOfCustomer(db, visit.row.user_id, visit.row.id);
  return json(changeAnswer({ ...after, purpose: visit.purpose }) satisfies VisitChangeAnswer, 200, {
    'Cache-Control': 'no-store',
  });
});

export const config = { path: '/api/visit-change' };
