/**
 * POST /api/sms-inbound: the text provider's webhook for the site's number
 * (docs/product/texts.md#texts-in-production-and-in-the-embedded-default). Accepted only with a
 * valid `X-Twilio-Signature` for the webhook's public address (SITE_URL + /api/sms-inbound) under
 * TWILIO_AUTH_TOKEN: otherwise 403 and nothing kept. A text is kept and acted on once per
 * MessageSid (functions/_lib/texts/inbound.ts: STOP, START, HELP, 'Y', a reply for the owner); the
 * provider is answered with an empty TwiML `<Response></Response>`, every answer to the customer
 * going through the texts outbox.
 */
import { publicOrigin } from './_lib/platform/config.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, readLimited, serverHandler } from './_lib/platform/http.ts';
import { announceLeadsStored } from './_lib/leads/leads.ts';
import { announceMailQueued } from './_lib/platform/mail.ts';
import { confirmByText } from './_lib/account/proposal-answers.ts';
import { visitEventFields } from './_lib/notices/visit-events.ts';
import { readInbound, receiveText, type InboundActions } from './_lib/texts/inbound.ts';
import { announceTextQueued } from './_lib/texts/queue.ts';
import { validTwilioSignature } from './_lib/texts/signature.ts';
import { findVisit } from './_lib/visits/store.ts';

/** The provider's parameters of one text stay far below this. */
const MAX_FORM_BYTES = 64 * 1024;

/** The webhook's public address: what the provider calls, and so what it signs. */
export function inboundWebhookUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `${publicOrigin(env)}/api/sms-inbound`;
}

/** Confirming a proposal (the Confirm link's code) and the visit's fields for the owner. */
const actions: InboundActions = {
  confirm: (tx, visitId, version) => confirmByText(tx, visitId, version, now()),
  visitFields: async (tx, visitId) => visitEventFields(tx, await findVisit(tx, visitId)),
};

/** The provider's answer when the site sends nothing back in it: an empty TwiML document. */
function emptyTwiml(): Response {
  return new Response('<Response></Response>', {
    status: 200,
    headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export default serverHandler(['POST'], async (req) => {
  const params = new URLSearchParams(await readLimited(req, MAX_FORM_BYTES));
  const token = process.env['TWILIO_AUTH_TOKEN']?.trim() ?? '';
  if (!validTwilioSignature(token, req.headers.get('x-twilio-signature'), inboundWebhookUrl(), params)) {
    throw new HttpError(403, "Invalid X-Twilio-Signature: the request is not signed with this site's Auth Token");
  }
  const text = readInbound(params);
  const acted = await receiveText(await getDb(), text, actions);
  if (acted) {
    // What the text queued (answers, the owner's alert, a confirmation's e-mail) is committed: wake the outboxes.
    announceTextQueued();
    announceMailQueued();
    announceLeadsStored();
  }
  return emptyTwiml();
});

export const config = { path: '/api/sms-inbound' };
