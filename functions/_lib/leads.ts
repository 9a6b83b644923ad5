/**
 * Stored leads (the `leads` table): a lead is written before the visitor gets an answer, then the
 * outbox relays it to the automation tool. Which webhook a kind goes to lives here, once.
 */
import type { Db } from './db.ts';

/** What a lead came from: the contact form, a guide download, an Autopilot sign-up form. */
export type LeadKind = 'contact' | 'download' | 'plan-request';

/** Every kind, in the order the outbox and the exports list them. */
export const LEAD_KINDS: readonly LeadKind[] = ['contact', 'download', 'plan-request'];

/** The automation webhook for `kind` (CONTACT_WEBHOOK_URL, else LEAD_WEBHOOK_URL), if configured. */
export function webhookUrlFor(kind: LeadKind, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = kind === 'contact' ? env['CONTACT_WEBHOOK_URL'] : env['LEAD_WEBHOOK_URL'];
  return url?.trim() || undefined;
}

const listeners = new Set<() => void>();

/** Calls `listener` after each stored lead (the outbox wakes at once); returns the unsubscriber. */
export function onLeadStored(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stores a lead with the exact payload the automation tool will receive. It waits in the outbox
 * ('pending') when its webhook is configured, else stays listed locally ('unconfigured').
 */
export async function storeLead(db: Db, kind: LeadKind, payload: Record<string, unknown>): Promise<string> {
  const state = webhookUrlFor(kind) ? 'pending' : 'unconfigured';
  const [row] = await db.query<{ id: string }>(
    'insert into public.leads (kind, payload, delivery_state) values ($1, $2::jsonb, $3) returning id',
    [kind, JSON.stringify(payload), state],
  );
  if (!row) throw new Error('The lead insert returned no row');
  for (const listener of listeners) listener();
  return row.id;
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
}

/** Every stored lead, newest first (timestamps as ISO text, the same from either database). */
export function listLeads(db: Db, limit?: number): Promise<LeadRecord[]> {
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
  return db.query<LeadRecord>(
    `select id, kind, payload, delivery_state, attempts, ${iso('next_attempt_at')}, last_error,
            ${iso('delivered_at')}, ${iso('created_at')}
     from public.leads order by created_at desc, id${limit ? ' limit $1' : ''}`,
    limit ? [limit] : [],
  );
}
