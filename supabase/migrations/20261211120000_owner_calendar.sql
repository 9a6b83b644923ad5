-- The owner's calendar feed (docs/product/calendar-feed.md#the-link): one link for the business, its
-- token 32 random bytes in base64url, the whole authority of `GET /api/calendar?t=<token>`. One row
-- at most (`id` is always true); a new link replaces the token, so the old one is refused at once.
-- Kept as it is, not hashed: the desk shows the link again whenever the owner asks.
create table if not exists public.owner_calendar (
  id boolean primary key default true check (id),
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{43,}$'),
  created_at timestamptz not null default now()
);
alter table public.owner_calendar enable row level security;
