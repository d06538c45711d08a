-- Webhooks (issue 14, decision 1003): endpoints per account, one delivery per (endpoint, event)
-- and every attempt of it with the receiver's answer. Deliveries are pg-boss jobs on the same
-- database (`webhook.deliver`), queued in the transaction that records the event.
create table webhook_endpoints (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  url text not null,
  -- kept in clear: the server signs with it (like Stripe's whsec_)
  secret text not null,
  events text[] not null,
  created_at timestamptz not null default now()
);
create index webhook_endpoints_account on webhook_endpoints (account_id);

create table webhook_deliveries (
  id uuid primary key,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  account_id text not null,
  event_id uuid not null,
  event_type text not null,
  payload text not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  created_at timestamptz not null default now(),
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);

create table webhook_attempts (
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  n integer not null,
  at timestamptz not null default now(),
  response_status integer,
  -- the first 2 KB of the receiver's answer, or why there was none
  response_body text,
  error text,
  duration_ms integer not null,
  primary key (delivery_id, n)
);
