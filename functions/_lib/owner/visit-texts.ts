/**
 * The owner's texts (docs/product/texts.md#on-my-way, docs/product/texts.md#the-owners-texts): whether
 * each visit can be texted, 'On my way' (the text queued at any hour and the history's `on my way`
 * with the minutes, or a 409 in the product's words and nothing recorded), and a visit's thread:
 * every text to and from its number, newest first, with the owner's reply through the same outbox.
 */
import { randomUUID } from 'node:crypto';
import { onMyWayText } from '../../../src/features/texts/messages.ts';
import type { OwnerVisit, VisitTextable } from '../../../src/features/visits/owner-api.ts';
import type { OwnerText, OwnerTextsAnswer } from '../../../src/features/visits/owner-api.ts';
import { businessToday } from '../../../src/lib/dates.ts';
import { now } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { toE164 } from '../texts/phone.ts';
import { queueReplyText, queueVisitText, textsConfigured, type QueueResult } from '../texts/queue.ts';
import { findVisit, type VisitWithOrder } from '../visits/store.ts';
import { transition, type Actor } from '../visits/transition.ts';

interface TextableRow {
  id: string;
  phone: string;
  order_id: string | number | null;
  subscription_id: string | null;
  user_id: string | null;
}

/**
 * Whether each of `visits` can be texted (docs/product/texts.md#consent): 'off' while texts are not
 * configured; else 'no consent' unless its booking or plan recorded a consent still standing for
 * the visit's phone (as queueVisitText checks it), 'opted out' when that number opted out.
 */
export async function withTextable<T extends OwnerVisit>(db: Db, visits: readonly T[]): Promise<T[]> {
  if (!textsConfigured() || visits.length === 0) return visits.map((visit) => ({ ...visit, textable: 'off' }));
  const rows = await db.query<TextableRow>(
    'select id, phone, order_id, subscription_id, user_id from public.visits where id = any($1::uuid[])',
    [visits.map((visit) => visit.id)],
  );
  const phones = new Map(rows.map((row) => [row.id, toE164(row.phone)]));
  const numbers = [...new Set([...phones.values()].filter((phone): phone is string => phone !== null))];
  const [consents, optOuts] = await Promise.all([
    db.query<{ phone: string; order_id: string | null; plan_user_id: string | null }>(
      `select phone, order_id::text as order_id, plan_user_id::text as plan_user_id from public.text_consents
       where ended_at is null and phone = any($1::text[])`,
      [numbers],
    ),
    db.query<{ phone: string }>('select phone from public.text_opt_outs where phone = any($1::text[])', [numbers]),
  ]);
  const optedOut = new Set(optOuts.map((row) => row.phone));
  const textable = (row: TextableRow | undefined): VisitTextable => {
    const phone = row ? phones.get(row.id) : null;
    if (!row || !phone) return 'no consent';
    const consented = consents.some(
      (c) =>
        c.phone === phone &&
        ((c.order_id !== null && row.order_id !== null && c.order_id === String(row.order_id)) ||
          (row.subscription_id !== null && c.plan_user_id !== null && c.plan_user_id === row.user_id)),
    );
    if (!consented) return 'no consent';
    return optedOut.has(phone) ? 'opted out' : 'yes';
  };
  return visits.map((visit) => ({ ...visit, textable: textable(rows.find((row) => row.id === visit.id)) }));
}

/** The customer as the refusals name them: the name, else the e-mail. */
function customerOf(row: VisitWithOrder): string {
  return row.customer_name?.trim() || row.customer_email;
}

/** Why a text to this visit's customer was not queued, in the product's words; null when it was. */
function notTexted(result: QueueResult, row: VisitWithOrder): string | null {
  switch (result) {
    case 'no consent':
      return `No text consent: call ${row.phone}.`;
    case 'opted out':
      return `${customerOf(row)} opted out of texts: call ${row.phone}.`;
    case 'off':
      return `Texts are off: call ${row.phone}.`;
    default:
      return null;
  }
}

/** What 'On my way' is refused for a visit that is not one of today's confirmed ones. */
export const ON_MY_WAY_TODAY_ONLY = "On my way is for today's confirmed visits.";

/**
 * 'On my way' (docs/product/texts.md#on-my-way): on a visit confirmed for today, queues the text
 * with the minutes (sent at any hour) and records `on my way` with them in the history, in one
 * transaction; refused with 409 and the reason (no consent, opted out, texts off, not today's
 * confirmed visit) with nothing recorded. The caller announces the text once committed.
 */
export async function onMyWay(db: Db, id: string, minutes: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findVisit(tx, id, true);
    if (row.status !== 'confirmed' || row.day !== businessToday(now())) throw new HttpError(409, ON_MY_WAY_TODAY_ONLY);
    const presses = await tx.query("select 1 from public.visit_events where visit_id = $1 and action = 'on my way'", [
      id,
    ]);
    const key = `on-my-way:${id}:${presses.length + 1}`;
    // Checked before anything is written: a refusal leaves the visit and its history as they were.
    const refused = notTexted(await queueVisitText(tx, key, 'on-my-way', id, onMyWayText(minutes)), row);
    if (refused) throw new HttpError(409, refused);
    await transition(tx, row, 'on my way', actor, {}, { recorded: { minutes } });
  });
}

interface OutboxRow {
  id: string;
  payload: { body?: string; text?: string };
  delivery_state: string;
  outcome: string | null;
  next_attempt_at: Date;
  created_at: Date;
}

/** Why a text was not sent, in the desk's words (the outbox's `outcome`). */
const NOT_SENT_REASONS: Readonly<Record<string, string>> = {
  stale: 'the visit changed since',
  'opted out': 'the number opted out',
  'no consent': 'no text consent',
};

/** One outbound text of the outbox as the desk shows it. */
function outboundText(row: OutboxRow): OwnerText {
  const base = {
    id: row.id,
    direction: 'outbound' as const,
    body: row.payload.body ?? row.payload.text ?? '',
    at: new Date(row.created_at).toISOString(),
  };
  if (row.delivery_state === 'pending') {
    return { ...base, state: 'waiting', sendAt: new Date(row.next_attempt_at).toISOString() };
  }
  if (row.delivery_state === 'unconfigured') return { ...base, state: 'not sent', reason: 'texts are off' };
  if (row.outcome === null || row.outcome === 'sent') return { ...base, state: 'sent' };
  return { ...base, state: 'not sent', reason: NOT_SENT_REASONS[row.outcome] ?? row.outcome };
}

const OUTBOX_COLUMNS = 'id, payload, delivery_state, outcome, next_attempt_at, created_at';

/** The visit's number in E.164, or null when it is not one texts can reach. */
async function visitPhone(db: Db, id: string): Promise<{ row: VisitWithOrder; phone: string | null }> {
  const row = await findVisit(db, id);
  return { row, phone: toE164(row.phone) };
}

/**
 * A visit's texts (docs/product/texts.md#the-owners-texts): every text to and from its number,
 * newest first (at most 200), and whether the number opted out. 404 for an unknown visit.
 */
export async function visitTexts(db: Db, id: string): Promise<OwnerTextsAnswer> {
  const { phone } = await visitPhone(db, id);
  if (!phone) return { texts: [], optedOut: false };
  const [outbound, inbound, optOut] = await Promise.all([
    db.query<OutboxRow>(
      `select ${OUTBOX_COLUMNS} from public.text_outbox where phone = $1 order by created_at desc limit 200`,
      [phone],
    ),
    db.query<{ id: string; body: string; created_at: Date }>(
      `select id, body, created_at from public.text_messages where phone = $1 and direction = 'inbound'
       order by created_at desc limit 200`,
      [phone],
    ),
    db.query('select 1 from public.text_opt_outs where phone = $1', [phone]),
  ]);
  const texts: OwnerText[] = [
    ...outbound.map(outboundText),
    ...inbound.map((row) => ({
      id: row.id,
      direction: 'inbound' as const,
      body: row.body,
      at: new Date(row.created_at).toISOString(),
      state: 'received' as const,
    })),
  ];
  texts.sort((a, b) => b.at.localeCompare(a.at));
  return { texts: texts.slice(0, 200), optedOut: optOut.length > 0 };
}

/**
 * The owner's reply to a visit's customer (docs/product/texts.md#the-owners-texts), through the
 * texts outbox (waiting for 8 AM in quiet hours), once per `requestKey` (the request's
 * Idempotency-Key, when it has one): 409 when the number opted out, texts are off, or the visit's
 * phone is not a number texts reach. Resolves with the text as stored; the caller announces it.
 */
export async function replyToVisit(db: Db, id: string, body: string, requestKey: string | null): Promise<OwnerText> {
  const key = `owner-reply:${id}:${requestKey ?? randomUUID()}`;
  return db.transaction(async (tx) => {
    const { row, phone } = await visitPhone(tx, id);
    if (!phone) throw new HttpError(409, `${row.phone} is not a number texts can reach: call instead.`);
    const refused = notTexted(await queueReplyText(tx, key, 'owner-reply', phone, body, id), row);
    if (refused) throw new HttpError(409, refused);
    const [stored] = await tx.query<OutboxRow>(
      `select ${OUTBOX_COLUMNS} from public.text_outbox where idempotency_key = $1`,
      [key],
    );
    if (!stored) throw new Error(`The reply ${key} was not stored`);
    return outboundText(stored);
  });
}
