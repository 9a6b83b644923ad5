/** What the emulators send as e-mail, and the port they send it through (the local mailbox). */
import type { Db } from '../../functions/_lib/platform/db.ts';

/** One plain-text e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Delivers mail. `db` is the sender's open transaction, so a mail is kept only if its cause is. */
export interface Mailer {
  send(mail: Mail, db: Db): Promise<void>;
}
