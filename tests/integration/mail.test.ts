/**
 * E-mail through the mail outbox (docs/product/emails.md#e-mails), over real SMTP: nodemailer sends to
 * the embedded default's local SMTP server (smtp-server + mailparser), which files each message in
 * the mailbox. Stored first; while the SMTP server is down nothing is lost and attempts are retried
 * with backoff; one event is one e-mail, even when the same event is queued again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../functions/_lib/platform/db.ts';
import { announceMailQueued, mailQueue, queueMail } from '../../functions/_lib/platform/mail.ts';
import { migrate } from '../../functions/_lib/platform/migrate.ts';
import { startOutbox, type Outbox } from '../../functions/_lib/platform/outbox.ts';
import { openMailbox, type Mailbox } from '../../server/embedded/mailbox/index.ts';
import { startLocalSmtp, type LocalSmtp } from '../../server/embedded/mailbox/smtp.ts';
import { bookingConfirmedMail } from '../../src/features/mail/messages.ts';
import { dropTestDb, openTestDb } from './support/test-db.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

const BOOKING = bookingConfirmedMail({
  name: 'Sam',
  orderNumber: 'ORD-TESTMAIL',
  description: 'Dryer Vent Cleaning',
  serviceName: 'Dryer Vent Cleaning',
  amountCents: 3500,
  visit: {
    street: '1 Test Street',
    city: 'Springfield',
    zip: '65804',
    phone: '(417) 555-0100',
    date: '2026-11-30',
    window: 'morning',
    notes: '',
  },
  siteUrl: 'http://localhost:4321',
});

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the mail outbox over SMTP', { timeout: 120_000 }, () => {
  let dir: string;
  let db: Db;
  let mailbox: Mailbox;
  let smtp: LocalSmtp;
  const env: NodeJS.ProcessEnv = {};
  let outbox: Outbox;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shm-mail-'));
    db = await openTestDb(dir);
    await migrate(db, MIGRATIONS);
    mailbox = await openMailbox(db);
    // Port 0: a free one, so this suite never meets another local server on 1025.
    smtp = await startLocalSmtp((mail) => mailbox.receive(mail), 0);
    env['SMTP_URL'] = smtp.url;
    process.env['SMTP_URL'] = smtp.url;
    outbox = startOutbox({
      db,
      queue: mailQueue(env, db),
      backoff: { baseMs: 20, maxMs: 200 },
      timeoutMs: 5000,
      idlePollMs: 500,
      log: () => {},
    });
  });

  afterAll(async () => {
    await outbox?.stop();
    await smtp?.stop();
    delete process.env['SMTP_URL'];
    await db?.close();
    await dropTestDb(dir);
    await rm(dir, { recursive: true, force: true });
  });

  const state = async (key: string) =>
    (
      await db.query<{ delivery_state: string; attempts: number; last_error: string | null }>(
        'select delivery_state, attempts, last_error from public.mail_outbox where idempotency_key = $1',
        [key],
      )
    )[0];

  test('an e-mail queued in a transaction arrives once, with its HTML and its .ics', async () => {
    await db.transaction((tx) =>
      queueMail(tx, 'booking-confirmed:cs_one', 'booking-confirmed', { to: 'Sam@Example.com', ...BOOKING }),
    );
    // The same event queued again (a replayed webhook) stores nothing.
    await db.transaction((tx) =>
      queueMail(tx, 'booking-confirmed:cs_one', 'booking-confirmed', { to: 'sam@example.com', ...BOOKING }),
    );
    announceMailQueued();
    await waitFor(async () => (await state('booking-confirmed:cs_one'))?.delivery_state === 'delivered', 'delivery');
    const mails = await mailbox.list({ to: 'sam@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(BOOKING.subject);
    expect(mails[0]?.text).toContain('ORD-TESTMAIL');
    expect(mails[0]?.html).toContain('<h1');
    expect(mails[0]?.attachments).toEqual([
      expect.objectContaining({
        filename: 'ORD-TESTMAIL.ics',
        content: expect.stringContaining('BEGIN:VEVENT') as unknown,
      }),
    ]);
    expect(await state('booking-confirmed:cs_one')).toMatchObject({ attempts: 1, last_error: null });
  });

  test('while the SMTP server is down the e-mail waits and is retried; then it arrives once', async () => {
    const port = smtp.port;
    await smtp.stop();
    await db.transaction((tx) => queueMail(tx, 'guide:down', 'guide', { to: 'dana@example.com', ...BOOKING }));
    announceMailQueued();
    await waitFor(async () => ((await state('guide:down'))?.attempts ?? 0) >= 2, 'failed attempts');
    expect(await state('guide:down')).toMatchObject({
      delivery_state: 'pending',
      last_error: expect.any(String) as unknown,
    });
    expect(await mailbox.list({ to: 'dana@example.com' })).toEqual([]);

    smtp = await startLocalSmtp((mail) => mailbox.receive(mail), port);
    await waitFor(async () => (await state('guide:down'))?.delivery_state === 'delivered', 'delivery after recovery');
    expect(await mailbox.list({ to: 'dana@example.com' })).toHaveLength(1);
  });

  test('the same message sent twice (an answer lost after it was accepted) is filed once', async () => {
    const mail = {
      to: ['lee@example.com'],
      subject: 'Once',
      text: 'Once',
      html: null,
      attachments: [],
      messageId: '<same@springfieldhome.example>',
      headers: { Subject: ['Once'] },
    };
    await mailbox.receive(mail);
    await mailbox.receive(mail);
    expect(await mailbox.list({ to: 'lee@example.com' })).toHaveLength(1);
  });
});
