-- Mail the site sends over SMTP (order confirmations, guides) lands here too, through the local
-- SMTP server: its HTML, its attachments, and its Message-ID, which keeps a resent message out.
alter table emulator_mail.messages add column if not exists html_body text;
alter table emulator_mail.messages add column if not exists attachments jsonb not null default '[]'::jsonb;
alter table emulator_mail.messages add column if not exists message_id text;
create unique index if not exists messages_message_id_idx on emulator_mail.messages (message_id);
