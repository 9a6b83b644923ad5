-- The Idempotency-Key a form sent with a lead (a new one per submission): a double submit or a
-- retried request finds the lead stored the first time instead of storing a second one, and the
-- outbox hands the same key to the automation tool. Leads sent without one (a form posted without
-- JavaScript) keep null, which a unique index does not compare.
alter table public.leads add column if not exists idempotency_key text;
create unique index if not exists leads_idempotency_key_idx on public.leads (idempotency_key);
