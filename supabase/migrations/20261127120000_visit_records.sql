-- Visits as records, their history, the owner's settings and closed days, and what was refunded
-- of an order (docs/product/visits.md#visits, docs/product/visits.md#capacity-and-closed-days).

-- One visit per paid booking (and, later, per plan visit): a snapshot of where and when, its
-- status, the confirmed time (Springfield wall-clock `HH:MM`, empty until confirmed), the notes.
-- Days are `YYYY-MM-DD` text, so both engines read them back the same way.
create table if not exists public.visits (
  id uuid primary key default gen_random_uuid(),
  order_id bigint unique references public.orders (id),
  subscription_id text,
  user_id uuid not null,
  customer_name text,
  customer_email text not null default '',
  phone text not null,
  street text not null,
  city text not null,
  zip text not null,
  service text not null,                       -- serviceType, or a plan's tier
  options jsonb not null default '{}'::jsonb,
  day text not null check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  time_window text not null check (time_window in ('morning', 'afternoon', 'saturday')),
  start_time text check (start_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  end_time text check (end_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  status text not null default 'requested'
    check (status in ('requested', 'confirmed', 'done', 'no-show', 'cancelled')),
  notes text not null default '',              -- the customer's, from the booking
  tech_notes text not null default '',         -- the owner's, for the technician
  completion_note text,
  completed_at timestamptz,
  over_capacity boolean not null default false, -- paid for a window already full: the owner moves it
  calendar_sequence integer not null default 0, -- the .ics SEQUENCE of the customer's calendar entry
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists visits_day_idx on public.visits (day, time_window);
create index if not exists visits_user_idx on public.visits (user_id);

-- Who changed what, when: every change to a visit, with the fields before and after.
create table if not exists public.visit_events (
  id bigint generated always as identity primary key,
  visit_id uuid not null references public.visits (id),
  actor text not null,                         -- 'customer', 'owner:<e-mail>', 'provider', 'site'
  action text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index if not exists visit_events_visit_idx on public.visit_events (visit_id, at);

-- The owner's settings (visits per window), one row per key.
create table if not exists public.owner_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Days the owner closed, with the reason shown to customers; holidays come from the library.
create table if not exists public.closed_days (
  day text primary key check (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  reason text not null,
  created_by text not null,
  created_at timestamptz not null default now()
);

-- How much of an order the card provider has refunded (a refund made anywhere), the payment it
-- refunds (a booking's checkout payment), and a refund the owner's desk has asked for and not yet
-- recorded, so the provider's event for it does not tell the customer a second time.
alter table public.orders add column if not exists refunded_cents integer not null default 0
  check (refunded_cents >= 0);
alter table public.orders add column if not exists payment_intent text;
alter table public.orders add column if not exists refund_pending boolean not null default false;
create index if not exists orders_payment_intent_idx on public.orders (payment_intent);

-- Bookings paid before visits were records get theirs: requested, or cancelled when refunded.
insert into public.visits (order_id, user_id, customer_name, customer_email, phone, street, city, zip, service,
                           options, day, time_window, notes, status, created_at)
select o.id, o.user_id, o.customer_name, coalesce(o.customer_email, ''), o.visit ->> 'phone',
       o.visit ->> 'street', o.visit ->> 'city', o.visit ->> 'zip', o.item, o.options, o.visit ->> 'date',
       o.visit ->> 'window', coalesce(o.visit ->> 'notes', ''),
       case when o.status = 'refunded' then 'cancelled' else 'requested' end, o.updated_at
from public.orders o
where o.kind = 'service' and o.status in ('paid', 'refunded') and o.visit is not null
  and o.visit ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
  and o.visit ->> 'window' in ('morning', 'afternoon', 'saturday')
on conflict (order_id) do nothing;

insert into public.visit_events (visit_id, actor, action, after)
select v.id, 'site', 'created', jsonb_build_object('status', v.status, 'day', v.day, 'window', v.time_window)
from public.visits v
where not exists (select 1 from public.visit_events e where e.visit_id = v.id);

alter table public.visits enable row level security;
alter table public.visit_events enable row level security;
alter table public.owner_settings enable row level security;
alter table public.closed_days enable row level security;
