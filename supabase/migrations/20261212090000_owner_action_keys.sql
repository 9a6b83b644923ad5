-- The owner's visit actions sent with an Idempotency-Key (docs/product/desk.md#owner-api): the
-- offline desk sends each queued action with a key made when the action was made. The first request
-- with a key claims it (status null while it is being answered), then keeps its answer (status and
-- body) for 30 days; the same key again for the same visit and request answers it without acting.
-- `request_hash` is the SHA-256 of the request body, its keys sorted. `visit_id` is the path's id as
-- sent (an unknown one is kept with its 404), so no reference to visits.
create table if not exists public.owner_action_keys (
  key text primary key check (key ~ '^[!-~]{1,255}$'),
  visit_id text not null,
  request_hash text not null,
  status integer check (status between 200 and 499),
  answer jsonb,
  created_at timestamptz not null default now(),
  check ((status is null) = (answer is null))
);
create index if not exists owner_action_keys_created_idx on public.owner_action_keys (created_at);
alter table public.owner_action_keys enable row level security;
