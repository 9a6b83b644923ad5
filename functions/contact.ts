/**
 * POST /api/contact {name, email, phone, service?, message?}: stores a contact lead with the payload
 * the automation tool receives (docs/product/leads.md#contact-form) -> 202 {id}; the outbox relays it to CONTACT_WEBHOOK_URL.
 * With an Idempotency-Key header, a repeat of the same submission answers the same and stores nothing (docs/product/leads.md#leads).
 * The home page's form also posts here without JavaScript: then the answer is a page, not JSON.
 */
import { contactLeadSchema } from '../src/features/leads/schemas.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonOrForm, readIdempotencyKey } from './_lib/platform/http.ts';
import { storeLead } from './_lib/leads/leads.ts';
import { createRequestLimiter, leadRateLimit } from './_lib/platform/rate-limit.ts';

/** The form's label, sent as the payload's source (docs/product/leads.md#contact-form). */
export const CONTACT_FORM_SOURCE = 'Contact Form';

/** Where a plain form post lands after its lead is stored. */
export const CONTACT_RECEIVED_PATH = '/contact-received';

const limiter = createRequestLimiter(() => leadRateLimit());

export default handler(['POST'], async (req, context) => {
  limiter.hit(context.ip ?? '');
  const idempotencyKey = readIdempotencyKey(req);
  const { body, fromForm } = await readJsonOrForm(req);
  const parsed = contactLeadSchema.safeParse(body);
  if (!parsed.success) {
    if (fromForm) return correctionPage(firstIssue(parsed.error));
    throw new HttpError(400, firstIssue(parsed.error));
  }
  const { name, email, phone, service, message } = parsed.data;
  const id = await storeLead(
    await getDb(),
    'contact',
    {
      name,
      email,
      phone,
      service,
      message,
      timestamp: new Date().toISOString(),
      source: CONTACT_FORM_SOURCE,
      triggered_from: siteOrigin(req),
    },
    idempotencyKey,
  );
  if (fromForm) return new Response(null, { status: 303, headers: { Location: CONTACT_RECEIVED_PATH } });
  return json({ id }, 202);
});

/**
 * The answer to a form post the browser's own checks let through but ours refused: what to fix,
 * and Back (which keeps what was typed in every browser) to fix it.
 */
function correctionPage(problem: string): Response {
  const escaped = problem.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Please check the form</title></head>
<body>
<h1>Please check the form</h1>
<p>We could not send your request yet: <strong>${escaped}</strong>.</p>
<p>Use your browser's Back button to correct it; everything you typed is still there.</p>
</body></html>`;
  return new Response(html, {
    status: 400,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export const config = { path: '/api/contact' };
