-- Service due again (docs/product/due-again.md#bringing-customers-back): a booking's visit done
-- records the day its service is due again (docs/product/due-again.md#when-a-service-is-due-again),
-- set only by the visit's 'done' transition; null for a service that does not repeat and for a plan
-- visit.
alter table public.visits add column if not exists due_again text check (due_again ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
create index if not exists visits_due_again_idx on public.visits (due_again) where due_again is not null;

-- The reminder and the one follow-up of a visit due again
-- (docs/product/due-again.md#the-reminder-and-the-follow-up): when each was queued, by the site's
-- clock (the embedded default's clock moves, so the follow-up is timed from this instant, not from
-- the mail outbox row's real time), and what the owner's Due list shows
-- (docs/product/due-again.md#the-owners-list). The e-mails themselves are kept once per visit by the
-- mail outbox keys service-due:<visit> and service-due-followup:<visit>.
create table if not exists public.due_reminders (
  visit_id uuid primary key references public.visits (id),
  reminded_at timestamptz not null,
  followed_up_at timestamptz
);
create index if not exists due_reminders_follow_up_idx on public.due_reminders (reminded_at)
  where followed_up_at is null;
alter table public.due_reminders enable row level security;
