-- Leads on the owner's desk (docs/product/desk.md#owner-api): each lead's status in the owner's
-- follow-up and a note, changed from the desk. Owner events (kind 'order') keep the defaults.
alter table public.leads add column if not exists status text not null default 'new'
  check (status in ('new', 'contacted', 'won', 'lost'));
alter table public.leads add column if not exists note text not null default '';
alter table public.leads add column if not exists status_changed_at timestamptz;
create index if not exists leads_created_at_idx on public.leads (created_at desc);
