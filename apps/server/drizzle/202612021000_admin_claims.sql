-- A first administrator without editing the environment (issue 20, decision 0910): the server
-- prints a one-time claim link while nobody is an administrator; its opener is recorded here.
create table admin_grants (
  email text primary key,
  granted_at timestamptz not null default now()
);
-- the hash of the one claim link in force (a new start replaces it; using it deletes it)
create table admin_claim_tokens (
  token_hash text primary key,
  created_at timestamptz not null default now()
);
