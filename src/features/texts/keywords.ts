/**
 * Reading an inbound text (docs/product/texts.md#stop-help-and-start, docs/product/texts.md#replies):
 * a text that is only one of the keywords (any case, spaces around it and one final full stop
 * ignored) opts out, opts back in, asks for help or answers a proposal with 'Y'; anything else is
 * a reply for the owner. The answers to the keywords, verbatim. Pure. Shared core: relative
 * imports with the extension only.
 */
import { SITE } from '../../site.ts';

/** What an inbound text asks for. */
export type InboundIntent = 'stop' | 'start' | 'help' | 'yes' | 'reply';

/** The words of each keyword, as the customer may write them. */
export const KEYWORDS: Readonly<Record<Exclude<InboundIntent, 'reply'>, readonly string[]>> = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  start: ['START', 'UNSTOP'],
  help: ['HELP', 'INFO'],
  yes: ['Y', 'YES'],
};

/** The keyword a text is, upper-cased ('STOP'), or null when it is not only a keyword. */
export function keywordOf(body: string): string | null {
  const word = body.trim().replace(/\.$/, '').trim().toUpperCase();
  return Object.values(KEYWORDS).some((words) => words.includes(word)) ? word : null;
}

/** What an inbound text asks for: a keyword's intent, else a reply for the owner. */
export function intentOf(body: string): InboundIntent {
  const word = keywordOf(body);
  if (word === null) return 'reply';
  const found = (Object.keys(KEYWORDS) as (keyof typeof KEYWORDS)[]).find((intent) => KEYWORDS[intent].includes(word));
  return found ?? 'reply';
}

/** The answer to STOP and its kin: the one text sent after an opt-out. */
export const STOP_REPLY =
  'Springfield Home Maintenance: you will get no more texts from us. Reply START to get them again.';

/** The answer to START and UNSTOP. */
export const START_REPLY = 'Springfield Home Maintenance: texts are back on. Reply STOP to stop.';

/** The answer to HELP and INFO: the business, its phone and e-mail, and how to stop. */
export const HELP_REPLY = `Springfield Home Maintenance: call ${SITE.phone.display} or write ${SITE.email}. Msg & data rates may apply. Reply STOP to stop.`;

/** The answer to a 'Y' whose proposal no longer stands. */
export const PROPOSAL_CHANGED_REPLY = `Springfield Home: that time has changed. Please call ${SITE.phone.display}.`;

/** The answer to a keyword that has one of its own ('yes' is answered by what it does). */
export function keywordReply(intent: 'stop' | 'start' | 'help'): string {
  return { stop: STOP_REPLY, start: START_REPLY, help: HELP_REPLY }[intent];
}
