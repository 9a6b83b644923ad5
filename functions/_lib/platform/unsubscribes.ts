/**
 * Who unsubscribed from marketing e-mails (docs/product/emails.md#unsubscribing): one random,
 * unguessable token per address (32 random bytes, base64url) in `mail_unsubscribes`, the key of
 * its one-click link; no shared secret signs anything. mail.ts asks here when it queues a marketing
 * e-mail and again when it sends one; functions/unsubscribe.ts records the unsubscribe.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

/** The address as stored: trimmed, lower-cased. */
export function normalizeAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The token of `email`'s unsubscribe link, made on first use; null when the address has
 * unsubscribed (it gets no marketing e-mail, docs/product/emails.md#unsubscribing).
 */
export async function unsubscribeTokenFor(tx: Db, email: string): Promise<string | null> {
  const address = normalizeAddress(email);
  if (!address) return null;
  await tx.query(`insert into public.mail_unsubscribes (email, token) values ($1, $2) on conflict (email) do nothing`, [
    address,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await tx.query<{ token: string; unsubscribed_at: Date | null }>(
    'select token, unsubscribed_at from public.mail_unsubscribes where email = $1',
    [address],
  );
  return row && row.unsubscribed_at === null ? row.token : null;
}

/** Whether `email` has unsubscribed from marketing e-mails. */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db.query(
    'select 1 from public.mail_unsubscribes where email = $1 and unsubscribed_at is not null',
    [normalizeAddress(email)],
  );
  return row !== undefined;
}

/** The address of a token, and whether it has unsubscribed; null for a token that is not ours. */
export async function findUnsubscribe(db: Db, token: string): Promise<{ email: string; unsubscribed: boolean } | null> {
  const [row] = await db.query<{ email: string; unsubscribed_at: Date | null }>(
    'select email, unsubscribed_at from public.mail_unsubscribes where token = $1',
    [token],
  );
  return row ? { email: row.email, unsubscribed: row.unsubscribed_at !== null } : null;
}

/** Unsubscribes the token's address (again is fine); its address, or null for a token that is not ours. */
export async function unsubscribe(db: Db, token: string): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(
    `update public.mail_unsubscribes set unsubscribed_at = coalesce(unsubscribed_at, now()) where token = $1
     returning email`,
    [token],
  );
  return row?.email ?? null;
}
