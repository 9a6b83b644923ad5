-- The embedded default's text-message stand-in (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
-- every text the site sent through it and every reply typed at /_dev/sms, kept with the data, so
-- they survive a restart. Never deployed.

create schema if not exists emulator_sms;

create table if not exists emulator_sms.messages (
  id integer generated always as identity primary key,
  sid text not null unique,
  account_sid text not null,
  direction text not null check (direction in ('outbound', 'inbound')),
  to_number text not null,
  from_number text not null,
  body text not null,
  num_segments integer not null,
  messaging_service_sid text,
  -- An inbound text: the status the site's webhook answered its delivery with (null: unreachable).
  webhook_status integer,
  created_at timestamptz not null
);
create index if not exists messages_numbers_idx on emulator_sms.messages (to_number, from_number);
