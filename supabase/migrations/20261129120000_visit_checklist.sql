-- What a plan visit did (docs/product/visits.md#plan-visits): the checklist items ticked, the filter sizes
-- found and the smoke detectors tested, kept on the visit; the home's filter sizes, as last found,
-- kept on the plan so the next visit brings the right ones.
alter table public.visits add column if not exists checklist jsonb not null default '[]'::jsonb;
alter table public.visits add column if not exists filter_sizes jsonb not null default '[]'::jsonb;
alter table public.visits add column if not exists detectors_tested integer check (detectors_tested between 0 and 50);
alter table public.subscriptions add column if not exists filter_sizes jsonb not null default '[]'::jsonb;
