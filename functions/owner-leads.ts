/**
 * The owner's leads (docs/product/desk.md#owner-api): `GET /api/owner/leads[?status=]` -> `{ leads }`,
 * newest first; `POST /api/owner/leads/{id} { status?, note? }` -> `{ lead }`. The owner's live
 * session only: 401, 403 otherwise.
 */
import {
  LEAD_STATUSES,
  leadChangeRequest,
  type LeadStatus,
  type OwnerLeadsAnswer,
} from '../src/features/owner/records-api.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { changeLead, listDeskLeads } from './_lib/owner/records.ts';

export default handler(['GET', 'POST'], async (req, context) => {
  await requireOwner(req);
  const db = await getDb();
  const id = context.params?.['id'];
  if (!id) {
    if (req.method !== 'GET') throw new HttpError(405, 'POST a change to /api/owner/leads/{id}');
    const status = new URL(req.url).searchParams.get('status');
    if (status !== null && !(LEAD_STATUSES as readonly string[]).includes(status)) {
      throw new HttpError(400, `status must be one of: ${LEAD_STATUSES.join(', ')}`);
    }
    return json({ leads: await listDeskLeads(db, status as LeadStatus | null) } satisfies OwnerLeadsAnswer);
  }
  if (req.method !== 'POST') throw new HttpError(405, 'GET /api/owner/leads lists the leads');
  const parsed = leadChangeRequest.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return json({ lead: await changeLead(db, id, parsed.data) });
});

export const config = { path: ['/api/owner/leads', '/api/owner/leads/:id'] };
