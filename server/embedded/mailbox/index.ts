/**
 * The local mailbox of the embedded default, like Supabase's local Mailpit: every mail the
 * emulators send is stored in the database (schema `emulator_mail`) and listed at /_dev/mail
 * (HTML) and /_dev/mail.json or /_dev/mail?format=json (JSON, for tests), each with its headers as
 * Mailpit shows them (name -> values). /_dev/mail/<id>.html serves a message's own HTML, which the
 * page shows in a sandboxed frame as a 390 px phone would (docs/product/email-layout.md#the-local-mailbox).
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { handler, HttpError, isUnstorableText, json, type Handler } from '../../../functions/_lib/platform/http.ts';
import { devPageCsp, devPageResponse } from '../dev-page.ts';
import type { Mail, Mailer } from '../mail.ts';
import { migrateEmulatorSchema } from '../schema.ts';
import { linksIn, renderMailboxPage, type StoredAttachment, type StoredMail } from './page.ts';
import type { MailHeaders, ReceivedMail } from './smtp.ts';

export type { StoredMail } from './page.ts';

/** Stores mail and lists it. */
export interface Mailbox extends Mailer {
  /** Mails newest first, optionally only those to one address. */
  list(filter?: { to?: string; limit?: number }): Promise<StoredMail[]>;
  /** GET handler for /_dev/mail and /_dev/mail.json. */
  handler: Handler;
  /** GET handler for /_dev/mail/<id>.html (a `pattern` route, `/_dev/mail/:message`): the message's HTML. */
  messageHtml: Handler;
  /** Stores a message received by the local SMTP server; a Message-ID already stored is dropped. */
  receive(mail: ReceivedMail): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const DEV_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

interface MessageRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: StoredAttachment[];
  headers: MailHeaders;
  sent_at: Date;
}

/**
 * The policy of a message's HTML: the mail's inline styles and its images (the house mark, from
 * the site), nothing else, no script, and framed only by the mailbox page; its links open as new
 * tabs (the page's frame lets it open them, and nothing else).
 */
export const MESSAGE_HTML_CSP = [
  "default-src 'none'",
  'img-src * data:',
  "style-src 'unsafe-inline'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** The mailbox page's policy: the dev pages' own, and its frames of the messages' HTML. */
export const MAILBOX_PAGE_CSP = `${devPageCsp()}; frame-src 'self'`;

/** The message id of `/_dev/mail/<id>.html`; a clear 400 for anything else. */
function parseMessageFile(file: string | undefined): number {
  const match = /^(\d{1,9})\.html$/.exec(file ?? '');
  if (!match) throw new HttpError(400, 'A message is named by its number: /_dev/mail/<number>.html');
  return Number(match[1]);
}

/**
 * A mail's HTML as the mailbox page frames it: its links open as new tabs (an address framed
 * there would refuse to be framed), through a `<base>` put first in its head.
 */
export function framedHtml(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

function parseLimit(value: string | null): number {
  if (value === null) return 50;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new HttpError(400, 'limit must be a whole number from 1 to 200');
  }
  return limit;
}

/** Opens the mailbox in `db` (applying its migrations); `now` stamps the mails. */
export async function openMailbox(db: Db, now: () => number = Date.now): Promise<Mailbox> {
  await migrateEmulatorSchema(db, 'emulator_mail', MIGRATIONS);

  async function list({ to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
    const rows = await db.query<MessageRow>(
      `select id, to_address, subject, text_body, html_body, attachments, headers, sent_at from emulator_mail.messages
        where $1::text is null or to_address = $1 order by sent_at desc, id desc limit $2`,
      [to?.toLowerCase() ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attachments: row.attachments,
      headers: row.headers,
      links: linksIn(row.text_body),
      sentAt: row.sent_at.toISOString(),
    }));
  }

  return {
    async send(mail: Mail, tx: Db) {
      await tx.query(
        'insert into emulator_mail.messages (to_address, subject, text_body, headers, sent_at) values ($1, $2, $3, $4::jsonb, $5)',
        [
          mail.to.toLowerCase(),
          mail.subject,
          mail.text,
          // The emulators' own mails are not sent over SMTP: the headers they would carry.
          JSON.stringify({ To: [mail.to], Subject: [mail.subject], 'Content-Type': ['text/plain; charset=utf-8'] }),
          new Date(now()),
        ],
      );
    },
    list,
    async receive(mail: ReceivedMail) {
      for (const to of mail.to) {
        await db.query(
          `insert into emulator_mail.messages (to_address, subject, text_body, html_body, attachments, message_id, headers, sent_at)
           values ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8) on conflict (message_id) do nothing`,
          [
            to.toLowerCase(),
            mail.subject,
            mail.text,
            mail.html,
            JSON.stringify(mail.attachments),
            mail.messageId ? `${mail.messageId} ${to.toLowerCase()}` : null,
            JSON.stringify(mail.headers),
            new Date(now()),
          ],
        );
      }
    },
    handler: handler(['GET', 'HEAD'], async (req) => {
      const url = new URL(req.url);
      const to = url.searchParams.get('to') ?? undefined;
      if (to !== undefined && isUnstorableText(to)) throw new HttpError(400, 'to must not contain NUL characters');
      const messages = await list({ ...(to ? { to } : {}), limit: parseLimit(url.searchParams.get('limit')) });
      if (url.pathname.endsWith('.json') || url.searchParams.get('format') === 'json') {
        return json({ messages }, 200, DEV_HEADERS);
      }
      const page = devPageResponse(renderMailboxPage(messages));
      page.headers.set('Content-Security-Policy', MAILBOX_PAGE_CSP);
      return page;
    }),
    messageHtml: handler(['GET', 'HEAD'], async (req, context) => {
      const id = parseMessageFile(context.params?.['message'] ?? new URL(req.url).pathname.split('/').pop());
      const [row] = await db.query<{ html_body: string | null }>(
        'select html_body from emulator_mail.messages where id = $1',
        [id],
      );
      if (!row) throw new HttpError(404, `No message ${id} in the mailbox`);
      if (row.html_body === null) throw new HttpError(404, `Message ${id} has no HTML: it is plain text only`);
      return new Response(framedHtml(row.html_body), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': MESSAGE_HTML_CSP,
          // For browsers that predate frame-ancestors (the functions' answers say DENY).
          'X-Frame-Options': 'SAMEORIGIN',
          'Referrer-Policy': 'no-referrer',
          ...DEV_HEADERS,
        },
      });
    }),
  };
}
