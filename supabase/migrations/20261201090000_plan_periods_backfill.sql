-- Plans paid before plan visits were records (docs/product/visits.md#plan-visits) have no paid period
-- recorded, so the visit schedule never makes their visits. Each live plan (not a second plan)
-- with none gets its current period, the months its billing period buys, ending where its
-- current period ends: the schedule then makes the visit that period buys. Only plans without any
-- period are touched, and a period already recorded is kept, so running it again changes nothing.
-- Whole seconds, as the card provider's times are (a cast alone would round, not cut).
insert into public.plan_periods (subscription_id, period_start, period_end, months, invoice_id)
select s.id,
       floor(extract(epoch from s.current_period_end - p.length))::bigint,
       floor(extract(epoch from s.current_period_end))::bigint,
       p.months,
       null
from public.subscriptions s
join (values ('monthly', interval '1 month', 1), ('quarterly', interval '3 months', 3), ('annual', interval '1 year', 12))
  as p (billing_period, length, months) on p.billing_period = s.billing_period
where s.status in ('active', 'trialing')
  and s.duplicate_of is null
  and s.current_period_end is not null
  and not exists (select 1 from public.plan_periods pp where pp.subscription_id = s.id)
on conflict (subscription_id, period_start) do nothing;
