-- Batches of the public API (issue 14, decision 1004). Each photo is a generation row (so it
-- has a status, a position, images and webhooks like any other) plus a batch_items row. Coins
-- are spent once for the batch (`batch:<id>:reserve`) and refunded per item that does not
-- deliver (`gen:<generation id>:refund`).
create table batches (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  status text not null check (status in ('processing', 'done', 'cancelled')),
  total integer not null check (total between 1 and 10000),
  done integer not null default 0,
  failed integer not null default 0,
  reserved integer not null default 0 check (reserved >= 0),
  refunded integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index batches_account on batches (account_id, created_at desc);

create table batch_items (
  batch_id uuid not null references batches (id) on delete cascade,
  idx integer not null,
  generation_id uuid not null unique,
  filename text not null,
  -- the photo as sent, until the item's job has made it an upload
  source_key text,
  upload_id uuid,
  cost integer not null default 0,
  primary key (batch_id, idx)
);
