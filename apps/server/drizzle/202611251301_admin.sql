-- Admin console (issue 12, decision 0904): every admin action, and blocked accounts.
create table admin_actions (
  id bigserial primary key,
  admin_email text not null,
  action text not null,
  target text,
  detail jsonb,
  created_at bigint not null
);
create index admin_actions_recent on admin_actions (created_at desc);

create table account_blocks (
  account_id text primary key references accounts (id),
  blocked_by text not null,
  reason text not null,
  blocked_at bigint not null
);
