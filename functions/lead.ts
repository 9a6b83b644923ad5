/**
 * POST /api/lead {firstName, email, downloadType, source, timestamp?}: stores a guide-download lead
 * with the payload the automation tool receives (docs/product/leads.md#guide-downloads) -> 202 {id}; relayed
 * to LEAD_WEBHOOK_URL, and the guide's link e-mailed (docs/product/emails.md#e-mails). With an Idempotency-Key header, a repeat answers the same and stores nothing
 * (docs/product/leads.md#leads).
 */
import { downloadLeadSchema } from '../src/features/leads/schemas.ts';
import { firstIssue } from '../src/lib/validation.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject, readIdempotencyKey } from './_lib/platform/http.ts';
import { storeLead } from './_lib/leads/leads.ts';
import { announceMailQueued, queueMail } from './_lib/platform/mail.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { GUIDE_PDFS, guidePdfPath } from '../src/features/guides/guides.ts';
import { guideMail } from '../src/features/mail/messages.ts';
import { createRequestLimiter, leadRateLimit } from './_lib/platform/rate-limit.ts';

const limiter = createRequestLimiter(() => leadRateLimit());

export default handler(['POST'], async (req, context) => {
  limiter.hit(context.ip ?? '');
  const idempotencyKey = readIdempotencyKey(req);
  const parsed = downloadLeadSchema.safeParse(await readJsonObject(req));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const { firstName, email, downloadType, source } = parsed.data;
  const guide = GUIDE_PDFS.find((g) => g.downloadType === downloadType);
  // The lead and its guide e-mail are stored together: both or neither.
  const id = await (
    await getDb()
  ).transaction(async (tx) => {
    // The server's clock, not the browser's: the automation tool sorts and dedupes by it.
    const stored = await storeLead(
      tx,
      'download',
      { firstName, email, downloadType, timestamp: new Date().toISOString(), source },
      idempotencyKey,
    );
    if (guide) {
      const url = `${siteOrigin(req)}${guidePdfPath(guide.slug)}`;
      await queueMail(tx, `guide:${stored}`, 'guide', {
        to: email,
        ...guideMail({ title: guide.title, url }),
      });
    }
    return stored;
  });
  announceMailQueued();
  return json({ id }, 202);
});

export const config = { path: '/api/lead' };
