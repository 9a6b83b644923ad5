-- The product's own tables (DESIGN.md "Data"). Only our functions touch them: row-level security
-- is on and no policy grants anything to the anon or authenticated roles.

create table if not exists public.customers (
  user_id uuid primary key,
  email text not null,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now()
);

create table if not exists public.subscriptions (
  id text primary key,                        -- the card provider's subscription id (sub_...)
  user_id uuid not null,
  stripe_customer_id text not null,
  tier text not null check (tier in ('lite', 'full')),
  status text not null,                       -- active, trialing, past_due, canceled, ...
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  -- `created` of the newest event applied, so an older event delivered late changes nothing.
  last_event_created bigint not null default 0,
  updated_at timestamptz not null default now()
);
create index if not exists subscriptions_user_id_idx on public.subscriptions (user_id);

create table if not exists public.orders (
  id bigint generated always as identity primary key,
  checkout_session_id text not null unique,
  order_number text not null,
  user_id uuid not null,
  kind text not null check (kind in ('service', 'subscription')),
  item text not null,                         -- serviceType or planType
  options jsonb not null default '{}'::jsonb,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'usd',
  status text not null default 'pending' check (status in ('pending', 'paid', 'expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists orders_user_id_idx on public.orders (user_id);
create index if not exists orders_order_number_idx on public.orders (order_number);

create table if not exists public.leads (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'download', 'plan-request')),
  payload jsonb not null,
  delivery_state text not null default 'pending' check (delivery_state in ('pending', 'delivered', 'unconfigured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists leads_pending_idx on public.leads (next_attempt_at) where delivery_state = 'pending';

create table if not exists public.stripe_events (
  id text primary key,                        -- evt_...
  type text not null,
  processed_at timestamptz not null default now()
);

alter table public.customers enable row level security;
alter table public.subscriptions enable row level security;
alter table public.orders enable row level security;
alter table public.leads enable row level security;
alter table public.stripe_events enable row level security;
