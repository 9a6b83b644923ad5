/**
 * Stored leads (the `leads` table): a lead is written before the visitor gets an answer, then the
 * outbox relays it to the automation tool. Which webhook a kind goes to lives here, once.
 */
import { isDeepStrictEqual } from 'node:util';
import { alertOfEvent, alertOfLead } from '../../../src/features/mail/owner-alerts.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { announceMailQueued } from '../platform/mail.ts';
import { ownerEmails, queueOwnerAlert } from './owner-alerts.ts';

/**
 * What a lead came from: the contact form, a guide download, an Autopilot sign-up form; or an
 * owner event (`order`: a paid booking, a plan started, changed or cancelled, a refund), relayed
 * the same way (docs/product/emails.md#owner-events).
 */
export type LeadKind = 'contact' | 'download' | 'plan-request' | 'order';

/** Every kind, in the order the outbox and the exports list them. */
export const LEAD_KINDS: readonly LeadKind[] = ['contact', 'download', 'plan-request', 'order'];

/**
 * The automation webhook for `kind` (CONTACT_WEBHOOK_URL, ORDER_WEBHOOK_URL for owner events,
 * else LEAD_WEBHOOK_URL), if configured.
 */
export function webhookUrlFor(kind: LeadKind, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const variable =
    kind === 'contact' ? 'CONTACT_WEBHOOK_URL' : kind === 'order' ? 'ORDER_WEBHOOK_URL' : 'LEAD_WEBHOOK_URL';
  return env[variable]?.trim() || undefined;
}

const listeners = new Set<() => void>();

/** Calls `listener` after each stored lead (the outbox wakes at once); returns the unsubscriber. */
export function onLeadStored(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Wakes the outbox, and the mail outbox for the owner's alerts queued beside the events: call after
 * the transaction that stored leads with `queueOwnerEvent` commits.
 */
export function announceLeadsStored(): void {
  for (const listener of listeners) listener();
  announceMailQueued();
}

/** The answer to a key sent again with another submission (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const REUSED_KEY_MESSAGE = 'Idempotency-Key: this key was already used for a different submission';

/** A payload without the server's clock, which differs between a submission and its repeat. */
function submitted(payload: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, ...rest } = payload;
  return rest;
}

/**
 * What a visitor's Idempotency-Key is stored (and relayed) as: after `visitor:`, so it never meets
 * the key of an owner event (`booking-paid:<session>` ...), which queueOwnerEvent stores as it is
 * (docs/product/leads.md#leads).
 */
export function visitorKey(key: string): string {
  return `visitor:${key}`;
}

/**
 * Stores a lead with the exact payload the automation tool will receive. It waits in the outbox
 * ('pending') when its webhook is configured, else stays listed locally ('unconfigured'). With an
 * `idempotencyKey` (one per form submission), a repeat of the same submission stores nothing and
 * returns the first one's id; the same key with other fields is refused with a 422.
 */
export async function storeLead(
  db: Db,
  kind: LeadKind,
  payload: Record<string, unknown>,
  idempotencyKey: string | null = null,
): Promise<string> {
  const state = webhookUrlFor(kind) ? 'pending' : 'unconfigured';
  const key = idempotencyKey === null ? null : visitorKey(idempotencyKey);
  const insert = async (tx: Db) => {
    const [stored] = await tx.query<{ id: string }>(
      `insert into public.leads (kind, payload, delivery_state, idempotency_key) values ($1, $2::jsonb, $3, $4)
       on conflict (idempotency_key) do nothing returning id`,
      [kind, JSON.stringify(payload), state, key],
    );
    if (stored) await queueOwnerAlert(tx, `lead:${stored.id}`, alert);
    return stored;
  };
  // The owner's alert is stored with its lead, or neither (docs/product/emails.md#owner-alerts); a lead
  // with none (a guide download, whose caller may hold a transaction already) is one insert.
  const alert = ownerEmails().length > 0 ? alertOfLead(kind, payload) : null;
  const row = alert ? await db.transaction(insert) : await insert(db);
  if (row) {
    announceLeadsStored();
    return row.id;
  }
  const [first] = await db.query<{ id: string; kind: LeadKind; payload: Record<string, unknown> }>(
    'select id, kind, payload from public.leads where idempotency_key = $1',
    [key],
  );
  if (!first) throw new Error('The lead insert returned no row');
  if (first.kind !== kind || !isDeepStrictEqual(submitted(first.payload), submitted(payload))) {
    throw new HttpError(422, REUSED_KEY_MESSAGE);
  }
  return first.id;
}

/**
 * Stores an owner event for ORDER_WEBHOOK_URL inside the caller's transaction, once per `key`
 * (the event it reports: a repeat stores nothing), and its alert to OWNER_EMAIL under the same key
 * (docs/product/emails.md#owner-alerts). The caller announces them after committing.
 */
export async function queueOwnerEvent(tx: Db, key: string, payload: Record<string, unknown>): Promise<void> {
  await queueOwnerAlert(tx, key, alertOfEvent(payload));
  await tx.query(
    `insert into public.leads (kind, payload, delivery_state, idempotency_key) values ('order', $1::jsonb, $2, $3)
     on conflict (idempotency_key) do nothing`,
    [JSON.stringify(payload), webhookUrlFor('order') ? 'pending' : 'unconfigured', key],
  );
}

/** A stored lead as the local list and the CSV export show it. */
export interface LeadRecord {
  id: string;
  kind: LeadKind;
  payload: Record<string, unknown>;
  delivery_state: 'pending' | 'delivered' | 'unconfigured';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** The Idempotency-Key its form sent (after `visitor:`), or its owner event's key, if any. */
  idempotency_key: string | null;
}

/** A payload value as text: nothing for null, a string as it is, anything else as its JSON. */
export function payloadText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every stored lead, newest first (timestamps as ISO text, the same from either database). */
export function listLeads(db: Db, limit?: number): Promise<LeadRecord[]> {
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
  return db.query<LeadRecord>(
    `select id, kind, payload, delivery_state, attempts, ${iso('next_attempt_at')}, last_error,
            ${iso('delivered_at')}, ${iso('created_at')}, idempotency_key
     from public.leads order by created_at desc, id${limit ? ' limit $1' : ''}`,
    limit ? [limit] : [],
  );
}
