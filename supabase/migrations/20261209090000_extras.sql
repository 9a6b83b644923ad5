-- Extras found at the door and tips (docs/product/extras.md): a visit's pay requests, and the
-- orders that pay them (kind 'extras').

-- One pay request per charge: its lines as priced from the catalogue, the extras' total, the tip
-- once paid, and its own order number (the e-mail's, /pay's and the paid order's). created_at is
-- the site clock's (the reminder counts 2 days from it, and the embedded clock moves).
create table if not exists public.pay_requests (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id),
  order_number text not null unique,
  status text not null default 'unpaid' check (status in ('unpaid', 'paid', 'cancelled')),
  items jsonb not null,
  amount_cents integer not null check (amount_cents > 0),
  tip_cents integer not null default 0 check (tip_cents >= 0),
  note text,
  created_by text not null,
  created_at timestamptz not null,
  paid_at timestamptz,
  cancelled_at timestamptz,
  reminded_at timestamptz,
  -- The order that paid it, once paid.
  order_id bigint references public.orders (id),
  -- The newest checkout started from its link: a new one expires it (an old tab cannot pay).
  checkout_session_id text
);
-- At most one open pay request per visit.
create unique index if not exists pay_requests_one_open on public.pay_requests (visit_id) where status = 'unpaid';
create index if not exists pay_requests_visit_idx on public.pay_requests (visit_id, created_at);

alter table public.orders drop constraint if exists orders_kind_check;
alter table public.orders add constraint orders_kind_check check (kind in ('service', 'subscription', 'extras'));
alter table public.orders add column if not exists pay_request_id uuid references public.pay_requests (id);
alter table public.orders add column if not exists tip_cents integer not null default 0 check (tip_cents >= 0);
create index if not exists orders_pay_request_idx on public.orders (pay_request_id);
