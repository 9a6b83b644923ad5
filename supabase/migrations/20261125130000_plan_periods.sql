-- Plans sold in three billing periods, one live plan per customer, and the visit details a plan
-- carries (docs/product/plans.md#plans).

-- What a subscription is paid in: its period, what one period costs, and when we first saw it.
alter table public.subscriptions add column if not exists billing_period text
  check (billing_period in ('monthly', 'quarterly', 'annual'));
alter table public.subscriptions add column if not exists price_cents integer check (price_cents >= 0);
alter table public.subscriptions add column if not exists currency text;
alter table public.subscriptions add column if not exists created_at timestamptz not null default now();

-- A second subscription that became live while the customer already had a live plan (two
-- checkouts paid in a race): the plan it duplicates, and its cancellation and refund, which the
-- webhook handler carries out after recording it ('pending' until the card provider has done both).
alter table public.subscriptions add column if not exists duplicate_of text;
alter table public.subscriptions add column if not exists refund_state text
  check (refund_state in ('pending', 'done'));
alter table public.subscriptions add column if not exists refunded_cents integer check (refunded_cents >= 0);
alter table public.subscriptions add column if not exists refund_ids text[] not null default '{}';
alter table public.subscriptions add column if not exists refunded_at timestamptz;
create index if not exists subscriptions_refund_pending_idx on public.subscriptions (refund_state)
  where refund_state = 'pending';

-- The subscription a paid subscription order started, and orders refunded in full.
alter table public.orders add column if not exists subscription_id text;
create index if not exists orders_subscription_id_idx on public.orders (subscription_id);
alter table public.orders drop constraint if exists orders_status_check;
alter table public.orders add constraint orders_status_check
  check (status in ('pending', 'paid', 'expired', 'refunded'));

-- Where and when to visit for a customer's plan: from the plan request it was bought with, and
-- editable from the account page. One row per customer, as a customer has one live plan.
create table if not exists public.plan_details (
  user_id uuid primary key,
  full_name text not null,
  phone text not null,
  street text not null,
  city text not null,
  state text not null,
  zip text not null,
  preferred_day text not null default '' check (preferred_day in ('', 'weekdays', 'evenings', 'weekends')),
  instructions text not null default '',
  plan_request_id uuid,                      -- the plan-request lead it came from, if any
  updated_at timestamptz not null default now()
);
alter table public.plan_details enable row level security;
