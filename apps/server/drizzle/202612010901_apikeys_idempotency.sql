-- Idempotency-Key of /v1 POSTs (decision 1002): the first request with a key takes the row;
-- its successful answer is kept for 24 h and replayed to any retry with the same key.
create table api_idempotency (
  account_id text not null references accounts (id) on delete cascade,
  key text not null,
  fingerprint text not null,
  status_code integer,
  response jsonb,
  created_at bigint not null,
  primary key (account_id, key)
);
create index api_idempotency_age on api_idempotency (created_at);
