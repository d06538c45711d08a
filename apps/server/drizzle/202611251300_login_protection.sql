-- Failed logins per account (issue 12, decision 0902). One row per failed attempt within the
-- last hour (older rows are pruned on the next attempt for the same address); a row is written
-- before the password is checked, under an advisory lock, so the cap holds under concurrency.
create table login_failures (
  id bigserial primary key,
  email_key text not null,
  ip text not null,
  created_at bigint not null
);
create index login_failures_email on login_failures (email_key, created_at);

-- Addresses an account has logged in from: they stay usable while strangers hit the cap.
create table login_known_addresses (
  email_key text not null,
  ip text not null,
  last_seen_at bigint not null,
  primary key (email_key, ip)
);

-- When the owner was last told about failed attempts (at most one mail a day).
create table login_notices (
  email_key text primary key,
  sent_at bigint not null
);

-- Rate-limit counters shared by every API process (@fastify/rate-limit store).
create table rate_limit_counters (
  key text primary key,
  count integer not null,
  reset_at bigint not null
);
