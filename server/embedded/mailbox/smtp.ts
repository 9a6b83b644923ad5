/**
 * The embedded default's SMTP server, as Mailpit is for Supabase's local stack: the site's own
 * mail code (nodemailer, functions/_lib/platform/mail.ts) sends to it exactly as to a provider, and each
 * message, parsed with mailparser, lands in the local mailbox beside the auth e-mails. Loopback
 * only, no authentication and no TLS: it never relays anything anywhere.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { StoredAttachment } from './page.ts';

/** One parsed message, as the mailbox stores it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
  messageId: string | null;
  /** The headers as sent, name -> values (unfolded), as Mailpit lists them. */
  headers: MailHeaders;
}

/** A message's headers: each name as sent, with its values in order. */
export type MailHeaders = Record<string, string[]>;

/** The headers of raw header lines ("Name: value", possibly folded), as Mailpit lists them. */
export function headersOf(lines: readonly { line: string }[]): MailHeaders {
  const headers: MailHeaders = {};
  for (const { line } of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    (headers[name] ??= []).push(value);
  }
  return headers;
}

/** A running local SMTP server. */
export interface LocalSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The port Mailpit listens on, which this server takes when it is free. */
export const DEFAULT_SMTP_PORT = 1025;

/** The largest message accepted (10 MB): a guide PDF fits many times over. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // smtp-server re-emits its socket's errors on itself; unheard, one would end the process.
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      server.on('error', (error: Error) => console.warn(`Local SMTP server: ${error.message}`));
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the SMTP server on 127.0.0.1, on `port` (default 1025), or on a free port when that one
 * is taken (another local server, a test run beside this one). `deliver` stores each message; a
 * failure there answers the sender with an error, so its outbox tries again.
 */
export async function startLocalSmtp(
  deliver: (mail: ReceivedMail) => Promise<void>,
  port: number = DEFAULT_SMTP_PORT,
): Promise<LocalSmtp> {
  const host = '127.0.0.1';
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: MAX_MESSAGE_BYTES,
      logger: false,
      banner: 'Springfield Home Maintenance local mailbox',
      onData(stream, session, callback) {
        simpleParser(stream)
          .then(async (parsed) => {
            const rcpt = session.envelope.rcptTo.map((r) => r.address);
            await deliver({
              to: rcpt,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? 'attachment',
                contentType: a.contentType,
                size: a.size,
                // Text (a calendar file) is kept readable; anything else as base64.
                content: a.contentType.startsWith('text/') ? a.content.toString('utf8') : a.content.toString('base64'),
              })),
              messageId: parsed.messageId ?? null,
              headers: headersOf(parsed.headerLines),
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });
  let server = create();
  let bound: number;
  try {
    bound = await listen(server, port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    server = create();
    bound = await listen(server, 0, host);
  }
  return {
    url: `smtp://${host}:${bound}`,
    port: bound,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
