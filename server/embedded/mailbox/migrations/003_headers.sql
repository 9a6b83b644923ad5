-- Each message's headers, as Mailpit shows them (name -> values, in the order sent), so tests can
-- check List-Unsubscribe and the rest.
alter table emulator_mail.messages add column if not exists headers jsonb not null default '{}'::jsonb;
