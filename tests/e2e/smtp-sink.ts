/**
 * A local stand-in for the mail provider (SMTP_URL), on the embedded default's own SMTP server
 * (server/embedded/mailbox/smtp.ts): records every message it accepts, and can hold them (reading a
 * message but never answering it), so a test can stop the site while e-mails are in flight. A held
 * message is never accepted: once released it is refused, as a provider drops a message whose
 * sender went away before the answer.
 */
import { startLocalSmtp, type ReceivedMail } from '../../server/embedded/mailbox/smtp';

/** A running sink. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order (a repeat appears again). */
  accepted: ReceivedMail[];
  /** Every message read while holding. */
  held: ReceivedMail[];
  /** While true, messages are read and recorded in `held`, and not answered. */
  hold: boolean;
  /** Refuses every held message (their senders have gone) and stops holding. */
  release(): void;
  close(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const waiting: (() => void)[] = [];
  const smtp = await startLocalSmtp(async (mail) => {
    if (!sink.hold) {
      sink.accepted.push(mail);
      return;
    }
    sink.held.push(mail);
    await new Promise<void>((resolve) => waiting.push(resolve));
    throw new Error('held, then released: the sender went away');
  }, 0);
  const sink: SmtpSink = {
    url: smtp.url,
    accepted: [],
    held: [],
    hold: false,
    release() {
      sink.hold = false;
      for (const resume of waiting.splice(0)) resume();
    },
    async close() {
      sink.release();
      await smtp.stop();
    },
  };
  return sink;
}
