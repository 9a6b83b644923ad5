/**
 * A customer's text, as the provider's webhook delivers it (docs/product/texts.md#stop-help-and-start,
 * docs/product/texts.md#replies): kept once per provider id with the visit it is about (a 'Y' with
 * the proposal it answers, anything else with the number's latest visit), then acted on once, in
 * the same transaction: STOP and its kin record the opt-out and send its one confirmation; START
 * and UNSTOP end it and say so; HELP and INFO are answered; 'Y' confirms the proposal last texted
 * to the number while it stands, else says the time has changed and tells the owner; anything else
 * is told to the owner (`text.received`). Every answer goes through the texts outbox. Confirming
 * and the visit's fields for the owner belong to the domains above this one: the endpoint passes
 * them in (InboundActions).
 */
import {
  HELP_REPLY,
  intentOf,
  keywordOf,
  PROPOSAL_CHANGED_REPLY,
  START_REPLY,
  STOP_REPLY,
  type InboundIntent,
} from '../../../src/features/texts/keywords.ts';
import { queueOwnerEvent } from '../leads/leads.ts';
import type { Db } from '../platform/db.ts';
import { HttpError, isUnstorableText } from '../platform/http.ts';
import { toE164 } from './phone.ts';
import { isOptedOut, queueReplyText } from './queue.ts';

/** The longest body the provider delivers. */
const MAX_BODY = 1600;

/** An inbound text, read from the provider's parameters. */
export interface InboundText {
  /** The provider's id of the message (MessageSid): a repeated delivery carries the same. */
  sid: string;
  /** The customer's number, E.164. */
  from: string;
  body: string;
}

/** What an inbound text is stored as (public.text_messages.kind). */
export type InboundKind = 'keyword' | 'confirm' | 'reply';

/** What the domains above the texts do for an inbound text, inside its transaction. */
export interface InboundActions {
  /** Confirms the visit's proposal as its customer if it still stands at `version`; false when it does not. */
  confirm(tx: Db, visitId: string, version: number): Promise<boolean>;
  /** The owner event's fields about the visit (customer, service, day: docs/product/emails.md#owner-events). */
  visitFields(tx: Db, visitId: string): Promise<Record<string, unknown>>;
}

/** The provider's parameters read, or a 400 naming the field; nothing is stored. */
export function readInbound(params: URLSearchParams): InboundText {
  const sid = params.get('MessageSid')?.trim() ?? '';
  if (!/^[A-Za-z0-9]{2,64}$/.test(sid)) throw new HttpError(400, 'MessageSid must be the message id');
  const rawFrom = params.get('From') ?? '';
  if (!rawFrom.trim()) throw new HttpError(400, 'From is required');
  const from = isUnstorableText(rawFrom) ? null : toE164(rawFrom);
  if (!from) throw new HttpError(400, 'From must be a phone number');
  const body = params.get('Body');
  if (body === null) throw new HttpError(400, 'Body is required');
  if (isUnstorableText(body) || [...body].length > MAX_BODY) {
    throw new HttpError(400, `Body must be text of at most ${MAX_BODY} characters`);
  }
  return { sid, from, body };
}

/** The number's latest visit (by day, then when it was made), or null for a number that is no customer's. */
async function latestVisitOf(tx: Db, phone: string): Promise<string | null> {
  // Visits keep the phone as typed: narrowed by its last ten digits, then compared in E.164.
  const rows = await tx.query<{ id: string; phone: string }>(
    `select id, phone from public.visits
     where right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) = $1
     order by day desc, created_at desc`,
    [phone.replace(/\D/g, '').slice(-10)],
  );
  return rows.find((row) => toE164(row.phone) === phone)?.id ?? null;
}

/** The last proposal texted to the number (sent or waiting): its visit and the visit's version then. */
async function lastProposalTo(tx: Db, phone: string): Promise<{ visitId: string; version: number } | null> {
  const [row] = await tx.query<{ visit_id: string | null; visit_version: number | null }>(
    `select visit_id, visit_version from public.text_outbox
     where phone = $1 and kind = 'visit-proposed'
     order by created_at desc limit 1`,
    [phone],
  );
  return row?.visit_id && row.visit_version !== null ? { visitId: row.visit_id, version: row.visit_version } : null;
}

/** Keeps the text once per provider id; false when it was kept before (a repeated delivery). */
async function storeInbound(tx: Db, text: InboundText, kind: InboundKind, visitId: string | null): Promise<boolean> {
  const stored = await tx.query(
    `insert into public.text_messages (phone, direction, body, kind, visit_id, provider_sid)
     values ($1, 'inbound', $2, $3, $4, $5)
     on conflict (provider_sid) do nothing returning id`,
    [text.from, text.body, kind, visitId, text.sid],
  );
  return stored.length > 0;
}

/** `text.received`: the owner is told of the text, with the visit's customer when the number has one. */
async function tellOwner(tx: Db, text: InboundText, visitId: string | null, actions: InboundActions): Promise<void> {
  await queueOwnerEvent(tx, `text-received:${text.sid}`, {
    event: 'text.received',
    ...(visitId ? await actions.visitFields(tx, visitId) : { visitId: '', customerName: '', email: '', phone: '' }),
    from: text.from,
    text: text.body,
    messageSid: text.sid,
    timestamp: new Date().toISOString(),
  });
}

/** Records the opt-out; its one confirmation only when the number was not opted out already. */
async function optOut(tx: Db, text: InboundText, visitId: string | null): Promise<void> {
  const recorded = await tx.query(
    `insert into public.text_opt_outs (phone, word) values ($1, $2) on conflict (phone) do nothing returning phone`,
    [text.from, keywordOf(text.body) ?? 'STOP'],
  );
  if (recorded.length > 0) {
    await queueReplyText(tx, `text:keyword-reply:${text.sid}`, 'keyword-reply', text.from, STOP_REPLY, visitId);
  }
}

/** What the text was stored as, for its intent. */
function kindOf(intent: InboundIntent, proposal: unknown): InboundKind {
  if (intent === 'reply' || (intent === 'yes' && !proposal)) return 'reply';
  return intent === 'yes' ? 'confirm' : 'keyword';
}

/**
 * Keeps an inbound text and acts on it, once per provider id, in one transaction; false for a
 * repeated delivery (nothing done). The caller announces what was queued after it commits.
 */
export async function receiveText(db: Db, text: InboundText, actions: InboundActions): Promise<boolean> {
  const intent = intentOf(text.body);
  return db.transaction(async (tx) => {
    const proposal = intent === 'yes' ? await lastProposalTo(tx, text.from) : null;
    const visitId = proposal?.visitId ?? (await latestVisitOf(tx, text.from));
    if (!(await storeInbound(tx, text, kindOf(intent, proposal), visitId))) return false;
    const reply = (body: string) =>
      queueReplyText(tx, `text:keyword-reply:${text.sid}`, 'keyword-reply', text.from, body, visitId);
    switch (intent) {
      case 'stop':
        await optOut(tx, text, visitId);
        break;
      case 'start':
        await tx.query('delete from public.text_opt_outs where phone = $1', [text.from]);
        await reply(START_REPLY);
        break;
      case 'help':
        // Conversation, but never to a number that opted out (docs/product/texts.md#consent).
        if (!(await isOptedOut(tx, text.from))) await reply(HELP_REPLY);
        break;
      case 'yes':
        if (proposal && (await actions.confirm(tx, proposal.visitId, proposal.version))) break;
        if (proposal) {
          const key = `text:proposal-changed:${text.sid}`;
          await queueReplyText(tx, key, 'proposal-changed', text.from, PROPOSAL_CHANGED_REPLY, visitId);
        }
        await tellOwner(tx, text, visitId, actions);
        break;
      case 'reply':
        await tellOwner(tx, text, visitId, actions);
        break;
    }
    return true;
  });
}
