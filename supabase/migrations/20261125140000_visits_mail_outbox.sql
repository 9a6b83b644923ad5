-- Bookings carry their visit, and e-mails and owner events leave through outboxes
-- (docs/product/services.md#visit-details, docs/product/emails.md#e-mails).

-- The visit of a booked service (address, phone, preferred day and window, notes) and who booked
-- it, as the booking card sent them; never read for the price.
alter table public.orders add column if not exists visit jsonb;
alter table public.orders add column if not exists customer_name text;
alter table public.orders add column if not exists customer_email text;

-- Owner events (paid booking, plan started, changed or cancelled, refund) are relayed like leads,
-- to ORDER_WEBHOOK_URL, each stored once under its event's key.
alter table public.leads drop constraint if exists leads_kind_check;
alter table public.leads add constraint leads_kind_check
  check (kind in ('contact', 'download', 'plan-request', 'order'));

-- E-mails to customers: stored in the transaction of their cause, sent by the mail outbox over
-- SMTP with retries and backoff; `idempotency_key` is the event's key, so one event is one e-mail.
create table if not exists public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null,
  delivery_state text not null default 'pending' check (delivery_state in ('pending', 'delivered', 'unconfigured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  idempotency_key text not null unique
);
create index if not exists mail_outbox_pending_idx on public.mail_outbox (next_attempt_at)
  where delivery_state = 'pending';
alter table public.mail_outbox enable row level security;
