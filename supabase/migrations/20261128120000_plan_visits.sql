-- A plan's visits as records (docs/product/visits.md#plan-visits): each whole period paid of a plan, once,
-- and on each plan visit its number within the plan (unique, so nothing is made twice under
-- retries and replays) and its due date.

-- Each whole period paid: the plan, the period (unix seconds), the months it covers, the invoice.
create table if not exists public.plan_periods (
  subscription_id text not null,
  period_start bigint not null,
  period_end bigint not null,
  months integer not null check (months >= 0),
  invoice_id text,
  created_at timestamptz not null default now(),
  primary key (subscription_id, period_start)
);
alter table public.plan_periods enable row level security;

-- A plan visit: its number in the plan (1, 2, ...), its due date (`YYYY-MM-DD`), whether it was
-- cancelled because the plan ends (requested again if the plan is kept), and when the owner was
-- told it is due (visit.due, once).
alter table public.visits add column if not exists plan_visit_no integer check (plan_visit_no > 0);
alter table public.visits add column if not exists due_date text check (due_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
alter table public.visits add column if not exists plan_ending boolean not null default false;
alter table public.visits add column if not exists due_told_at timestamptz;
create unique index if not exists visits_plan_visit_idx on public.visits (subscription_id, plan_visit_no);
create index if not exists visits_due_idx on public.visits (due_date) where due_date is not null;
