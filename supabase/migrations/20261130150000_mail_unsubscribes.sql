-- Unsubscribing from marketing e-mails (docs/product/emails.md#unsubscribing): one random, unguessable
-- token per address (lower-cased), the key of its one-click link; `unsubscribed_at` set by a POST
-- to that link. An address with it set gets no marketing e-mail again (the review request, the guide).
create table if not exists public.mail_unsubscribes (
  email text primary key check (email = lower(email) and email <> ''),
  token text not null unique check (length(token) >= 32),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.mail_unsubscribes enable row level security;
