-- The admin API (admin.ts): a ban set by `ban_duration`, as GoTrue keeps it on the user.

alter table emulator_auth.users add column if not exists banned_until timestamptz;
