-- A second live plan whose cancellation or refund failed is tried again later, with backoff, by
-- the site itself (docs/product/plans.md#one-live-plan-per-customer): how many tries failed, when the
-- next is due and what the card provider answered last. A delivery never fails for another plan.
alter table public.subscriptions add column if not exists settle_attempts integer not null default 0;
alter table public.subscriptions add column if not exists settle_next_at timestamptz;
alter table public.subscriptions add column if not exists settle_error text;
