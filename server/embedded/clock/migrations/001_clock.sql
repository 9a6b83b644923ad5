-- The embedded default's one clock: how far POST /_dev/clock has moved it ahead of real time. Kept
-- so a restart resumes where the clock was: the payment emulator's objects and the events the site
-- recorded carry the moved times, and time running backward under them would make a later event
-- look older than an earlier one. Never deployed.

create table if not exists emulator_clock.state (
  id boolean primary key default true check (id),
  offset_ms bigint not null default 0 check (offset_ms >= 0),
  updated_at timestamptz not null default now()
);
