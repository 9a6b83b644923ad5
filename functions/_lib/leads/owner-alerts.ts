/**
 * The owner's alerts by e-mail (docs/product/emails.md#owner-alerts): queued in the mail outbox inside the
 * transaction of their cause, under `owner-alert:<the event's key>`, to every address of
 * OWNER_EMAIL; nothing without it.
 */
import { ownerAlertMail, type OwnerAlert } from '../../../src/features/mail/owner-alerts.ts';
import { publicOrigin } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { queueMail } from '../platform/mail.ts';

/** The addresses of OWNER_EMAIL (comma-separated), none when unset. */
export function ownerEmails(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env['OWNER_EMAIL'] ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

/** Queues `alert` for the owner inside the caller's transaction, once per `key`; the caller announces it. */
export async function queueOwnerAlert(tx: Db, key: string, alert: OwnerAlert | null): Promise<void> {
  const to = ownerEmails();
  if (!alert || to.length === 0) return;
  await queueMail(tx, `owner-alert:${key}`, 'owner-alert', {
    to: to.join(', '),
    ...ownerAlertMail(alert, publicOrigin()),
  });
}
