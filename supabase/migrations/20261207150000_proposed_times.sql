-- Proposed times (docs/product/visits.md#proposed-times): the owner proposes a start within a
-- requested visit's window and the customer confirms it or asks for another time. A visit holds
-- its standing proposal (the start, when it was sent, when its one reminder went) and the note the
-- customer left when they last asked for another time. Any other change of the visit clears the
-- proposal (functions/_lib/visits/transition.ts).
alter table public.visits add column if not exists proposed_start text
  check (proposed_start ~ '^[0-2][0-9]:[0-5][0-9]$');
alter table public.visits add column if not exists proposed_at timestamptz;
alter table public.visits add column if not exists proposal_reminded_at timestamptz;
alter table public.visits add column if not exists time_note text check (char_length(time_note) <= 500);

-- The schedule's reminder looks for proposals without an answer.
create index if not exists visits_open_proposals on public.visits (proposed_at)
  where proposed_start is not null and proposal_reminded_at is null;
