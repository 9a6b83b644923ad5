/**
 * POST /api/contact {name, email, phone, service?, message?}: stores a contact lead with the payload
 * the automation tool receives (SPEC §7) -> 202 {id}; the outbox relays it to CONTACT_WEBHOOK_URL.
 */
import { contactLeadSchema, firstIssue } from '../src/features/leads/schemas.ts';
import { siteOrigin } from './_lib/config.ts';
import { getDb } from './_lib/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/http.ts';
import { storeLead } from './_lib/leads.ts';
import { createRequestLimiter, leadRateLimit } from './_lib/rate-limit.ts';

/** The form's label, sent as the payload's source (SPEC §7). */
export const CONTACT_FORM_SOURCE = 'Contact Form';

const limiter = createRequestLimiter(() => leadRateLimit());

export default handler(['POST'], async (req, context) => {
  limiter.hit(context.ip ?? '');
  const parsed = contactLeadSchema.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const { name, email, phone, service, message } = parsed.data;
  const id = await storeLead(await getDb(), 'contact', {
    name,
    email,
    phone,
    service,
    message,
    timestamp: new Date().toISOString(),
    source: CONTACT_FORM_SOURCE,
    triggered_from: siteOrigin(req),
  });
  return json({ id }, 202);
});

export const config = { path: '/api/contact' };
