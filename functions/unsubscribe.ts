/**
 * /api/unsubscribe?t=<token> (docs/product/emails.md#unsubscribing): the one-click address of every
 * marketing e-mail's List-Unsubscribe header (RFC 8058). POST unsubscribes the token's address in
 * that one request, whatever its body (a mail program sends `List-Unsubscribe=One-Click`), with no
 * cookie and no sign-in -> 200 {email, unsubscribed: true, message}; GET only tells the address and
 * whether it has unsubscribed, for the page at /unsubscribe, so a link scanner changes nothing.
 * The token is the whole authority, and mail programs post from their own servers: no cross-site
 * check. A token that is not ours -> 404 in words.
 */
import { SITE } from '../src/site.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, json, serverHandler } from './_lib/platform/http.ts';
import { findUnsubscribe, unsubscribe } from './_lib/platform/unsubscribes.ts';

/** What an unknown, altered or cut token answers. */
export const INVALID_LINK = `This unsubscribe link is not valid. Copy the whole link from the e-mail, or call ${SITE.phone.display}.`;

/** What an unsubscribed address is told. */
export function unsubscribedMessage(email: string): string {
  return `You are unsubscribed: ${email} gets no more review requests, service reminders or guides from us. Booking, plan and visit e-mails still come.`;
}

function tokenOf(req: Request): string {
  const token = new URL(req.url).searchParams.get('t') ?? '';
  // Tokens are 43 base64url characters; anything else cannot be one of ours.
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) throw new HttpError(404, INVALID_LINK);
  return token;
}

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

export default serverHandler(['GET', 'POST'], async (req) => {
  const token = tokenOf(req);
  const db = await getDb();
  if (req.method === 'GET') {
    const found = await findUnsubscribe(db, token);
    if (!found) throw new HttpError(404, INVALID_LINK);
    return json({ email: found.email, unsubscribed: found.unsubscribed }, 200, NO_STORE);
  }
  // The body (`List-Unsubscribe=One-Click`, or nothing from the page's button) is not needed.
  await req.body?.cancel();
  const email = await unsubscribe(db, token);
  if (!email) throw new HttpError(404, INVALID_LINK);
  return json({ email, unsubscribed: true, message: unsubscribedMessage(email) }, 200, NO_STORE);
});

export const config = { path: '/api/unsubscribe' };
