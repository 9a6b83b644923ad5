-- The local mailbox of the embedded default: every e-mail the emulators "send" is stored here and
-- listed at /_dev/mail. Never deployed.

create schema if not exists emulator_mail;

create table if not exists emulator_mail.messages (
  id integer generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  sent_at timestamptz not null
);
create index if not exists messages_to_address_idx on emulator_mail.messages (to_address);
