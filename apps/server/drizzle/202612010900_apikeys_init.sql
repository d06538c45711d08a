-- API keys of the public API (issue 14, decision 1000). Only the SHA-256 of a key is kept;
-- `prefix` is the part shown in the account page. Use per key and UTC month in
-- api_key_usage (one upsert per request).
create table api_keys (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_account on api_keys (account_id, created_at desc);

create table api_key_usage (
  key_id uuid not null references api_keys (id) on delete cascade,
  month text not null,
  requests integer not null default 0,
  primary key (key_id, month)
);
