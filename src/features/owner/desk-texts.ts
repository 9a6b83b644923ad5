/**
 * Texts on the desk in words (docs/product/texts.md#on-my-way, docs/product/texts.md#the-owners-texts):
 * why a visit cannot be texted, each text's state, the quiet-hours note beside the reply box, and the
 * paths and calls of a visit's texts. Apart from desk.ts so Today carries only what 'On my way' needs.
 */
import { callApi } from '@/features/auth/api';
import { isQuietHours } from '@/features/texts/quiet-hours';
import type { OwnerText, OwnerTextAnswer, OwnerVisit } from '@/features/visits/owner-api';
import { BUSINESS_TIME_ZONE, formatClock } from '@/lib/dates';
import { idempotencyKey } from '@/lib/api';
import { customerName } from './desk';
import { visitPath } from './owner-paths';

/** Why a visit cannot be texted, in the words the server refuses 'On my way' with; null when it can. */
export function notTextableReason(visit: OwnerVisit): string | null {
  const phone = visit.customer.phone;
  switch (visit.textable) {
    case 'yes':
      return null;
    case 'no consent':
      return `No text consent: call ${phone}.`;
    case 'opted out':
      return `${customerName(visit)} opted out of texts: call ${phone}.`;
    case 'off':
      return `Texts are off: call ${phone}.`;
  }
}

/** The time of day in Springfield of an ISO instant, as '8:00 AM'. */
function businessClock(iso: string): string {
  const hhmm = new Date(iso).toLocaleTimeString('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return formatClock(hhmm);
}

/** A text's state in words: 'Waiting for 8 AM' (or 'Waiting to be sent'), 'Sent', 'Not sent: <reason>', 'Received'. */
export function textStateLabel(text: Pick<OwnerText, 'state' | 'reason' | 'sendAt' | 'at'>): string {
  switch (text.state) {
    case 'waiting':
      return text.sendAt && text.sendAt > text.at
        ? `Waiting for ${businessClock(text.sendAt).replace(':00', '')}`
        : 'Waiting to be sent';
    case 'sent':
      return 'Sent';
    case 'not sent':
      return `Not sent: ${text.reason ?? 'unknown'}`;
    case 'received':
      return 'Received';
  }
}

/** What the desk says beside the reply box in quiet hours (docs/product/texts.md#quiet-hours); null otherwise. */
export function quietHoursNote(now: Date): string | null {
  return isQuietHours(now) ? 'Sent at 8 AM: it is quiet hours.' : null;
}

/** The reply box's label: 'Text Ann Smith'. */
export function replyLabel(visit: OwnerVisit): string {
  return `Text ${customerName(visit)}`;
}

/** Shown when a reply fails without a reason of the server's. */
export const REPLY_FAILED = 'The text could not be sent. Please try again.';

/** The path of a visit's texts. */
export function textsPath(id: string): string {
  return `${visitPath(id)}/texts`;
}

/** Sends the owner's reply once (its own Idempotency-Key); resolves with the text as stored. */
export async function sendReply(id: string, body: string, key = idempotencyKey()): Promise<OwnerText> {
  const answer = await callApi<OwnerTextAnswer>(textsPath(id), {
    method: 'POST',
    body: { body },
    headers: { 'Idempotency-Key': key },
    fallback: REPLY_FAILED,
  });
  return answer.text;
}
