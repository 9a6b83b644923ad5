-- Subscription events of the same second (Stripe's `created` has one-second resolution) are
-- ordered by kind: created, then updated, then deleted. Without this, a `created` delivered after
-- an `updated` of the same second would roll the subscription back (issue 10's shuffle test).
alter table public.subscriptions add column if not exists last_event_rank smallint not null default 0;
