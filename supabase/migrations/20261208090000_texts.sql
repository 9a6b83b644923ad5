-- Texts (docs/product/texts.md): the consents customers gave (with the wording, page and time),
-- the numbers that opted out, every text sent or received, and the texts outbox (the columns of
-- mail_outbox, plus the number and the visit a text is about, for the stale check and the desk).
-- Phone numbers are E.164 ('+14175550142').

-- A consent: for a booking (order_id) or for every visit of a customer's plan (plan_user_id),
-- until ended (a later plan details without the box ticked ends the plan's).
create table if not exists public.text_consents (
  id uuid primary key default gen_random_uuid(),
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email text not null default '',
  user_id uuid,
  order_id bigint references public.orders (id),
  plan_user_id uuid,
  wording text not null,
  page text not null,
  given_at timestamptz not null default now(),
  ended_at timestamptz,
  check ((order_id is null) <> (plan_user_id is null))
);
create index if not exists text_consents_order_idx on public.text_consents (order_id) where order_id is not null;
create index if not exists text_consents_plan_idx on public.text_consents (plan_user_id)
  where plan_user_id is not null and ended_at is null;
alter table public.text_consents enable row level security;

-- A number that opted out (STOP and its kin, or the provider's 21610): nothing more is sent to it
-- until START removes the row.
create table if not exists public.text_opt_outs (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  word text not null,
  opted_out_at timestamptz not null default now()
);
alter table public.text_opt_outs enable row level security;

-- Every text in and out, with the visit it belongs to (the number's latest visit for an inbound
-- one), for the desk's thread. An outbound text is written when the outbox hands it to the
-- provider (provider_sid its id there).
create table if not exists public.text_messages (
  id uuid primary key default gen_random_uuid(),
  phone text not null,
  direction text not null check (direction in ('outbound', 'inbound')),
  body text not null,
  kind text not null,
  visit_id uuid references public.visits (id),
  provider_sid text unique,
  created_at timestamptz not null default now()
);
create index if not exists text_messages_phone_idx on public.text_messages (phone, created_at);
create index if not exists text_messages_visit_idx on public.text_messages (visit_id, created_at);
alter table public.text_messages enable row level security;

-- The texts outbox (platform/outbox.ts relays it). A text about a visit carries the visit's
-- version (calendar_sequence) when it was made: a text whose visit has changed since is stale and
-- is not sent. `outcome` says what became of a delivered row: 'sent', or why it was not
-- ('stale', 'opted out', 'no consent'). `send_started_at` is when an attempt last began handing
-- the text to the provider: a later attempt first asks the provider whether that one got through
-- (a process killed mid-send), so no text is sent twice.
create table if not exists public.text_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null,
  delivery_state text not null default 'pending' check (delivery_state in ('pending', 'delivered', 'unconfigured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  idempotency_key text not null unique,
  phone text not null,
  visit_id uuid references public.visits (id),
  visit_version integer,
  outcome text,
  provider_sid text,
  send_started_at timestamptz
);
create index if not exists text_outbox_pending_idx on public.text_outbox (next_attempt_at)
  where delivery_state = 'pending';
create index if not exists text_outbox_visit_idx on public.text_outbox (visit_id, created_at);
alter table public.text_outbox enable row level security;
