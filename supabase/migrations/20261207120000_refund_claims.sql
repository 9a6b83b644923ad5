-- A cancellation with a refund claims its booking before the card provider is asked
-- (docs/product/visits.md#refunds): refund_pending marks the claim (it already did, more loosely),
-- refund_claim says who asked, why, and what was refunded before, and refund_claimed_at when, so
-- the cancellation is completed as claimed whatever happens between the refund and its record.
alter table public.orders add column if not exists refund_claim jsonb;
alter table public.orders add column if not exists refund_claimed_at timestamptz;
