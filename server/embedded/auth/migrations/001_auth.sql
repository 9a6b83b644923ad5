-- State of the local Supabase Auth emulator (embedded default only; never deployed). Shaped after
-- GoTrue's auth schema, reduced to what email + password sign-in needs. Ids and times are written
-- by the emulator itself so its injectable clock is the only clock.

create schema if not exists emulator_auth;

-- The ES256 signing key and the refresh-token key: made on first start, kept so tokens survive
-- restarts.
create table if not exists emulator_auth.secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

create table if not exists emulator_auth.users (
  id uuid primary key,
  aud text not null,
  role text not null,
  email text not null,                        -- always stored lower-cased
  encrypted_password text not null,           -- bcrypt, cost 10
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index if not exists users_email_key on emulator_auth.users (email);

create table if not exists emulator_auth.identities (
  id uuid primary key,
  provider_id text not null,
  user_id uuid not null references emulator_auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on emulator_auth.identities (user_id);

create table if not exists emulator_auth.sessions (
  id uuid primary key,
  user_id uuid not null references emulator_auth.users (id) on delete cascade,
  amr jsonb not null,                         -- [{method, timestamp}] for the token's amr claim
  user_agent text,
  ip text,
  refreshed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists sessions_user_id_idx on emulator_auth.sessions (user_id);

-- One row per refresh token of a session (its "family"). Only a digest of each token is kept; the
-- token itself is an HMAC of the row id, so the active one can be handed out again (parent-of-active
-- exception) without storing it.
create table if not exists emulator_auth.refresh_tokens (
  id uuid primary key,
  token_digest text not null unique,
  parent_digest text,
  session_id uuid not null references emulator_auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists refresh_tokens_session_id_idx on emulator_auth.refresh_tokens (session_id);

-- Links sent by mail (sign-up confirmation): a digest of the link's token, one live link per user
-- and kind, as GoTrue keeps it.
create table if not exists emulator_auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references emulator_auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation_token')),
  token_digest text not null unique,
  relates_to text not null,
  created_at timestamptz not null,
  unique (user_id, token_type)
);
