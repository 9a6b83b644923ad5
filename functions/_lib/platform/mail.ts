/**
 * Customer e-mails (docs/product/emails.md#e-mails): stored in the mail outbox inside the transaction of
 * their cause, once per event key, then sent by the outbox over SMTP with nodemailer, to SMTP_URL
 * from MAIL_FROM. The embedded default points SMTP_URL at its local SMTP server
 * (server/embedded/mailbox/smtp.ts), so the same code sends in both modes.
 */
import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailContent } from '../../../src/features/mail/compose.ts';
import { unsubscribeHeaders, unsubscribeLinks, withUnsubscribeLine } from '../../../src/features/mail/unsubscribe.ts';
import { publicOrigin } from './config.ts';
import { getDb, type Db } from './db.ts';
import { describe, type OutboxQueue } from './outbox-queue.ts';
import { isUnsubscribed, unsubscribeTokenFor } from './unsubscribes.ts';

/**
 * What the mail outbox sends: the recipient, the message and any extra headers (List-Unsubscribe).
 * Its HTML is drawn from `layout` when it is sent; `html` is that of an e-mail queued before the
 * layout (docs/product/email-layout.md), sent as it was stored.
 */
export interface QueuedMail extends MailContent {
  to: string;
  headers?: Record<string, string>;
  html?: string;
}

/**
 * The HTML of a stored e-mail: drawn by the layout (loaded on the first send: React Email's
 * components take a few hundred milliseconds to load, which no request should wait for), or
 * the HTML it was stored with.
 */
export async function mailHtml(mail: QueuedMail, origin: string = publicOrigin()): Promise<string | undefined> {
  if (mail.layout) {
    const { renderMailHtml } = await loadLayout();
    return renderMailHtml(mail.layout, origin);
  }
  return mail.html;
}

let layout: Promise<typeof import('../../../src/features/mail/layout.ts')> | undefined;

/** The e-mail layout's module, loaded once, on the first e-mail to send. */
function loadLayout(): Promise<typeof import('../../../src/features/mail/layout.ts')> {
  // A failed load is tried again at the next e-mail (the attempt records why it failed).
  layout ??= import('../../../src/features/mail/layout.ts').catch((error: unknown) => {
    layout = undefined;
    throw error;
  });
  return layout;
}

/** The kinds of e-mail: the customer's, and the owner's alerts (docs/product/emails.md#owner-alerts). */
export type MailKind =
  | 'booking-confirmed'
  | 'plan-started'
  | 'plan-changed'
  | 'plan-cancelled'
  | 'plan-resumed'
  | 'plan-payment-failed'
  | 'plan-refunded'
  | 'visit-proposed'
  | 'visit-confirmed'
  | 'visit-moved'
  | 'visit-cancelled'
  | 'visit-report'
  | 'refund-issued'
  | 'guide'
  | 'review-request'
  | 'owner-alert'
  | 'morning-list'
  | 'visit-reminder'
  | 'extras-pay'
  | 'extras-reminder'
  | 'extras-receipt'
  | 'service-due'
  | 'service-due-followup';

const MAIL_KINDS: readonly MailKind[] = [
  'booking-confirmed',
  'plan-started',
  'plan-changed',
  'plan-cancelled',
  'plan-resumed',
  'plan-payment-failed',
  'plan-refunded',
  'visit-proposed',
  'visit-confirmed',
  'visit-moved',
  'visit-cancelled',
  'visit-report',
  'refund-issued',
  'guide',
  'review-request',
  'owner-alert',
  'morning-list',
  'visit-reminder',
  'extras-pay',
  'extras-reminder',
  'extras-receipt',
  'service-due',
  'service-due-followup',
];

/**
 * The marketing e-mails (docs/product/emails.md#transactional-and-marketing-e-mails): each carries an
 * unsubscribe link and the RFC 8058 headers, and none goes to an address that unsubscribed.
 * Every other kind is transactional.
 */
export const MARKETING_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'guide',
  'review-request',
  // A service due again and its follow-up (docs/product/due-again.md#the-reminder-and-the-follow-up).
  'service-due',
  'service-due-followup',
]);

const listeners = new Set<() => void>();

/** Wakes the mail outbox: call after the transaction that queued mail commits. */
export function announceMailQueued(): void {
  for (const listener of listeners) listener();
}

/** SMTP_URL, if configured (the embedded default sets it to its local server). */
export function smtpUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env['SMTP_URL']?.trim() || undefined;
}

/** The sender: MAIL_FROM, else the business's address (the embedded default). */
export function mailFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env['MAIL_FROM']?.trim() || '"Springfield Home Maintenance" <help@springfieldhome.example>';
}

/**
 * Stores an e-mail for sending inside the caller's transaction, once per `key` (the event it is
 * about: a repeat stores nothing). The caller announces it after committing. A marketing e-mail
 * gets its unsubscribe line and headers here, and is not stored for an address that unsubscribed
 * (docs/product/emails.md#unsubscribing): false then.
 */
export async function queueMail(tx: Db, key: string, kind: MailKind, mail: QueuedMail): Promise<boolean> {
  if (MARKETING_KINDS.has(kind)) {
    const token = await unsubscribeTokenFor(tx, mail.to);
    if (!token) return false;
    const links = unsubscribeLinks(publicOrigin(), token);
    mail = {
      ...withUnsubscribeLine(mail, links.page),
      to: mail.to,
      headers: { ...mail.headers, ...unsubscribeHeaders(links.oneClick) },
    };
  }
  await tx.query(
    `insert into public.mail_outbox (kind, payload, delivery_state, idempotency_key) values ($1, $2::jsonb, $3, $4)
     on conflict (idempotency_key) do nothing`,
    [kind, JSON.stringify(mail), smtpUrl() ? 'pending' : 'unconfigured', key],
  );
  return true;
}

/**
 * The Message-ID of an event's e-mail: the same on every attempt, so a receiver (and the local
 * mailbox) can drop the rare repeat of a send whose answer was lost.
 */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

let cached: { url: string; transport: Transporter } | undefined;

function transportFor(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(url) };
  return cached.transport;
}

/**
 * The mail outbox's queue: each e-mail sent over SMTP; an accepted message counts as delivered. A
 * marketing e-mail to an address that unsubscribed after it was queued counts as delivered unsent
 * (docs/product/emails.md#unsubscribing); `db` is where that is looked up (default: the process's).
 */
export function mailQueue(env: NodeJS.ProcessEnv = process.env, db?: Db): OutboxQueue {
  return {
    name: 'Mail outbox',
    table: 'public.mail_outbox',
    configuredKinds: () => (smtpUrl(env) ? [...MAIL_KINDS] : []),
    onStored(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Loaded before the attempt's time limit starts: it is no part of sending.
    async prepare() {
      await loadLayout().catch(() => undefined);
    },
    async deliver(row, signal, stopping) {
      const url = smtpUrl(env);
      if (!url) return { aborted: true };
      const mail = row.payload as QueuedMail;
      if (MARKETING_KINDS.has(row.kind as MailKind) && (await isUnsubscribed(db ?? (await getDb()), mail.to))) {
        return { ok: true };
      }
      const from = mailFrom(env);
      let html: string | undefined;
      try {
        html = await mailHtml(mail, publicOrigin(env));
      } catch (error) {
        return { ok: false, error: `Could not draw the e-mail: ${describe(error)}` };
      }
      const sending = transportFor(url).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(html ? { html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        messageId: messageIdFor(row.idempotency_key ?? row.id, from),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      const aborted = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason as Error);
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
      try {
        await Promise.race([sending, aborted]);
        return { ok: true };
      } catch (error) {
        if (stopping.aborted) return { aborted: true };
        return { ok: false, error: describe(error) };
      } finally {
        sending.catch(() => undefined);
      }
    },
  };
}
