-- Password recovery and reauthentication, as GoTrue keeps them: when each kind of mail last went
-- out (the one-a-minute limit and the links' expiry read it), and their one-time tokens beside
-- the sign-up confirmation's.

alter table emulator_auth.users add column if not exists recovery_sent_at timestamptz;
alter table emulator_auth.users add column if not exists reauthentication_sent_at timestamptz;

alter table emulator_auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table emulator_auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'reauthentication_token'));

-- A token hash is SHA-224 of the address and a six-digit code: two kinds of one user may share
-- one by chance, so it is unique per kind only (GoTrue indexes it without uniqueness).
alter table emulator_auth.one_time_tokens drop constraint if exists one_time_tokens_token_digest_key;
create unique index if not exists one_time_tokens_kind_digest_key
  on emulator_auth.one_time_tokens (token_type, token_digest);
