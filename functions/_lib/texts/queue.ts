/**
 * Storing texts (docs/product/texts.md#texts-in-production-and-in-the-embedded-default): each text
 * is stored in the texts outbox inside the transaction of its cause, once per event key, and sent
 * by the outbox (sender.ts). A visit's text is stored only with a standing consent for the visit's
 * phone and never to a number that opted out (docs/product/texts.md#consent); in quiet hours it
 * waits until 8 AM (docs/product/texts.md#quiet-hours). Nothing is stored while texts are off.
 */
import { textSendAt } from '../../../src/features/texts/quiet-hours.ts';
import { now } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { toE164 } from './phone.ts';

/** The texts about a visit (docs/product/texts.md#what-is-texted). */
export type VisitTextKind =
  | 'booking-received'
  | 'visit-proposed'
  | 'visit-confirmed'
  | 'visit-moved'
  | 'visit-reminder'
  | 'on-my-way'
  | 'visit-done'
  | 'extras-pay';

/** Conversation: the answers to a keyword, the owner's replies, a 'Y' to a proposal that changed. */
export type ReplyTextKind = 'keyword-reply' | 'owner-reply' | 'proposal-changed';

/** Every kind the texts outbox sends. */
export const TEXT_KINDS: readonly (VisitTextKind | ReplyTextKind)[] = [
  'booking-received',
  'visit-proposed',
  'visit-confirmed',
  'visit-moved',
  'visit-reminder',
  'on-my-way',
  'visit-done',
  'extras-pay',
  'keyword-reply',
  'owner-reply',
  'proposal-changed',
];

/** What became of a text asked for: stored, already stored for its key, or why not. */
export type QueueResult = 'queued' | 'repeat' | 'no consent' | 'opted out' | 'off';

/** What a stored text carries: the number, the whole text sent, and its sentence without the prefix. */
export interface QueuedText {
  to: string;
  body: string;
  /** The bare sentence, to write the first text's form at send time if an earlier text was never sent. */
  text: string;
}

/** The first text to a number names the business and says how to stop (docs/product/texts.md#consent). */
export const FIRST_PREFIX = 'Springfield Home Maintenance: ';
export const FIRST_SUFFIX = ' Reply STOP to stop, HELP for help.';
/** Every later text. */
export const LATER_PREFIX = 'Springfield Home: ';

/** The kinds sent at any hour: 'On my way' and the answers to a keyword (docs/product/texts.md#quiet-hours). */
const ANY_HOUR: ReadonlySet<string> = new Set(['on-my-way', 'keyword-reply']);

const listeners = new Set<() => void>();

/** Wakes the texts outbox: call after the transaction that queued a text commits. */
export function announceTextQueued(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to announceTextQueued (the texts outbox, sender.ts); returns the unsubscriber. */
export function onTextQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/**
 * Whether texts are on: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or
 * TWILIO_MESSAGING_SERVICE_SID set (the embedded default sets them to its stand-in).
 */
export function textsConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(
    setting(env, 'TWILIO_ACCOUNT_SID') &&
    setting(env, 'TWILIO_AUTH_TOKEN') &&
    (setting(env, 'TWILIO_FROM') || setting(env, 'TWILIO_MESSAGING_SERVICE_SID')),
  );
}

/** Whether `phone` (E.164) opted out of texts (docs/product/texts.md#stop-help-and-start). */
export async function isOptedOut(db: Db, phone: string): Promise<boolean> {
  const rows = await db.query('select 1 from public.text_opt_outs where phone = $1', [phone]);
  return rows.length > 0;
}

/**
 * The whole text: the first to a number 'Springfield Home Maintenance: <text> Reply STOP to stop,
 * HELP for help.', a later one 'Springfield Home: <text>'. A text that already names the business
 * (the keyword answers' own wording) is sent as it is.
 */
export function withPrefix(text: string, first: boolean): string {
  if (text.startsWith('Springfield Home')) return text;
  return first ? `${FIRST_PREFIX}${text}${FIRST_SUFFIX}` : `${LATER_PREFIX}${text}`;
}

/**
 * Whether a text to `phone` would be the first: none was sent to it, and none waits to be sent
 * (a text queued before this one goes first, texts to one number going in the order made).
 */
export async function isFirstText(db: Db, phone: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from public.text_messages where phone = $1 and direction = 'outbound'
     union all
     select 1 from public.text_outbox where phone = $1 and delivery_state = 'pending'
     limit 1`,
    [phone],
  );
  return rows.length === 0;
}

async function keyTaken(tx: Db, key: string): Promise<boolean> {
  const rows = await tx.query('select 1 from public.text_outbox where idempotency_key = $1', [key]);
  return rows.length > 0;
}

interface TextRow {
  key: string;
  kind: string;
  phone: string;
  text: string;
  visitId: string | null;
  visitVersion: number | null;
}

/** Stores one text, due now or at 8 AM in quiet hours; 'repeat' when its key was stored before. */
async function store(tx: Db, row: TextRow): Promise<'queued' | 'repeat'> {
  const at = now();
  const due = ANY_HOUR.has(row.kind) ? at : textSendAt(at);
  const body = withPrefix(row.text, await isFirstText(tx, row.phone));
  const payload: QueuedText = { to: row.phone, body, text: row.text };
  // created_at by clock_timestamp(): texts made in one transaction keep the order they were made in.
  const stored = await tx.query(
    `insert into public.text_outbox
       (kind, payload, idempotency_key, phone, visit_id, visit_version, next_attempt_at, created_at)
     values ($1, $2::jsonb, $3, $4, $5, $6, $7, clock_timestamp())
     on conflict (idempotency_key) do nothing
     returning id`,
    [row.kind, JSON.stringify(payload), row.key, row.phone, row.visitId, row.visitVersion, due.toISOString()],
  );
  return stored.length > 0 ? 'queued' : 'repeat';
}

interface VisitForText {
  phone: string;
  calendar_sequence: number;
  order_id: string | number | null;
  subscription_id: string | null;
  user_id: string;
}

/**
 * Stores a text about a visit inside the caller's transaction, once per `key`; the caller
 * announces it after committing. `text` is the bare sentence (src/features/texts/messages.ts);
 * the prefix is added here. Stored only when texts are on ('off'), the visit's booking or plan
 * recorded a consent still standing for the visit's phone ('no consent'), and that number has not
 * opted out ('opted out'). The text carries the visit's version: if the visit changes before it
 * goes, it is stale and not sent.
 */
export async function queueVisitText(
  tx: Db,
  key: string,
  kind: VisitTextKind,
  visitId: string,
  text: string,
): Promise<QueueResult> {
  if (!textsConfigured()) return 'off';
  if (await keyTaken(tx, key)) return 'repeat';
  const consented = await consentedVisit(tx, visitId);
  if (!consented) return 'no consent';
  if (await isOptedOut(tx, consented.phone)) return 'opted out';
  const { phone, version } = consented;
  return store(tx, { key, kind, phone, text, visitId, visitVersion: version });
}

/**
 * The visit's phone (E.164) and version when its booking or plan recorded a consent still standing
 * for that phone (docs/product/texts.md#consent), else null. The sender asks again before a send.
 */
export async function consentedVisit(db: Db, visitId: string): Promise<{ phone: string; version: number } | null> {
  const [visit] = await db.query<VisitForText>(
    'select phone, calendar_sequence, order_id, subscription_id, user_id from public.visits where id = $1',
    [visitId],
  );
  if (!visit) throw new Error(`No visit ${visitId} to text about`);
  const phone = toE164(visit.phone);
  if (!phone) return null;
  const consents = await db.query(
    `select 1 from public.text_consents
     where ended_at is null and phone = $1
       and ((order_id is not null and order_id = $2::bigint) or ($3::boolean and plan_user_id = $4::uuid))
     limit 1`,
    [phone, visit.order_id, visit.subscription_id !== null, visit.user_id],
  );
  return consents.length > 0 ? { phone, version: visit.calendar_sequence } : null;
}

/**
 * Stores a conversational text to `to` (E.164) inside the caller's transaction, once per `key`:
 * no consent needed, but never to a number that opted out, the one confirmation of the opt-out
 * apart ('keyword-reply' is always stored, and goes at any hour). The owner's replies and the
 * answer to a 'Y' whose proposal changed wait for 8 AM in quiet hours.
 */
export async function queueReplyText(
  tx: Db,
  key: string,
  kind: ReplyTextKind,
  to: string,
  text: string,
  visitId: string | null = null,
): Promise<QueueResult> {
  if (!textsConfigured()) return 'off';
  if (await keyTaken(tx, key)) return 'repeat';
  if (kind !== 'keyword-reply' && (await isOptedOut(tx, to))) return 'opted out';
  return store(tx, { key, kind, phone: to, text, visitId, visitVersion: null });
}
