-- State of the embedded Stripe emulator, in its own schema: never part of the hosted project's
-- migrations (supabase/migrations). Objects are stored as the JSON the API returns.

create table if not exists emulator_stripe.objects (
  id text primary key,
  object text not null,                 -- 'customer', 'checkout.session', 'subscription', ...
  customer text,                        -- the owning customer, for lists
  email text,                           -- customers' e-mail, for GET /v1/customers?email=
  data jsonb not null,                  -- the object exactly as the API answers it
  private jsonb not null default '{}',  -- emulator-only state (a session's line items, a card's last 4)
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists objects_customer_idx on emulator_stripe.objects (object, customer);
create index if not exists objects_email_idx on emulator_stripe.objects (object, email);

-- Every event, and its delivery to the configured webhook endpoint, in creation order.
create table if not exists emulator_stripe.events (
  seq integer generated always as identity primary key,
  id text not null unique,
  type text not null,
  payload text not null,                -- the exact body signed and sent on every attempt
  delivery_state text not null default 'pending' check (delivery_state in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists events_pending_idx on emulator_stripe.events (seq) where delivery_state = 'pending';

-- Idempotency-Key: the first successful answer, replayed for the same key and parameters.
create table if not exists emulator_stripe.idempotency_keys (
  api_key_hash text not null,           -- a hash of the secret key: keys are scoped per account
  key text not null,
  request_hash text not null,           -- method, path and parameters of the first request
  status integer,                       -- null while the first request is still running
  body text,
  created_at timestamptz not null default now(),
  primary key (api_key_hash, key)
);
